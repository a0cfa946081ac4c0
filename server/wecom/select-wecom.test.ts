// Which WeCom runs: the real adapter with every setting, the sandbox with none, a start-up error with
// half; production refuses to start without the real one (server/main.ts prints the line).
import { describe, expect, it } from 'vitest'
import { WECOM_SSO_PAGE } from './qyapi'
import { wecomFromEnv, wecomKind, wecomRefusal } from './select-wecom'

const REAL = { WECOM_CORP_ID: 'ww0123456789abcdef', WECOM_AGENT_ID: '1000005', WECOM_SECRET: 'secret-value' }
const deps = { fetch: (() => Promise.reject(new Error('no network in this test'))) as typeof fetch, clock: () => 0 }

describe('selecting the WeCom adapter', () => {
  it('none set: the sandbox, whose login page is this server’s', () => {
    expect(wecomKind({})).toBe('sandbox')
    const s = wecomFromEnv({}, deps)
    expect(s.sandbox).toBeDefined()
    expect(new URL(s.port.ssoUrl('s', 'http://127.0.0.1:8080')).pathname).toBe('/oauth-local/wecom/wwlogin/sso/login')
  })

  it('all set: the real adapter and WeCom’s page, no sandbox; the public origin names the callback', () => {
    const s = wecomFromEnv({ ...REAL, WECOM_CORP_NAME: '某某证券', WECOM_REDIRECT_ORIGIN: 'https://www.gmh.cn/' }, deps)
    expect(s.sandbox).toBeUndefined()
    expect(s.port.corpName).toBe('某某证券')
    const u = new URL(s.port.ssoUrl('s', 'http://127.0.0.1:8080'))
    expect(u.origin + u.pathname).toBe(WECOM_SSO_PAGE)
    expect(u.searchParams.get('redirect_uri')).toBe('https://www.gmh.cn/oauth/wecom/callback')
    expect(u.searchParams.get('appid')).toBe(REAL.WECOM_CORP_ID)
  })

  it('half set is a start-up error naming what is missing', () => {
    expect(() => wecomKind({ WECOM_CORP_ID: 'ww1', WECOM_SECRET: ' ' })).toThrow('missing WECOM_AGENT_ID, WECOM_SECRET')
  })

  it('production refuses to start without the real adapter; local mode never does', () => {
    expect(wecomRefusal({ NODE_ENV: 'production' })).toBe('production mode needs the real WeCom adapter; missing: WECOM_CORP_ID, WECOM_AGENT_ID, WECOM_SECRET')
    expect(wecomRefusal({ NODE_ENV: 'production', ...REAL })).toBeNull()
    expect(wecomRefusal({})).toBeNull()
  })
})

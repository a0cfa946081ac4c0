import { describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES } from '../../../core/accounts/limits'
import { UPSTREAM_MESSAGES } from '../ports'
import { wechatOpen, WECHAT_CALLBACK_PATH } from './wechat-open'

const cfg = { appId: 'wx0123456789abcdef', secret: 'app-secret-value' }
function fakeFetch(answers: Record<string, unknown>) {
  const urls: string[] = []
  const f = (async (url: string) => {
    urls.push(url)
    const path = new URL(url).pathname
    const a = answers[path]
    if (a instanceof Error) throw a
    return new Response(JSON.stringify(a ?? {}), { status: 200 })
  }) as unknown as typeof fetch
  return { f, urls }
}

describe('WeChat website login adapter', () => {
  it('builds the qrconnect URL with the callback as redirect_uri', () => {
    const url = wechatOpen(cfg, { fetch: fakeFetch({}).f }).qrUrl('a'.repeat(32), 'https://gmh.example.com')
    const u = new URL(url)
    expect(u.origin + u.pathname).toBe('https://open.weixin.qq.com/connect/qrconnect')
    expect(u.hash).toBe('#wechat_redirect')
    expect(Object.fromEntries(u.searchParams)).toEqual({
      appid: cfg.appId,
      redirect_uri: `https://gmh.example.com${WECHAT_CALLBACK_PATH}`,
      response_type: 'code',
      scope: 'snsapi_login',
      state: 'a'.repeat(32),
    })
    expect(new URL(wechatOpen({ ...cfg, publicOrigin: 'https://www.gmh.cn' }, { fetch: fakeFetch({}).f }).qrUrl('s', 'http://127.0.0.1')).searchParams.get('redirect_uri')).toBe(
      `https://www.gmh.cn${WECHAT_CALLBACK_PATH}`,
    )
  })

  it('exchanges the code: access_token then userinfo, exact queries', async () => {
    const { f, urls } = fakeFetch({
      '/sns/oauth2/access_token': { access_token: 'AT', expires_in: 7200, refresh_token: 'RT', openid: 'oOPENID', scope: 'snsapi_login', unionid: 'U' },
      '/sns/userinfo': { openid: 'oOPENID', nickname: '  老王 ', headimgurl: 'http://thirdwx.qlogo.cn/x/132', unionid: 'U' },
    })
    const profile = await wechatOpen(cfg, { fetch: f }).exchange('CODE1')
    expect(profile).toEqual({ openid: 'oOPENID', nick: '老王', avatar: 'https://thirdwx.qlogo.cn/x/132' })
    const [a, b] = urls.map((u) => new URL(u))
    expect(a!.origin + a!.pathname).toBe('https://api.weixin.qq.com/sns/oauth2/access_token')
    expect(Object.fromEntries(a!.searchParams)).toEqual({ appid: cfg.appId, secret: cfg.secret, code: 'CODE1', grant_type: 'authorization_code' })
    expect(b!.origin + b!.pathname).toBe('https://api.weixin.qq.com/sns/userinfo')
    expect(Object.fromEntries(b!.searchParams)).toEqual({ access_token: 'AT', openid: 'oOPENID' })
  })

  it('a bad or used code is the "scan again" message (400); other errcodes and outages a clear 502', async () => {
    const used = fakeFetch({ '/sns/oauth2/access_token': { errcode: 40163, errmsg: 'code been used' } })
    await expect(wechatOpen(cfg, { fetch: used.f }).exchange('C')).rejects.toMatchObject({ status: 400, message: ACCOUNT_MESSAGES.wechatCodeInvalid })
    const secret = fakeFetch({ '/sns/oauth2/access_token': { errcode: 40125, errmsg: 'invalid appsecret' } })
    const e = await wechatOpen(cfg, { fetch: secret.f }).exchange('C').catch((x) => x)
    expect(e).toMatchObject({ status: 502, message: UPSTREAM_MESSAGES.wechat })
    expect(e.message).not.toContain('appsecret')
    const down = fakeFetch({ '/sns/oauth2/access_token': new TypeError('fetch failed') })
    await expect(wechatOpen(cfg, { fetch: down.f }).exchange('C')).rejects.toMatchObject({ status: 502, message: UPSTREAM_MESSAGES.wechat })
    const noInfo = fakeFetch({ '/sns/oauth2/access_token': { access_token: 'AT', openid: 'o1' }, '/sns/userinfo': { errcode: 40001, errmsg: 'x' } })
    await expect(wechatOpen(cfg, { fetch: noInfo.f }).exchange('C')).rejects.toMatchObject({ status: 502 })
  })

  it('falls back to 微信用户 and no avatar when userinfo has none', async () => {
    const { f } = fakeFetch({ '/sns/oauth2/access_token': { access_token: 'AT', openid: 'o1' }, '/sns/userinfo': { openid: 'o1', nickname: '', headimgurl: 'javascript:x' } })
    expect(await wechatOpen(cfg, { fetch: f }).exchange('C')).toEqual({ openid: 'o1', nick: '微信用户', avatar: '' })
  })
})

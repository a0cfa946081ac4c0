import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createActor, fromPromise } from 'xstate'
import { expectToBeIn, getCoveragePaths, measureCoverage } from '../testing/model-coverage'
import { wecomLoginKind } from './wecom'
import { wecomSignInMachine, type WecomSignInAction } from './wecom-sign-in.machine'

const member = { userid: 'LiuMin', name: '刘敏', position: '高级投资顾问', avatar: '' }
const events = [
  { type: 'xstate.done.actor.startSignIn', output: { url: 'https://login.work.weixin.qq.com/wwlogin/sso/login?state=s' } },
  { type: 'xstate.error.actor.startSignIn', error: { message: '请求过于频繁，请稍后再试' } },
  { type: 'xstate.done.actor.spendCode', output: { action: 'registered', member } },
  { type: 'xstate.error.actor.spendCode', error: { message: '企业微信授权已失效，请重新登录' } },
] as never

describe('wecomSignInMachine — model', () => {
  it('reaches every state and takes every transition over its two starts (a plain visit, a return with a code)', () => {
    const m = wecomSignInMachine.provide({ actions: { goTo: () => {}, signedIn: () => {} } })
    const plain = getCoveragePaths(m, { input: { code: null, kind: 'sso' }, events })
    const back = getCoveragePaths(m, { input: { code: 'abc', kind: 'oauth2' }, events })
    // each start replays from its own input; what one start cannot reach the other must
    const a = measureCoverage(m, plain, { input: { code: null, kind: 'sso' } })
    const b = measureCoverage(m, back, { input: { code: 'abc', kind: 'oauth2' } })
    expect(a.states.missed.filter((x) => b.states.missed.includes(x))).toEqual([])
    expect(a.transitions.missed.filter((x) => b.transitions.missed.includes(x))).toEqual([])
    expect(b.transitions.missed.length).toBeGreaterThan(0) // neither start alone covers it all
  })
})

const tick = () => new Promise((r) => setTimeout(r, 0))

function harness(input: { code: string | null; kind: 'sso' | 'oauth2' }, opts: { start?: () => Promise<{ url: string }>; spend?: () => Promise<{ action: WecomSignInAction; member: typeof member }> } = {}) {
  const went: string[] = []
  const spent: string[] = []
  const asked: string[] = []
  let signedIn = 0
  const actor = createActor(
    wecomSignInMachine.provide({
      actors: {
        startSignIn: fromPromise<{ url: string }, { kind: 'sso' | 'oauth2' }>(async ({ input: i }) => {
          asked.push(i.kind)
          return (opts.start ?? (async () => ({ url: `https://wecom.example/${i.kind}` })))()
        }),
        spendCode: fromPromise<{ action: WecomSignInAction; member: typeof member }, { code: string }>(async ({ input: i }) => {
          spent.push(i.code)
          return (opts.spend ?? (async () => ({ action: 'registered' as const, member })))()
        }),
      },
      actions: {
        goTo: (_, params) => void went.push(params.url),
        signedIn: () => void (signedIn += 1),
      },
    }),
    { input },
  ).start()
  return { actor, went, spent, asked, signedIn: () => signedIn }
}

describe('wecomSignInMachine — behaviour', () => {
  it('企业微信登录 asks where WeCom’s page is (SSO in a browser) and goes there', async () => {
    const h = harness({ code: null, kind: 'sso' })
    expectToBeIn(h.actor, 'idle')
    h.actor.send({ type: 'signIn.start' })
    await tick()
    expect(h.asked).toEqual(['sso'])
    expect(h.went).toEqual(['https://wecom.example/sso'])
    expectToBeIn(h.actor, 'leaving')
  })

  it('back with a code: it is spent at once, then the session is checked again', async () => {
    const h = harness({ code: 'CODE1', kind: 'sso' })
    await tick()
    expect(h.spent).toEqual(['CODE1'])
    expectToBeIn(h.actor, 'signedIn')
    expect(h.signedIn()).toBe(1)
    expect(h.actor.getSnapshot().context.done).toEqual({ action: 'registered', member })
  })

  it('a refused code shows the server’s message and 企业微信登录 starts again (OAuth2 inside WeCom)', async () => {
    const h = harness({ code: 'used', kind: 'oauth2' }, { spend: () => Promise.reject({ message: '企业微信授权已失效，请重新登录' }) })
    await tick()
    expectToBeIn(h.actor, 'failed')
    expect(h.actor.getSnapshot().context.error).toBe('企业微信授权已失效，请重新登录')
    expect(h.signedIn()).toBe(0)
    h.actor.send({ type: 'signIn.start' })
    await tick()
    expect(h.asked).toEqual(['oauth2'])
    expectToBeIn(h.actor, 'leaving')
  })

  it('a failed start says why and stays on the page', async () => {
    const h = harness({ code: null, kind: 'sso' }, { start: () => Promise.reject(new Error('请求过于频繁，请稍后再试')) })
    h.actor.send({ type: 'signIn.start' })
    await tick()
    expectToBeIn(h.actor, 'failed')
    expect(h.went).toEqual([])
    expect(h.actor.getSnapshot().context.error).toBe('请求过于频繁，请稍后再试')
  })
})

describe('wecomLoginKind', () => {
  it('WeCom’s in-app browser takes OAuth2; WeChat and every other browser the SSO QR page', () => {
    expect(wecomLoginKind('Mozilla/5.0 (iPhone) AppleWebKit/605 wxwork/4.1.16 MicroMessenger/7.0.1 Language/zh')).toBe('oauth2')
    expect(wecomLoginKind('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toBe('sso')
    expect(wecomLoginKind('Mozilla/5.0 (Linux; Android 13) MicroMessenger/8.0.40')).toBe('sso')
    fc.assert(fc.property(fc.string(), (ua) => wecomLoginKind(ua) === (/\bwxwork\//i.test(ua) ? 'oauth2' : 'sso')))
  })
})

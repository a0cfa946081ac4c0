import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { LoginInfo } from '../api/accounts'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { loginInfoFixture } from '../testing/login-info'
import { sessionMachine, withMember } from './session.machine'
import fc from 'fast-check'
import { fakeTimersPerTest } from '../testing/fake-timers'

const info = (over: Partial<LoginInfo> = {}): LoginInfo =>
  loginInfoFixture({ kyc: { certification: true, svipInvestor: false }, account: { coin: 120 }, ...over })

fakeTimersPerTest({ beforeEach, afterEach, vi })

describe('sessionMachine — model', () => {
  const events = [
    { type: 'login.open', request: { tab: 'password' } },
    { type: 'login.done', info: info() },
    { type: 'info.update', info: info({ nick: '新名字' }) },
    { type: 'kyc.changed', kyc: { svipInvestor: true } },
    { type: 'coin.changed', coin: 20 },
    { type: 'follow.change', set: 'users', id: 3, on: true },
    { type: 'follow.change', set: 'subjects', id: 4, on: true },
    { type: 'follow.change', set: 'stocks', id: 'HK00700', on: true },
    { type: 'xstate.done.actor.loadLoginInfo', output: info() },
    { type: 'xstate.error.actor.loadLoginInfo', error: new Error('请先登录') },
    { type: 'xstate.done.actor.loadFollows', output: [11, 12] },
    { type: 'xstate.error.actor.loadFollows', error: new Error('网络异常') },
    { type: 'xstate.done.actor.loadSubjectFollows', output: [21] },
    { type: 'xstate.error.actor.loadSubjectFollows', error: new Error('网络异常') },
    { type: 'xstate.done.actor.loadStockFollows', output: ['USAAPL'] },
    { type: 'xstate.error.actor.loadStockFollows', error: new Error('网络异常') },
    { type: 'xstate.done.actor.logout', output: true },
    { type: 'xstate.error.actor.logout', error: new Error('网络异常') },
  ] as never
  // the follow sets grow without bound under repeated events: tell snapshots apart by state and
  // by which parts of the context are filled, which is what the transitions depend on
  const paths = getCoveragePaths(sessionMachine, {
    events,
    serializeSnapshot: (s) =>
      JSON.stringify([s.value, !!s.context.info, s.context.login !== null, s.context.userIds.length > 0, s.context.subjectIds.length > 0, s.context.stockIds.length > 0]),
  })

  it('reaches every state and takes every transition', () => {
    expectFullCoverage(sessionMachine, paths)
  })

  it('a real actor (provided actors never settling) follows every path to the same state', () => {
    for (const path of paths) {
      const actor = createActor(
        sessionMachine.provide({
          actors: {
            loadLoginInfo: fromPromise(() => new Promise<LoginInfo>(() => {})),
            loadFollows: fromPromise(() => new Promise<readonly number[]>(() => {})),
            loadSubjectFollows: fromPromise(() => new Promise<readonly number[]>(() => {})),
            loadStockFollows: fromPromise(() => new Promise<readonly string[]>(() => {})),
            logout: fromPromise(() => new Promise(() => {})),
          },
        }),
      ).start()
      for (const step of path.steps) {
        if (step.event.type === 'xstate.init') continue
        if (step.event.type.startsWith('xstate.after.')) vi.advanceTimersByTime(0)
        else actor.send(step.event as never)
      }
      expect(actor.getSnapshot().value).toEqual(path.state.value)
      actor.stop()
    }
  })
})

describe('sessionMachine — behaviour', () => {
  function start(over: { loadLoginInfo?: () => Promise<LoginInfo>; loadFollows?: () => Promise<readonly number[]>; loadSubjectFollows?: () => Promise<readonly number[]>; loadStockFollows?: () => Promise<readonly string[]>; logout?: () => Promise<unknown> } = {}) {
    const calls = { loadLoginInfo: 0, loadFollows: 0, loadSubjectFollows: 0, loadStockFollows: 0, logout: 0 }
    const count = <T,>(name: keyof typeof calls, f: () => Promise<T>) => fromPromise<T>(() => (calls[name]++, f()))
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          loadLoginInfo: count('loadLoginInfo', over.loadLoginInfo ?? (async () => info())),
          loadFollows: count('loadFollows', over.loadFollows ?? (async () => [11, 12])),
          loadSubjectFollows: count('loadSubjectFollows', over.loadSubjectFollows ?? (async () => [21, 22])),
          loadStockFollows: count('loadStockFollows', over.loadStockFollows ?? (async () => ['HK00700', 'USAAPL'])),
          logout: count('logout', over.logout ?? (async () => true)),
        },
      }),
    ).start()
    return { actor, calls }
  }

  it('starts as a guest and asks nothing', () => {
    const { actor, calls } = start()
    expectToBeIn(actor, 'guest')
    expect(calls).toEqual({ loadLoginInfo: 0, loadFollows: 0, loadSubjectFollows: 0, loadStockFollows: 0, logout: 0 })
  })

  it('a hinted session: checking waits for first paint, then reads the login info and the follow, focus and stock lists', async () => {
    const { actor, calls } = start()
    actor.send({ type: 'session.check' })
    expectToBeIn(actor, 'checking.waiting')
    expect(calls.loadLoginInfo).toBe(0)
    await vi.advanceTimersByTimeAsync(0)
    expectToBeIn(actor, 'signedIn')
    const c = actor.getSnapshot().context
    expect(c.info?.kyc.certification).toBe(true)
    expect(c.info?.account.coin).toBe(120)
    expect(c.userIds).toEqual([11, 12])
    expect(c.subjectIds).toEqual([21, 22])
    expect(c.stockIds).toEqual(['HK00700', 'USAAPL'])
    expect(calls).toEqual({ loadLoginInfo: 1, loadFollows: 1, loadSubjectFollows: 1, loadStockFollows: 1, logout: 0 })
  })

  it('a session the server no longer knows ends as a guest', async () => {
    const { actor, calls } = start({ loadLoginInfo: () => Promise.reject(new Error('请先登录')) })
    actor.send({ type: 'session.check' })
    await vi.advanceTimersByTimeAsync(0)
    expectToBeIn(actor, 'guest')
    expect(calls.loadFollows).toBe(0)
  })

  it('a list that fails to load stays as it was', async () => {
    const { actor } = start({ loadStockFollows: () => Promise.reject(new Error('服务器繁忙')) })
    actor.send({ type: 'login.done', info: info() })
    await vi.advanceTimersByTimeAsync(0)
    expectToBeIn(actor, 'signedIn')
    expect(actor.getSnapshot().context.userIds).toEqual([11, 12])
    expect(actor.getSnapshot().context.stockIds).toEqual([])
  })

  it('logout clears the login data and the follow and stock lists (spec 000 §4), even when the call fails', async () => {
    for (const logout of [async () => true, () => Promise.reject(new Error('网络异常'))]) {
      const { actor, calls } = start({ logout })
      actor.send({ type: 'login.done', info: info() })
      await vi.advanceTimersByTimeAsync(0)
      actor.send({ type: 'follow.change', set: 'subjects', id: 9, on: true })
      expect(actor.getSnapshot().context.subjectIds).toEqual([21, 22, 9])
      actor.send({ type: 'session.logout' })
      expectToBeIn(actor, 'loggingOut')
      const s = await waitFor(actor, (x) => x.matches('guest'))
      expect(calls.logout).toBe(1)
      expect(s.context).toEqual({ info: null, userIds: [], subjectIds: [], stockIds: [], login: null })
    }
  })

  it('a 401 while signed in ends the session without calling logout; a guest ignores it', async () => {
    const { actor, calls } = start()
    actor.send({ type: 'session.expired' })
    expectToBeIn(actor, 'guest')
    actor.send({ type: 'login.done', info: info() })
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'session.expired' })
    expectToBeIn(actor, 'guest')
    expect(actor.getSnapshot().context.info).toBeNull()
    expect(actor.getSnapshot().context.userIds).toEqual([])
    expect(calls.logout).toBe(0)
  })

  it('follow changes and profile updates apply only when signed in', async () => {
    const { actor } = start()
    actor.send({ type: 'follow.change', set: 'users', id: 3, on: true })
    expect(actor.getSnapshot().context.userIds).toEqual([])
    actor.send({ type: 'login.done', info: info() })
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'follow.change', set: 'users', id: 3, on: true })
    actor.send({ type: 'follow.change', set: 'users', id: 11, on: false })
    actor.send({ type: 'follow.change', set: 'stocks', id: 'HK00700', on: false })
    actor.send({ type: 'info.update', info: info({ avatar: '/a.png' }) })
    const c = actor.getSnapshot().context
    expect(c.userIds).toEqual([12, 3])
    expect(c.stockIds).toEqual(['USAAPL'])
    expect(c.info?.avatar).toBe('/a.png')
  })

  it('kyc.changed and coin.changed update the login info in place (no view spreads it); a guest ignores them', async () => {
    const { actor } = start()
    actor.send({ type: 'kyc.changed', kyc: { svipInvestor: true } })
    expect(actor.getSnapshot().context.info).toBeNull()
    actor.send({ type: 'login.done', info: info() })
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'kyc.changed', kyc: { svipInvestor: true } })
    expect(actor.getSnapshot().context.info?.kyc).toEqual({ certification: true, svipInvestor: true })
    actor.send({ type: 'kyc.changed', kyc: { certification: false } })
    expect(actor.getSnapshot().context.info?.kyc).toEqual({ certification: false, svipInvestor: true })
    actor.send({ type: 'coin.changed', coin: 20 })
    expect(actor.getSnapshot().context.info?.account.coin).toBe(20)
    expect(actor.getSnapshot().context.info?.nick).toBe(info().nick)
  })

  it('a focus list that fails to load stays as it was', async () => {
    const { actor } = start({ loadSubjectFollows: () => Promise.reject(new Error('服务器繁忙')) })
    actor.send({ type: 'login.done', info: info() })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.subjectIds).toEqual([])
    expect(actor.getSnapshot().context.userIds).toEqual([11, 12])
  })

  it('the login dialog request is kept until closed, in any state', () => {
    const { actor } = start()
    actor.send({ type: 'login.open', request: { page: 'bindphone', bindInfo: { nick: 'n', avatar: 'a' } } })
    expect(actor.getSnapshot().context.login).toEqual({ page: 'bindphone', bindInfo: { nick: 'n', avatar: 'a' } })
    actor.send({ type: 'login.close' })
    expect(actor.getSnapshot().context.login).toBeNull()
    actor.send({ type: 'login.open' })
    expect(actor.getSnapshot().context.login).toEqual({})
  })
})

describe('withMember', () => {
  it('contains the id exactly when on, keeps the others in order, never duplicates', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 })), fc.integer({ min: 0, max: 9 }), fc.boolean(), (raw, id, on) => {
        const list = [...new Set(raw)]
        const out = withMember(list, id, on)
        expect(out.includes(id)).toBe(on)
        expect(out.filter((x) => x !== id)).toEqual(list.filter((x) => x !== id))
        expect(new Set(out).size).toBe(out.length)
      }),
    )
  })
})

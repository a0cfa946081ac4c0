import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest'
import { createActor, type AnyMachineSnapshot } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { formatCoverage, measureCoverage } from '../testing/model-coverage'
import type { WechatSession } from './auth-types'
import { eventsByState, FakeActors, keyWithEvent, walkEveryPath } from '../testing/model-path-driver'
import { WECHAT_LOGIN_FAILED_TEXT, wechatReturnMachine, type WechatReturnContext, type WechatReturnInput } from './wechat-return.machine'
import { fakeTimersPerTest } from '../testing/fake-timers'

const session = (over: Partial<WechatSession> = {}): WechatSession => ({
  agreeUserAgreement: false,
  needBindPhone: true,
  nick: '微信用户',
  avatar: 'a.png',
  ...over,
})

function start(input: WechatReturnInput) {
  const fakes = new FakeActors()
  const openBindPhone = vi.fn()
  const reloadWithoutWxcode = vi.fn()
  const machine = wechatReturnMachine.provide({
    actors: { logout: fakes.logic('logout'), exchangeCode: fakes.logic('exchangeCode'), acceptAgreement: fakes.logic('acceptAgreement') },
    actions: { openBindPhone: (_, params) => openBindPhone(params.bindInfo), reloadWithoutWxcode },
  })
  const actor = createActor(machine, { input }).start()
  return { actor, fakes, openBindPhone, reloadWithoutWxcode }
}

fakeTimersPerTest({ beforeEach, afterEach, vi })

describe('wechatReturn model', () => {
  const variants = [
    { type: 'xstate.done.actor.exchangeCode', output: { statusCode: 200, message: '', result: session() } },
    { type: 'xstate.done.actor.exchangeCode', output: { statusCode: 200, message: '', result: session({ agreeUserAgreement: true, needBindPhone: false }) } },
    { type: 'xstate.done.actor.exchangeCode', output: { statusCode: 500, message: 'code 已失效' } },
    { type: 'xstate.error.actor.exchangeCode', error: new Error('network') },
    { type: 'xstate.error.actor.acceptAgreement', error: new Error('ignored') },
    { type: 'xstate.error.actor.logout', error: new Error('network') },
  ]
  const pick = (s: AnyMachineSnapshot) => {
    const c = s.context as WechatReturnContext
    return [c.session, c.message, c.outcome]
  }
  // the first step depends on the page: no wxcode, wxcode while logged in, wxcode as a guest
  const inputs: WechatReturnInput[] = [
    { wxcode: null, isLoggedIn: false },
    { wxcode: 'wx1', isLoggedIn: true },
    { wxcode: 'wx1', isLoggedIn: false },
  ]
  const runs = inputs.map((input) => ({
    input,
    paths: getShortestPaths(wechatReturnMachine, { input, events: eventsByState(variants) as never, serializeState: keyWithEvent(pick) as never }),
  }))

  it('reaches every state and every transition (over the three kinds of page load)', () => {
    const reports = runs.map(({ input, paths }) => measureCoverage(wechatReturnMachine, paths, { input }))
    const reached = new Set(reports.flatMap((r) => r.states.reached))
    const taken = new Set(reports.flatMap((r) => r.transitions.taken.map((t) => t.key)))
    const first = reports[0]!
    const missedStates = [...first.states.reached, ...first.states.missed].filter((s) => !reached.has(s))
    const missedTransitions = [...first.transitions.taken, ...first.transitions.missed].filter((t) => !taken.has(t.key)).map((t) => t.label)
    console.log(
      formatCoverage({
        ...first,
        states: { reached: [...reached], missed: missedStates, total: first.states.total },
        transitions: { taken: [], missed: [], total: first.transitions.total },
      }).replace(/transitions \d+\//, `transitions ${taken.size}/`),
    )
    expect(missedStates).toEqual([])
    expect(missedTransitions).toEqual([])
  })

  it('a real actor follows every path', async () => {
    for (const { input, paths } of runs) {
      await walkEveryPath(paths, () => start(input), pick)
    }
  })
})

describe('wechatReturn behaviour', () => {
  it('no wxcode: nothing happens', () => {
    const { actor, fakes } = start({ wxcode: null, isLoggedIn: true })
    expect(actor.getSnapshot().output).toEqual({ outcome: 'noCode', message: null })
    expect(fakes.calls.size).toBe(0)
  })

  it('wxcode while logged in: log out, nothing else', async () => {
    const { actor, fakes } = start({ wxcode: 'wx1', isLoggedIn: true })
    expect(fakes.inputs('exchangeCode')).toEqual([])
    await fakes.resolve('logout', undefined)
    expect(actor.getSnapshot().output).toEqual({ outcome: 'loggedOut', message: null })
  })

  it('guest: exchange, accept the agreement automatically, then open the bindphone page', async () => {
    const { actor, fakes, openBindPhone, reloadWithoutWxcode } = start({ wxcode: 'wx1', isLoggedIn: false })
    expect(fakes.inputs('exchangeCode')).toEqual([{ code: 'wx1' }])
    await fakes.resolve('exchangeCode', { statusCode: 200, message: '', result: session() })
    expect(fakes.inputs('acceptAgreement')).toHaveLength(1)
    await fakes.reject('acceptAgreement', new Error('ignored')) // errors ignored (spec 001 §7)
    expect(openBindPhone).toHaveBeenCalledWith({ nick: '微信用户', avatar: 'a.png' })
    expect(reloadWithoutWxcode).not.toHaveBeenCalled()
    expect(actor.getSnapshot().output?.outcome).toBe('bindPhone')
  })

  it('guest already agreed and bound: reload without wxcode, no agreement call', async () => {
    const { actor, fakes, openBindPhone, reloadWithoutWxcode } = start({ wxcode: 'wx1', isLoggedIn: false })
    await fakes.resolve('exchangeCode', { statusCode: 200, message: '', result: session({ agreeUserAgreement: true, needBindPhone: false }) })
    expect(fakes.inputs('acceptAgreement')).toEqual([])
    expect(reloadWithoutWxcode).toHaveBeenCalledTimes(1)
    expect(openBindPhone).not.toHaveBeenCalled()
    expect(actor.getSnapshot().output?.outcome).toBe('reloaded')
  })

  it('a refused or failed exchange ends with the message', async () => {
    const a = start({ wxcode: 'wx1', isLoggedIn: false })
    await a.fakes.resolve('exchangeCode', { statusCode: 500, message: 'code 已失效' })
    expect(a.actor.getSnapshot().output).toEqual({ outcome: 'failed', message: 'code 已失效' })
    const b = start({ wxcode: 'wx1', isLoggedIn: false })
    await b.fakes.reject('exchangeCode', {})
    expect(b.actor.getSnapshot().output).toEqual({ outcome: 'failed', message: WECHAT_LOGIN_FAILED_TEXT })
  })
})

import { describe, expect, it, afterEach, beforeEach, vi } from 'vitest'
import { createActor, type AnyMachineSnapshot } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { expectFullCoverage, expectToBeIn } from '../testing/model-coverage'
import { LOGIN_MESSAGES, validateBindPhone } from '../validation/login'
import type { MergeCandidate } from './auth-types'
import { BIND_FAILED_TEXT, bindMergeMachine, mergeInputOf, needsMerge, type BindMergeContext, type BindMergeEvent } from './bind-merge.machine'
import { coveringWalks, eventsByState, FakeActors, keyWithEvent, walkEveryPath } from '../testing/model-path-driver'
import { sendCodeMachine } from './send-code.machine'
import { fakeTimersPerTest } from '../testing/fake-timers'

const candidate = (id: number, phone: string): MergeCandidate => ({
  id,
  nick: `u${id}`,
  avatar: '',
  createDate: 1_600_000_000,
  phone,
  binds: id === 2 ? ['WEI_XIN'] : [],
  svip: false,
  userCount: { follow: 1, fans: 2, optionalStock: 3, createPortfolios: 0 },
})
const users = { phoneUser: candidate(1, '138****8000'), loginUser: candidate(2, '') }
const bindInfo = { nick: '微信用户', avatar: 'https://example.com/a.png' }

function start() {
  const fakes = new FakeActors()
  const machine = bindMergeMachine.provide({
    actors: {
      bindPhone: fakes.logic('bindPhone'),
      mergeAccounts: fakes.logic('mergeAccounts'),
      codeSender: sendCodeMachine.provide({ actors: { sendCode: fakes.logic('sendCode'), captchaInit: fakes.logic('captchaInit') } }),
    },
  })
  const actor = createActor(machine, { input: { bindInfo } }).start()
  return { actor, fakes }
}
const ctx = (actor: { getSnapshot(): { context: BindMergeContext } }) => actor.getSnapshot().context
const fill = (actor: ReturnType<typeof start>['actor']) => {
  actor.send({ type: 'input.change', field: 'phone', value: '13800138000' })
  actor.send({ type: 'input.change', field: 'code', value: '123456' })
}

fakeTimersPerTest({ beforeEach, afterEach, vi })

describe('bindMerge model', () => {
  const variants: BindMergeEvent[] = [
    { type: 'input.change', field: 'phone', value: '13800138000' },
    { type: 'input.change', field: 'code', value: '123456' },
    { type: 'account.choose', account: 'loginUser' },
    { type: 'captcha.solve', challenge: 'c', validate: 'v', seccode: 's' },
    { type: 'xstate.done.actor.bindPhone', output: { statusCode: 200, message: '', result: users } } as never,
    { type: 'xstate.done.actor.bindPhone', output: { statusCode: 1012, message: '', result: users } } as never,
    { type: 'xstate.done.actor.bindPhone', output: { statusCode: 200, message: '', result: null } } as never,
    { type: 'xstate.done.actor.bindPhone', output: { statusCode: 500, message: '验证码错误' } } as never,
    { type: 'xstate.error.actor.bindPhone', error: new Error('network') } as never,
    { type: 'xstate.done.actor.mergeAccounts', output: { statusCode: 200, message: '' } } as never,
    { type: 'xstate.done.actor.mergeAccounts', output: { statusCode: 417, message: '该账号已绑定微信，不能合并' } } as never,
    { type: 'xstate.done.actor.mergeAccounts', output: { statusCode: 500, message: 'x' } } as never,
    { type: 'xstate.error.actor.mergeAccounts', error: new Error('network') } as never,
  ]
  const pick = (s: AnyMachineSnapshot) => {
    const c = s.context as BindMergeContext
    return [validateBindPhone(c.form).map((e) => e.field), c.errors, c.message, c.users !== null, c.selected, c.confirmMessage, c.outcome]
  }
  const input = { bindInfo }
  const paths = getShortestPaths(bindMergeMachine, { events: eventsByState(variants) as never, input, serializeState: keyWithEvent(pick) as never })

  it('reaches every state and every transition', () => {
    expectFullCoverage(bindMergeMachine, paths, { input })
  })

  it('a real actor follows every path', async () => {
    // each state left by each event once (core/testing coveringWalks): the same checks, fewer walks
    await walkEveryPath(coveringWalks(paths, (s) => JSON.stringify([s.value, pick(s)])), start, pick)
  })
})

describe('bindMerge behaviour', () => {
  it('needsMerge: 200 with both users or 1012 with users (spec 001 §4)', () => {
    expect(needsMerge({ statusCode: 200, message: '', result: users })).toBe(true)
    expect(needsMerge({ statusCode: 1012, message: '', result: users })).toBe(true)
    expect(needsMerge({ statusCode: 200, message: '', result: null })).toBe(false)
    expect(needsMerge({ statusCode: 1012, message: '' })).toBe(false)
    expect(needsMerge({ statusCode: 500, message: '', result: users })).toBe(false)
  })

  it('validates the form with the spec messages before binding', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'form.submit' })
    expect(ctx(actor).errors).toEqual([
      { field: 'phone', message: LOGIN_MESSAGES.phoneRequired },
      { field: 'code', message: LOGIN_MESSAGES.codeRequired },
    ])
    actor.send({ type: 'code.send' })
    expect(ctx(actor).errors).toEqual([{ field: 'phone', message: LOGIN_MESSAGES.phoneRequired }])
    expect(fakes.inputs('bindPhone')).toEqual([])
    expect(fakes.inputs('sendCode')).toEqual([])
  })

  it('sends the bind code through the send-code child', () => {
    const { actor, fakes } = start()
    fill(actor)
    actor.send({ type: 'code.send' })
    expect(fakes.inputs('sendCode')).toEqual([{ phone: '13800138000', countryCode: '86', purpose: 'bind' }])
  })

  it('bind 1012 → merge view (default phoneUser) → check → 417 message in the confirm step → success', async () => {
    const { actor, fakes } = start()
    fill(actor)
    actor.send({ type: 'form.submit' })
    expect(fakes.inputs('bindPhone')).toEqual([{ countryCode: '86', phone: '13800138000', verificationCode: '123456' }])
    await fakes.resolve('bindPhone', { statusCode: 1012, message: '需要合并', result: users })
    expectToBeIn(actor, 'mergeAccount')
    expect(ctx(actor).selected).toBe('phoneUser')
    actor.send({ type: 'account.choose', account: 'loginUser' })
    actor.send({ type: 'merge.next' })
    expectToBeIn(actor, 'mergeCheck.confirming')
    actor.send({ type: 'merge.confirm' })
    expect(fakes.inputs('mergeAccounts')).toEqual([{ selectedAccount: 2, deprecatedAccount: 1 }])
    await fakes.resolve('mergeAccounts', { statusCode: 417, message: '该手机号账号已绑定其他微信' })
    expectToBeIn(actor, 'mergeCheck.confirming')
    expect(ctx(actor).confirmMessage).toBe('该手机号账号已绑定其他微信')
    actor.send({ type: 'merge.confirm' })
    expect(ctx(actor).confirmMessage).toBeNull()
    await fakes.resolve('mergeAccounts', { statusCode: 200, message: '' })
    expectToBeIn(actor, 'mergeRes.success')
    actor.send({ type: 'merge.finish' })
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'merged' })
  })

  it('a plain 200 binds; another answer shows the server message under the form', async () => {
    const { actor, fakes } = start()
    fill(actor)
    actor.send({ type: 'form.submit' })
    await fakes.resolve('bindPhone', { statusCode: 500, message: '验证码错误' })
    expect(ctx(actor).message).toBe('验证码错误')
    actor.send({ type: 'form.submit' })
    await fakes.reject('bindPhone', new Error(''))
    expect(ctx(actor).message).toBe(BIND_FAILED_TEXT)
    actor.send({ type: 'form.submit' })
    await fakes.resolve('bindPhone', { statusCode: 200, message: '', result: null })
    expect(actor.getSnapshot().output).toEqual({ outcome: 'bound' })
  })

  it('mergeInputOf keeps the chosen account', () => {
    expect(mergeInputOf(users, 'phoneUser')).toEqual({ selectedAccount: 1, deprecatedAccount: 2 })
    expect(mergeInputOf(users, 'loginUser')).toEqual({ selectedAccount: 2, deprecatedAccount: 1 })
  })
})

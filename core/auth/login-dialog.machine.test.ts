import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest'
import { createActor, type AnyActorRef, type AnyMachineSnapshot } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { expectFullCoverage, expectToBeIn } from '../testing/model-coverage'
import { LOGIN_MESSAGES, validatePasswordLogin, validatePhoneCodeLogin, validatePhoneReset } from '../validation/login'
import type { SignIn } from './auth-types'
import { LOGIN_FAILED_TEXT, loginDialogMachine, type LoginDialogContext, type LoginDialogEvent } from './login-dialog.machine'
import { coveringWalks, eventsByState, FakeActors, keyWithEvent, walkEveryPath } from '../testing/model-path-driver'
import { sendCodeMachine, type SendCodeContext } from './send-code.machine'
import { fakeTimersPerTest } from '../testing/fake-timers'

const signIn: SignIn = { id: 7, nick: '投资者', avatar: '', agreeUserAgreement: false }
const phone = '13800138000'

function start() {
  const fakes = new FakeActors()
  const calls: string[] = []
  const record = (name: string) => () => void calls.push(name)
  const machine = loginDialogMachine.provide({
    actors: {
      codeSender: sendCodeMachine.provide({ actors: { sendCode: fakes.logic('sendCode'), captchaInit: fakes.logic('captchaInit') } }),
      bindMerge: fakes.logic('bindMerge') as never,
      loginByCode: fakes.logic('loginByCode'),
      loginByPassword: fakes.logic('loginByPassword'),
      resetPassword: fakes.logic('resetPassword'),
    },
    actions: {
      lockScroll: record('lockScroll'),
      restoreScroll: record('restoreScroll'),
      removeWxcode: record('removeWxcode'),
      storeSignIn: (_, params) => void calls.push(`storeSignIn:${params.signIn?.id}`),
      fetchMembership: record('fetchMembership'),
      fetchFollows: record('fetchFollows'),
      fetchStockFollows: record('fetchStockFollows'),
      acceptAgreement: record('acceptAgreement'),
    },
  })
  const actor = createActor(machine).start()
  return { actor, fakes, calls }
}
type Actor = ReturnType<typeof start>['actor']
const ctx = (actor: Actor): LoginDialogContext => actor.getSnapshot().context
const codeSender = (actor: Actor) => actor.getSnapshot().children.codeSender as AnyActorRef | undefined
const fill = (actor: Actor, fields: Partial<Record<'phone' | 'code' | 'account' | 'password' | 'passwordConfirm', string>>) => {
  for (const [field, value] of Object.entries(fields)) actor.send({ type: 'input.change', field: field as 'phone', value })
}

fakeTimersPerTest({ beforeEach, afterEach, vi })

describe('loginDialog model', () => {
  const variants: LoginDialogEvent[] = [
    { type: 'dialog.open' },
    { type: 'dialog.open', tab: 'password' },
    { type: 'dialog.open', tab: 'forget' },
    { type: 'dialog.open', page: 'bindphone', bindInfo: { nick: '微信用户', avatar: '' } },
    { type: 'tab.choose', tab: 'phoneCode' },
    { type: 'tab.choose', tab: 'password' },
    { type: 'tab.choose', tab: 'forget' },
    { type: 'input.change', field: 'phone', value: phone },
    { type: 'input.change', field: 'code', value: '123456' },
    { type: 'input.change', field: 'account', value: 'investor' },
    { type: 'input.change', field: 'password', value: 'secret1' },
    { type: 'input.change', field: 'passwordConfirm', value: 'secret1' },
    { type: 'captcha.solve', challenge: 'c', validate: 'v', seccode: 's' },
    { type: 'xstate.done.actor.loginByCode', output: { statusCode: 200, message: '', result: signIn } } as never,
    { type: 'xstate.done.actor.loginByCode', output: { statusCode: 200, message: '', result: { ...signIn, agreeUserAgreement: true } } } as never,
    { type: 'xstate.done.actor.loginByCode', output: { statusCode: 500, message: '验证码错误' } } as never,
    { type: 'xstate.error.actor.loginByCode', error: new Error('network') } as never,
    { type: 'xstate.done.actor.loginByPassword', output: { statusCode: 200, message: '', result: signIn } } as never,
    { type: 'xstate.done.actor.loginByPassword', output: { statusCode: 500, message: '账号或密码错误' } } as never,
    { type: 'xstate.error.actor.loginByPassword', error: new Error('network') } as never,
    { type: 'xstate.done.actor.resetPassword', output: { statusCode: 200, message: '' } } as never,
    { type: 'xstate.done.actor.resetPassword', output: { statusCode: 500, message: '验证码错误' } } as never,
    { type: 'xstate.error.actor.resetPassword', error: new Error('network') } as never,
    { type: 'xstate.done.actor.bindMerge', output: { outcome: 'bound' } } as never,
    { type: 'xstate.done.actor.bindMerge', output: { outcome: 'merged' } } as never,
  ]
  // what the guards read: the validity of each form, the agreement tick, the WeChat info
  const pick = (s: AnyMachineSnapshot) => {
    const c = s.context as LoginDialogContext
    const f = c.form
    return [
      validatePhoneCodeLogin({ ...f, agreed: true }).length,
      validatePasswordLogin({ ...f, agreed: true }).length,
      validatePhoneReset(f).length,
      c.agreed,
      c.bindInfo !== null,
    ]
  }
  const paths = getShortestPaths(loginDialogMachine, {
    events: eventsByState(variants) as never,
    serializeState: keyWithEvent(pick) as never,
  })

  it('reaches every state and every transition', () => {
    expectFullCoverage(loginDialogMachine, paths)
  })

  it('a real actor follows every path', async () => {
    // each state left by each event once (core/testing coveringWalks): the same checks, fewer walks
    await walkEveryPath(coveringWalks(paths, (s) => JSON.stringify([s.value, pick(s)])), start, pick)
    expect(paths.length).toBeGreaterThan(30)
  }, 120_000)
})

describe('loginDialog behaviour', () => {
  it('opening locks page scroll; closing restores it and removes wxcode (spec 000 §4)', () => {
    const { actor, calls } = start()
    actor.send({ type: 'dialog.open' })
    expectToBeIn(actor, 'open.base.phoneCode.editing')
    expect(calls).toEqual(['lockScroll'])
    actor.send({ type: 'dialog.close' })
    expectToBeIn(actor, 'closed')
    expect(calls).toEqual(['lockScroll', 'restoreScroll', 'removeWxcode'])
  })

  it('phone login needs phone, code and the agreement tick, with the spec messages', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'dialog.open' })
    actor.send({ type: 'form.submit' })
    expect(ctx(actor).errors).toEqual([
      { field: 'phone', message: LOGIN_MESSAGES.phoneRequired },
      { field: 'code', message: LOGIN_MESSAGES.codeRequired },
      { field: 'agreement', message: LOGIN_MESSAGES.agreementRequired },
    ])
    fill(actor, { phone, code: '123456' })
    actor.send({ type: 'form.submit' })
    expect(ctx(actor).errors).toEqual([{ field: 'agreement', message: LOGIN_MESSAGES.agreementRequired }])
    actor.send({ type: 'agreement.toggle' })
    expect(ctx(actor).errors).toEqual([])
    actor.send({ type: 'form.submit' })
    expect(fakes.inputs('loginByCode')).toEqual([{ phone, phoneCode: '123456', countryCode: '86' }])
  })

  it('on success: store sign-in, membership, follows and stock follows, close, then accept the agreement if needed', async () => {
    const { actor, fakes, calls } = start()
    actor.send({ type: 'dialog.open', tab: 'password' })
    fill(actor, { account: 'investor', password: 'secret1' })
    actor.send({ type: 'agreement.toggle' })
    actor.send({ type: 'form.submit' })
    expect(fakes.inputs('loginByPassword')).toEqual([{ account: 'investor', password: 'secret1' }])
    await fakes.resolve('loginByPassword', { statusCode: 200, message: '', result: signIn })
    expectToBeIn(actor, 'closed')
    expect(calls).toEqual([
      'lockScroll',
      'restoreScroll',
      'removeWxcode',
      'storeSignIn:7',
      'fetchMembership',
      'fetchFollows',
      'fetchStockFollows',
      'acceptAgreement',
    ])
  })

  it('an account that already accepted the agreement is not asked again', async () => {
    const { actor, fakes, calls } = start()
    actor.send({ type: 'dialog.open' })
    fill(actor, { phone, code: '123456' })
    actor.send({ type: 'agreement.toggle' })
    actor.send({ type: 'form.submit' })
    await fakes.resolve('loginByCode', { statusCode: 200, message: '', result: { ...signIn, agreeUserAgreement: true } })
    expectToBeIn(actor, 'closed')
    expect(calls).not.toContain('acceptAgreement')
    expect(calls).toContain('fetchStockFollows')
  })

  it('a refused login shows the server message under the form', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'dialog.open', tab: 'password' })
    fill(actor, { account: 'investor', password: 'x' })
    actor.send({ type: 'agreement.toggle' })
    actor.send({ type: 'form.submit' })
    await fakes.resolve('loginByPassword', { statusCode: 500, message: '账号或密码错误' })
    expectToBeIn(actor, 'open.base.password.editing')
    expect(ctx(actor).message).toBe('账号或密码错误')
    actor.send({ type: 'form.submit' })
    await fakes.reject('loginByPassword', {})
    expect(ctx(actor).message).toBe(LOGIN_FAILED_TEXT)
  })

  it('forget: no agreement needed; password 6-16 and the confirmation must match; success page then password tab', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'dialog.open' })
    actor.send({ type: 'tab.choose', tab: 'forget' })
    fill(actor, { phone, code: '123456', password: '12345', passwordConfirm: '54321' })
    actor.send({ type: 'form.submit' })
    expect(ctx(actor).errors).toEqual([
      { field: 'password', message: LOGIN_MESSAGES.passwordLength },
      { field: 'passwordConfirm', message: LOGIN_MESSAGES.passwordMismatch },
    ])
    fill(actor, { password: 'secret1', passwordConfirm: 'secret1' })
    actor.send({ type: 'form.submit' })
    expect(fakes.inputs('resetPassword')).toEqual([
      { phone, phoneCode: '123456', password: 'secret1', passwordConfirm: 'secret1', countryCode: '86' },
    ])
    await fakes.resolve('resetPassword', { statusCode: 200, message: '' })
    expectToBeIn(actor, 'open.pageSuccess.forget')
    actor.send({ type: 'success.confirm' })
    expectToBeIn(actor, 'open.base.password')
  })

  it('send code: phone required, then the code goes through the send-code child and counts down 60 s', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'dialog.open' })
    actor.send({ type: 'code.send' })
    expect(ctx(actor).errors).toEqual([{ field: 'phone', message: LOGIN_MESSAGES.phoneRequired }])
    fill(actor, { phone })
    actor.send({ type: 'code.send' })
    expect(fakes.inputs('sendCode')).toEqual([{ phone, countryCode: '86', purpose: 'login' }])
    // 2000 → captcha → resend, with the slider events sent to the dialog
    await fakes.resolve('sendCode', { statusCode: 2000, message: '' })
    await fakes.resolve('captchaInit', { gt: 'g', challenge: 'c0' })
    actor.send({ type: 'captcha.solve', challenge: 'c1', validate: 'v1', seccode: 's1' })
    expect(fakes.inputs('sendCode')[1]).toEqual({ phone, countryCode: '86', purpose: 'login', captcha: { challenge: 'c1', validate: 'v1', seccode: 's1' } })
    await fakes.resolve('sendCode', { statusCode: 200, message: '' })
    const child = () => codeSender(actor)?.getSnapshot() as { value: string; context: SendCodeContext }
    expect(child().value).toBe('counting')
    vi.advanceTimersByTime(60_000)
    expect(child().value).toBe('ready')
    // the reset tab asks for a reset code
    actor.send({ type: 'tab.choose', tab: 'forget' })
    actor.send({ type: 'code.send' })
    expect(fakes.inputs('sendCode')[2]).toEqual({ phone, countryCode: '86', purpose: 'reset' })
  })

  it('WeChat QR needs the agreement tick (a tooltip asks for it)', () => {
    const { actor } = start()
    actor.send({ type: 'dialog.open' })
    actor.send({ type: 'weixin.open' })
    expectToBeIn(actor, 'open.base')
    expect(ctx(actor).errors).toEqual([{ field: 'agreement', message: LOGIN_MESSAGES.agreementRequired }])
    actor.send({ type: 'agreement.toggle' })
    actor.send({ type: 'weixin.open' })
    expectToBeIn(actor, 'open.weixin')
  })

  it('bindphone: bound → bind success page; OK closes', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'dialog.open', page: 'bindphone', bindInfo: { nick: '微信用户', avatar: 'a.png' } })
    expectToBeIn(actor, 'open.bindphone')
    expect(fakes.inputs('bindMerge')).toEqual([{ bindInfo: { nick: '微信用户', avatar: 'a.png' }, countryCode: '86' }])
    await fakes.resolve('bindMerge', { outcome: 'bound' })
    expectToBeIn(actor, 'open.pageSuccess.bind')
    actor.send({ type: 'success.confirm' })
    expectToBeIn(actor, 'closed')
  })
})

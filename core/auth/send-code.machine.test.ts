import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest'
import { createActor, type AnyMachineSnapshot } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { expectFullCoverage, expectToBeIn } from '../testing/model-coverage'
import { LOGIN_MESSAGES } from '../validation/login'
import { coveringWalks, eventsByState, FakeActors, keyWithEvent, walkEveryPath } from '../testing/model-path-driver'
import { SEND_CODE_FAILED_TEXT, sendCodeMachine, type SendCodeContext, type SendCodeEvent } from './send-code.machine'
import { fakeTimersPerTest } from '../testing/fake-timers'

const request = { phone: '13800138000', countryCode: '86', purpose: 'login' as const }
const solved = { challenge: 'c1', validate: 'v1', seccode: 's1' }
const gt = { gt: 'g', challenge: 'c0', success: 1 }

function start() {
  const fakes = new FakeActors()
  const actor = createActor(
    sendCodeMachine.provide({ actors: { sendCode: fakes.logic('sendCode'), captchaInit: fakes.logic('captchaInit') } }),
  ).start()
  return { actor, fakes }
}
const ctx = (actor: { getSnapshot(): { context: SendCodeContext } }) => actor.getSnapshot().context

fakeTimersPerTest({ beforeEach, afterEach, vi })

describe('sendCode model', () => {
  const variants: SendCodeEvent[] = [
    { type: 'code.send', ...request },
    { type: 'captcha.solve', ...solved },
    { type: 'xstate.done.actor.sendCode', output: { statusCode: 200, message: 'ok' } } as never,
    { type: 'xstate.done.actor.sendCode', output: { statusCode: 2000, message: '' } } as never,
    { type: 'xstate.done.actor.sendCode', output: { statusCode: 500, message: '该手机号已注册' } } as never,
    { type: 'xstate.error.actor.sendCode', error: new Error('network') } as never,
    { type: 'xstate.done.actor.captchaInit', output: gt } as never,
    { type: 'xstate.error.actor.captchaInit', error: new Error('gt down') } as never,
  ]
  const pick = (s: AnyMachineSnapshot) => {
    const c = s.context as SendCodeContext
    return [c.remaining, c.message, c.solved !== null, c.captcha !== null]
  }
  const paths = getShortestPaths(sendCodeMachine, { events: eventsByState(variants) as never, serializeState: keyWithEvent(pick) as never })

  it('reaches every state and every transition', () => {
    expectFullCoverage(sendCodeMachine, paths)
  })

  it('a real actor follows every path', async () => {
    // each state left by each event once (core/testing coveringWalks): the same checks, fewer walks
    await walkEveryPath(coveringWalks(paths, (s) => JSON.stringify([s.value, pick(s)])), start, pick)
  })
})

describe('sendCode behaviour', () => {
  it('200 disables the button for 60 s, then it is enabled again (spec 000 §9)', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'code.send', ...request })
    expect(fakes.inputs('sendCode')).toEqual([request])
    await fakes.resolve('sendCode', { statusCode: 200, message: '' })
    expectToBeIn(actor, 'counting')
    expect(ctx(actor).remaining).toBe(60)
    vi.advanceTimersByTime(1_000)
    expect(ctx(actor).remaining).toBe(59)
    // one code per minute: a second request meanwhile is refused with the spec's message
    actor.send({ type: 'code.send', ...request })
    expect(ctx(actor).message).toBe(LOGIN_MESSAGES.codeTooFrequent)
    expect(fakes.inputs('sendCode')).toHaveLength(1)
    vi.advanceTimersByTime(58_999)
    expectToBeIn(actor, 'counting')
    expect(ctx(actor).remaining).toBe(1)
    vi.advanceTimersByTime(1)
    expectToBeIn(actor, 'ready')
    expect(ctx(actor).remaining).toBe(0)
    actor.send({ type: 'code.send', ...request })
    expect(fakes.inputs('sendCode')).toHaveLength(2)
  })

  it('2000 → gt-init → slider → the code is sent again with challenge/validate/seccode', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'code.send', ...request })
    await fakes.resolve('sendCode', { statusCode: 2000, message: '需要人机验证' })
    expectToBeIn(actor, 'captcha.loading')
    expect(fakes.inputs('captchaInit')).toEqual([{ phone: '13800138000', countryCode: '86' }])
    await fakes.resolve('captchaInit', gt)
    expectToBeIn(actor, 'captcha.challenge')
    expect(ctx(actor).captcha).toEqual(gt)
    actor.send({ type: 'captcha.solve', ...solved })
    expect(fakes.inputs('sendCode')[1]).toEqual({ ...request, captcha: solved })
    await fakes.resolve('sendCode', { statusCode: 200, message: '' })
    expectToBeIn(actor, 'counting')
    expect(ctx(actor).solved).toBeNull()
  })

  it('another answer or a failure shows the message and keeps the button enabled', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'code.send', ...request })
    await fakes.resolve('sendCode', { statusCode: 500, message: '该手机号已注册' })
    expectToBeIn(actor, 'ready')
    expect(ctx(actor).message).toBe('该手机号已注册')
    actor.send({ type: 'code.send', ...request })
    expect(ctx(actor).message).toBeNull()
    await fakes.reject('sendCode', {})
    expect(ctx(actor).message).toBe(SEND_CODE_FAILED_TEXT)
  })

  it('cancelling the slider gives the button back without sending', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'code.send', ...request })
    await fakes.resolve('sendCode', { statusCode: 2000, message: '' })
    await fakes.resolve('captchaInit', gt)
    actor.send({ type: 'captcha.cancel' })
    expectToBeIn(actor, 'ready')
    expect(fakes.inputs('sendCode')).toHaveLength(1)
  })
})

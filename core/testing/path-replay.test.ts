import { expect, it, vi, afterEach, beforeEach } from 'vitest'
import { edgePaths, ownEvents, replayPaths } from './path-replay'
import { qrPaymentMachine } from '../payment/qr-payment.machine'
import { fakeTimersPerTest } from './fake-timers'

fakeTimersPerTest({ beforeEach, afterEach, vi })

const order = { id: 'O', amount: 1, data: { codeUrl: '' }, subject: '' }
const input = { order, request: { goodsId: 1, channel: 'wx_pub_qr' as const, publicKey: '', userToken: '' }, validitySeconds: 6 }
const paths = edgePaths(qrPaymentMachine, {
  input,
  events: ownEvents([
    { type: 'xstate.done.actor.pollPayment', output: { payStatus: 'failed' } },
    { type: 'xstate.done.actor.createQrOrder', output: order },
  ]),
})
const options = {
  input,
  deferredActors: ['pollPayment', 'createQrOrder'],
  advanceTime: (ms: number) => vi.advanceTimersByTimeAsync(ms),
}

it('passes when the running actor behaves like the model', async () => {
  await expect(replayPaths(qrPaymentMachine, paths, options)).resolves.toBeGreaterThan(0)
})

it('fails when the running actor takes another transition than the model', async () => {
  await expect(
    replayPaths(qrPaymentMachine, paths, { ...options, prepare: (m) => m.provide({ guards: { isPollDue: () => false } }) }),
  ).rejects.toThrow(/path-replay: step \d+/)
})

it('fails when the running actor keeps other time than the model', async () => {
  await expect(
    replayPaths(qrPaymentMachine, paths, { ...options, prepare: (m) => m.provide({ delays: { tick: 2_000 } }) }),
  ).rejects.toThrow(/path-replay: step \d+/)
})

it('fails when a path settles an actor that is not running', async () => {
  const bogus = { steps: [paths[0]!.steps[0]!, { event: { type: 'xstate.done.actor.createQrOrder', output: order }, state: paths[0]!.steps[0]!.state }] }
  await expect(replayPaths(qrPaymentMachine, [bogus], options)).rejects.toThrow(/not running it/)
})

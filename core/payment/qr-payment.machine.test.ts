import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { expectFullCoverage, expectToBeIn } from '../testing/model-coverage'
import type { CreatedOrder, OrderRequest, PaymentResult } from '../api/payment'
import { edgePaths, ownEvents, replayPaths } from '../testing/path-replay'
import {
  isPollDue,
  POLL_EVERY_SECONDS,
  QR_CLOSED_TITLE,
  QR_REFRESH_FAILED,
  QR_VALIDITY_SECONDS,
  qrPaymentMachine,
} from './qr-payment.machine'
import { fakeTimersPerTest } from '../testing/fake-timers'

const order: CreatedOrder = { id: 'O-1', amount: 9900, data: { codeUrl: 'weixin://wxpay/1' }, subject: '黑金会员' }
const newOrder: CreatedOrder = { id: 'O-2', amount: 9900, data: { codeUrl: 'weixin://wxpay/2' }, subject: '黑金会员' }
const request: OrderRequest = { goodsId: 11, channel: 'wx_pub_qr', publicKey: 'pk', userToken: 'tk' }

fakeTimersPerTest({ beforeEach, afterEach, vi })

describe('qrPaymentMachine — model', () => {
  // 6 s of validity keeps the graph small and still holds a poll mark (5 s) before the timeout.
  const input = { order, request, validitySeconds: 6 }
  const events = ownEvents([
    { type: 'xstate.done.actor.pollPayment', output: { payStatus: 'success' } },
    { type: 'xstate.done.actor.pollPayment', output: { payStatus: 'failed' } },
    { type: 'xstate.done.actor.pollPayment', output: { payStatus: 'closed' } },
    { type: 'xstate.error.actor.pollPayment', error: new Error('网络异常') },
    { type: 'xstate.done.actor.createQrOrder', output: newOrder },
    { type: 'xstate.error.actor.createQrOrder', error: new Error('服务繁忙') },
    { type: 'xstate.error.actor.createQrOrder', error: {} },
  ])
  const paths = edgePaths(qrPaymentMachine, { input, events })

  it('reaches every state and takes every transition', () => {
    expectFullCoverage(qrPaymentMachine, paths, { input })
  })

  it('a real actor on fake timers follows every path', async () => {
    const steps = await replayPaths(qrPaymentMachine, paths, {
      input,
      deferredActors: ['pollPayment', 'createQrOrder'],
      advanceTime: (ms) => vi.advanceTimersByTimeAsync(ms),
    })
    expect(steps).toBeGreaterThan(paths.length)
  })
})

describe('qrPaymentMachine — behaviour', () => {
  function start(poll: (orderId: string) => Promise<PaymentResult>, create?: () => Promise<CreatedOrder>) {
    const pollPayment = vi.fn(({ input }: { input: { orderId: string } }) => poll(input.orderId))
    const createQrOrder = vi.fn(({ input }: { input: OrderRequest }) => {
      expect(input).toEqual(request)
      return create ? create() : Promise.resolve(newOrder)
    })
    const actor = createActor(
      qrPaymentMachine.provide({ actors: { pollPayment: fromPromise(pollPayment), createQrOrder: fromPromise(createQrOrder) } }),
      { input: { order, request } },
    ).start()
    return { actor, pollPayment, createQrOrder }
  }

  it('counts 300 s down, polls every 5 s, then times out', async () => {
    const { actor, pollPayment } = start(async () => ({ payStatus: 'failed' }))
    expect(actor.getSnapshot().context.remaining).toBe(300)
    await vi.advanceTimersByTimeAsync(4_999)
    expect(pollPayment).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context.remaining).toBe(296)
    await vi.advanceTimersByTimeAsync(1)
    expect(pollPayment).toHaveBeenCalledTimes(1)
    expect(pollPayment.mock.calls[0]?.[0].input).toEqual({ orderId: 'O-1' })
    await vi.advanceTimersByTimeAsync(290_000)
    expect(actor.getSnapshot().context.remaining).toBe(5)
    expect(pollPayment).toHaveBeenCalledTimes(59)
    expectToBeIn(actor, 'active')
    await vi.advanceTimersByTimeAsync(5_000)
    expectToBeIn(actor, 'timedOut')
    expect(actor.getSnapshot().context.remaining).toBe(0)
    // no polling after the timeout
    await vi.advanceTimersByTimeAsync(60_000)
    expect(pollPayment).toHaveBeenCalledTimes(59)
  })

  it('moves on when the polled payStatus is success', async () => {
    let paid = false
    const { actor } = start(async () => ({ payStatus: paid ? 'success' : 'failed' }))
    await vi.advanceTimersByTimeAsync(10_000)
    expectToBeIn(actor, 'active.polling.idle')
    paid = true
    await vi.advanceTimersByTimeAsync(5_000)
    expectToBeIn(actor, 'paid')
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().output).toEqual({ order })
  })

  it('keeps polling when a poll fails', async () => {
    let calls = 0
    const { actor } = start(async () => {
      calls++
      if (calls === 1) throw new Error('网络异常')
      return { payStatus: 'success' }
    })
    await vi.advanceTimersByTimeAsync(5_000)
    expectToBeIn(actor, 'active.polling.idle')
    await vi.advanceTimersByTimeAsync(5_000)
    expectToBeIn(actor, 'paid')
  })

  it('refresh creates a new QR order and restarts the countdown', async () => {
    const { actor, createQrOrder, pollPayment } = start(async () => ({ payStatus: 'failed' }))
    await vi.advanceTimersByTimeAsync(QR_VALIDITY_SECONDS * 1_000)
    expectToBeIn(actor, 'timedOut')
    actor.send({ type: 'qr.refresh' })
    expectToBeIn(actor, 'refreshing')
    await vi.advanceTimersByTimeAsync(0)
    expect(createQrOrder).toHaveBeenCalledTimes(1)
    expectToBeIn(actor, 'active')
    expect(actor.getSnapshot().context).toMatchObject({ order: newOrder, remaining: 300, error: null })
    pollPayment.mockClear()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(pollPayment.mock.calls[0]?.[0].input).toEqual({ orderId: 'O-2' })
  })

  it('a failed refresh stays on the timeout screen with the message', async () => {
    const { actor } = start(
      async () => ({ payStatus: 'failed' }),
      async () => {
        throw new Error('服务繁忙')
      },
    )
    await vi.advanceTimersByTimeAsync(300_000)
    actor.send({ type: 'qr.refresh' })
    await vi.advanceTimersByTimeAsync(0)
    expectToBeIn(actor, 'timedOut')
    expect(actor.getSnapshot().context.error).toBe('服务繁忙')
  })

  it('an order the pay service closed (the payer refused) ends the polling; refresh makes a new order', async () => {
    let status: PaymentResult['payStatus'] = 'failed'
    const { actor, pollPayment, createQrOrder } = start(async () => ({ payStatus: status }))
    await vi.advanceTimersByTimeAsync(5_000)
    expectToBeIn(actor, 'active.polling.idle')
    status = 'closed'
    await vi.advanceTimersByTimeAsync(5_000)
    expectToBeIn(actor, 'closed')
    // no countdown and no polling on a dead code
    const remaining = actor.getSnapshot().context.remaining
    await vi.advanceTimersByTimeAsync(60_000)
    expect(pollPayment).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.remaining).toBe(remaining)
    status = 'failed'
    actor.send({ type: 'qr.refresh' })
    await vi.advanceTimersByTimeAsync(0)
    expect(createQrOrder).toHaveBeenCalledTimes(1)
    expectToBeIn(actor, 'active')
    expect(actor.getSnapshot().context).toMatchObject({ order: newOrder, remaining: 300, error: null })
  })

  it('a failed refresh of a closed order stays on the closed screen with the message', async () => {
    const { actor } = start(
      async () => ({ payStatus: 'closed' }),
      async () => {
        throw new Error('服务繁忙')
      },
    )
    await vi.advanceTimersByTimeAsync(5_000)
    expectToBeIn(actor, 'closed')
    actor.send({ type: 'qr.refresh' })
    await vi.advanceTimersByTimeAsync(0)
    expectToBeIn(actor, 'closed')
    expect(actor.getSnapshot().context.error).toBe('服务繁忙')
    expect(QR_CLOSED_TITLE).toBe('支付未完成，订单已关闭')
  })

  it('a failed refresh without a message says so in Chinese', async () => {
    const { actor } = start(
      async () => ({ payStatus: 'failed' }),
      () => Promise.reject({}),
    )
    await vi.advanceTimersByTimeAsync(300_000)
    actor.send({ type: 'qr.refresh' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.error).toBe(QR_REFRESH_FAILED)
  })
})

describe('isPollDue', () => {
  it('is due at every 5th elapsed second and never at zero', () => {
    const due = Array.from({ length: QR_VALIDITY_SECONDS }, (_, i) => QR_VALIDITY_SECONDS - i - 1).filter((r) =>
      isPollDue(QR_VALIDITY_SECONDS, r),
    )
    expect(due.length).toBe(QR_VALIDITY_SECONDS / POLL_EVERY_SECONDS - 1)
    expect(due[0]).toBe(295)
    expect(due.at(-1)).toBe(5)
    expect(isPollDue(QR_VALIDITY_SECONDS, 0)).toBe(false)
  })
})

import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest'
import { createActor, fromPromise, type ActorRefFrom } from 'xstate'
import { ApiError } from '../api/api-error'
import type { PurchaseInfo } from '../api/order'
import type { CreatedOrder, OrderRequest, PaymentResult } from '../api/payment'
import { expectFullCoverage, expectToBeIn } from '../testing/model-coverage'
import { edgePaths, ownEvents, replayPaths } from '../testing/path-replay'
import { qrPaymentMachine } from './qr-payment.machine'
import { BALANCE_FAILED, RECHARGE_FAILED, RECHARGE_OPTIONS_FAILED, rechargeMachine, type RechargeOrder } from './recharge.machine'
import { fakeTimersPerTest } from '../testing/fake-timers'

const option = (specsId: number, price: number): PurchaseInfo => ({ specsId, name: `${price / 100} 格隆贝`, price, currentPriceText: `¥${(price / 100).toFixed(2)}`, coupons: [] })
const options = [option(401, 10_000), option(402, 50_000)]
const request: OrderRequest = { goodsId: 402, channel: 'wx_pub_qr', publicKey: 'pk', userToken: 'tk' }
const order: CreatedOrder = { id: 'R-1', amount: 50_000, data: { codeUrl: 'http://127.0.0.1/sandbox/pay/abc' }, subject: '500 格隆贝' }
const made: RechargeOrder = { order, request }

fakeTimersPerTest({ beforeEach, afterEach, vi })

describe('rechargeMachine — model', () => {
  const input = { coin: 5_000, lacking: 14_900 }
  const events = ownEvents([
    { type: 'xstate.done.actor.loadOptions', output: options },
    { type: 'xstate.done.actor.loadOptions', output: [] },
    { type: 'xstate.error.actor.loadOptions', error: new ApiError({ statusCode: 500, message: '商品不存在或已下架' }) },
    { type: 'xstate.error.actor.loadOptions', error: {} },
    { type: 'recharge.choose', specsId: 401 },
    { type: 'recharge.choose', specsId: 999 },
    { type: 'xstate.done.actor.createRecharge', output: made },
    { type: 'xstate.error.actor.createRecharge', error: new ApiError({ statusCode: 503, message: '微信支付暂不可用，请使用格隆贝支付' }) },
    { type: 'xstate.error.actor.createRecharge', error: {} },
    { type: 'xstate.done.actor.qrPayment', output: { order } },
    { type: 'xstate.done.actor.loadBalance', output: 55_000 },
    { type: 'xstate.error.actor.loadBalance', error: {} },
  ])
  const paths = edgePaths(rechargeMachine, { input, events })

  it('reaches every state and takes every transition', () => {
    expectFullCoverage(rechargeMachine, paths, { input })
  })

  it('a real actor on fake timers follows every path', async () => {
    const steps = await replayPaths(rechargeMachine, paths, {
      input,
      deferredActors: ['loadOptions', 'createRecharge', 'qrPayment', 'loadBalance'],
      advanceTime: (ms) => vi.advanceTimersByTimeAsync(ms),
    })
    expect(steps).toBeGreaterThan(paths.length)
  })
})

describe('rechargeMachine — behaviour', () => {
  function start(opts: { lacking?: number; create?: () => Promise<RechargeOrder>; poll?: () => Promise<PaymentResult>; balance?: () => Promise<number> } = {}) {
    const createRecharge = vi.fn(({ input }: { input: { specsId: number } }) => (opts.create ? opts.create() : Promise.resolve({ ...made, request: { ...request, goodsId: input.specsId } })))
    const pollPayment = vi.fn(({ input }: { input: { orderId: string } }) => (opts.poll ? opts.poll() : Promise.resolve<PaymentResult>({ payStatus: input.orderId ? 'success' : 'failed' })))
    const createQrOrder = vi.fn(async ({ input }: { input: OrderRequest }) => ({ ...order, id: `R-${input.goodsId}` }))
    const loadBalance = vi.fn(({ input }: { input: { orderId: string } }) => (opts.balance ? opts.balance() : Promise.resolve(input.orderId === 'R-1' ? 55_000 : 0)))
    const machine = rechargeMachine.provide({
      actors: {
        loadOptions: fromPromise(async (): Promise<ReadonlyArray<PurchaseInfo>> => options),
        createRecharge: fromPromise(createRecharge),
        qrPayment: qrPaymentMachine.provide({ actors: { pollPayment: fromPromise(pollPayment), createQrOrder: fromPromise(createQrOrder) } }) as never,
        loadBalance: fromPromise(loadBalance),
      },
    })
    const actor = createActor(machine, { input: { coin: 5_000, lacking: opts.lacking ?? 14_900 } }).start()
    return { actor, createRecharge, pollPayment, createQrOrder, loadBalance }
  }
  const flush = () => vi.advanceTimersByTimeAsync(0)

  it('offers the amount that covers the purchase, pays its QR, reads the credited balance and hands it back', async () => {
    const { actor, createRecharge, pollPayment, loadBalance } = start()
    await flush()
    expectToBeIn(actor, 'choosing')
    // ¥149.00 lacking: 100 格隆贝 is not enough, 500 is
    expect(actor.getSnapshot().context.specsId).toBe(402)
    actor.send({ type: 'recharge.submit' })
    await flush()
    expect(createRecharge.mock.calls[0]?.[0].input).toEqual({ specsId: 402 })
    expectToBeIn(actor, 'paying')
    // the QR page polls every 5 s (spec 001 §4) — here recharge-status — and moves on when paid
    await vi.advanceTimersByTimeAsync(5_000)
    expect(pollPayment).toHaveBeenCalledTimes(1)
    expect(pollPayment.mock.calls[0]?.[0].input).toEqual({ orderId: 'R-1' })
    expectToBeIn(actor, 'credited')
    expect(loadBalance.mock.calls[0]?.[0].input).toEqual({ orderId: 'R-1' })
    expect(actor.getSnapshot().context.coin).toBe(55_000)
    actor.send({ type: 'recharge.done' })
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().output).toEqual({ coin: 55_000 })
  })

  it('nothing lacking: the cheapest amount; only an offered amount can be chosen', async () => {
    const { actor } = start({ lacking: 0 })
    await flush()
    expect(actor.getSnapshot().context.specsId).toBe(401)
    actor.send({ type: 'recharge.choose', specsId: 999 })
    expect(actor.getSnapshot().context.specsId).toBe(401)
    actor.send({ type: 'recharge.choose', specsId: 402 })
    expect(actor.getSnapshot().context.specsId).toBe(402)
  })

  it('a refused order shows the server’s message (or ours) and stays on the amounts', async () => {
    const a = start({ create: () => Promise.reject(new ApiError({ statusCode: 503, message: '微信支付暂不可用，请使用格隆贝支付' })) })
    await flush()
    a.actor.send({ type: 'recharge.submit' })
    await flush()
    expectToBeIn(a.actor, 'choosing')
    expect(a.actor.getSnapshot().context.error).toBe('微信支付暂不可用，请使用格隆贝支付')
    const b = start({ create: () => Promise.reject(new Error('')) })
    await flush()
    b.actor.send({ type: 'recharge.submit' })
    await flush()
    expect(b.actor.getSnapshot().context.error).toBe(RECHARGE_FAILED)
    // choosing again clears it
    b.actor.send({ type: 'recharge.choose', specsId: 401 })
    expect(b.actor.getSnapshot().context.error).toBeNull()
  })

  it('from the QR code back to the amounts: no poll after leaving', async () => {
    const { actor, pollPayment } = start({ poll: async () => ({ payStatus: 'failed' }) })
    await flush()
    actor.send({ type: 'recharge.submit' })
    await flush()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(pollPayment).toHaveBeenCalledTimes(1)
    actor.send({ type: 'recharge.back' })
    expectToBeIn(actor, 'choosing')
    expect(actor.getSnapshot().context.recharge).toBeNull()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(pollPayment).toHaveBeenCalledTimes(1)
  })

  it('the QR times out after 300 s and its refresh makes a new recharge order of the same amount', async () => {
    const { actor, createQrOrder } = start({ poll: async () => ({ payStatus: 'failed' }) })
    await flush()
    actor.send({ type: 'recharge.submit' })
    await flush()
    await vi.advanceTimersByTimeAsync(300_000)
    const qr = actor.getSnapshot().children.qrPayment as ActorRefFrom<typeof qrPaymentMachine>
    expect(qr.getSnapshot().value).toBe('timedOut')
    qr.send({ type: 'qr.refresh' })
    await flush()
    expect(createQrOrder.mock.calls[0]?.[0].input).toEqual({ ...request, goodsId: 402 })
  })

  it('amounts that fail to load, and a balance that fails to read, each retry', async () => {
    let fail = true
    const machine = rechargeMachine.provide({
      actors: {
        loadOptions: fromPromise(async (): Promise<ReadonlyArray<PurchaseInfo>> => {
          if (fail) throw new Error('')
          return options
        }),
      },
    })
    const actor = createActor(machine, { input: { coin: 0, lacking: 0 } }).start()
    await flush()
    expectToBeIn(actor, 'failed')
    expect(actor.getSnapshot().context.error).toBe(RECHARGE_OPTIONS_FAILED)
    fail = false
    actor.send({ type: 'recharge.retry' })
    await flush()
    expectToBeIn(actor, 'choosing')

    let reads = 0
    const b = start({
      balance: async () => {
        reads++
        if (reads === 1) throw new Error('')
        return 55_000
      },
    })
    await flush()
    b.actor.send({ type: 'recharge.submit' })
    await flush()
    await vi.advanceTimersByTimeAsync(5_000)
    expectToBeIn(b.actor, 'balanceFailed')
    expect(b.actor.getSnapshot().context.error).toBe(BALANCE_FAILED)
    b.actor.send({ type: 'recharge.retry' })
    await flush()
    expectToBeIn(b.actor, 'credited')
    expect(b.actor.getSnapshot().context).toMatchObject({ coin: 55_000, error: null })
  })
})

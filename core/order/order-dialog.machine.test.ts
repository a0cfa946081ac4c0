import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest'
import { createActor, fromPromise, type ActorRefFrom, type AnyMachineSnapshot } from 'xstate'
import { ApiError } from '../api/api-error'
import { expectFullCoverage, expectToBeIn } from '../testing/model-coverage'
import { edgePaths, ownEvents, replayPaths } from '../testing/path-replay'
import { coupon, goods, infoPlain, infoSigned } from '../testing/order-samples'
import type { CreatedOrder, OrderRequest, PaymentResult } from '../api/payment'
import { qrPaymentMachine } from '../payment/qr-payment.machine'
import { rechargeMachine, type RechargeOrder } from '../payment/recharge.machine'
import type { OrderGoods, OrderInfo, PrePurchaseConfirmation, PurchaseInfo } from '../api/order'
import {
  COIN_SHORT,
  COIN_SHORT_DESCRIPTION,
  createOrderFailed,
  ERROR_TOAST_MS,
  guruPayFailed,
  NO_ORDER_NUMBER,
  orderDialogMachine,
  PRE_PURCHASE_FAILED,
  PRICE_FAILED,
  RISK_CONSENT_ALERT,
  TOOLTIP_AGREEMENT,
  TOOLTIP_QUALIFICATION,
  type OrderDialogContext,
  type PaymentQuery,
} from './order-dialog.machine'
import { fakeTimersPerTest } from '../testing/fake-timers'

/** The clock port's time the dialog opens at (2026-11-27). */
const NOW_MS = Date.UTC(2026, 10, 27)

const confirmation: PrePurchaseConfirmation = {
  userInfo: { realName: '张三' },
  commodity: { name: '黑金会员' },
  riskVO: { result: 'C3', productRiskLevel: 'R3', isMatch: false },
  companyInfo: { companyName: '某某投资顾问' },
  agreements: [{ id: 1, title: '服务协议' }],
}
const order: CreatedOrder = { id: 'O-1', amount: 9_900, data: { codeUrl: 'weixin://wxpay/1' }, subject: '黑金会员' }
const qualified = { certification: true, svipInvestor: true }
const unqualified = { certification: true, svipInvestor: false }

fakeTimersPerTest({ beforeEach, afterEach, vi })

describe('orderDialogMachine — model', () => {
  const events = ownEvents([
    { type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin: 0, nowMs: NOW_MS },
    { type: 'dialog.open', goods, specsId: 11, kyc: unqualified, coin: 0, nowMs: NOW_MS },
    { type: 'dialog.request', specsId: 11, kyc: qualified, coin: 0, nowMs: NOW_MS },
    { type: 'xstate.done.actor.loadGoods', output: goods },
    { type: 'xstate.error.actor.loadGoods', error: new ApiError({ statusCode: 500, message: '获取价格失败' }) },
    { type: 'xstate.done.actor.fetchPayment', output: infoSigned },
    { type: 'xstate.done.actor.fetchPayment', output: infoPlain },
    { type: 'xstate.error.actor.fetchPayment', error: new ApiError({ statusCode: 500, message: '商品已下架' }) },
    { type: 'xstate.error.actor.fetchPayment', error: {} },
    { type: 'xstate.done.actor.fetchGoods', output: goods },
    { type: 'xstate.error.actor.fetchGoods', error: new Error('x') },
    { type: 'xstate.done.actor.fetchCoupons', output: [coupon(7)] },
    { type: 'xstate.error.actor.fetchCoupons', error: new Error('x') },
    { type: 'good.choose', specsId: 12 },
    { type: 'member.choose', specsId: 5 },
    { type: 'coupon.choose', couponId: 4 },
    { type: 'paymethod.choose', paymethod: 'gurucoin' },
    { type: 'stack.open', page: 'riskLevelStatement' },
    { type: 'stack.open', page: 'riskLevelDirectory' },
    { type: 'stack.open', page: 'riskNotification' },
    { type: 'stack.open', page: 'riskDisclosure' },
    { type: 'xstate.done.actor.fetchConfirmation', output: confirmation },
    { type: 'xstate.error.actor.fetchConfirmation', error: new Error('x') },
    { type: 'agreement.read', id: 1 },
    { type: 'xstate.done.actor.signAgreements', output: null },
    { type: 'xstate.error.actor.signAgreements', error: new Error('签署失败') },
    { type: 'xstate.error.actor.signAgreements', error: {} },
    { type: 'xstate.done.actor.createOrder', output: order },
    { type: 'xstate.done.actor.createOrder', output: { ...order, id: '' } },
    { type: 'xstate.error.actor.createOrder', error: new ApiError({ statusCode: 1012, message: '需绑定', result: { nick: '微信用户' } }) },
    { type: 'xstate.error.actor.createOrder', error: new ApiError({ statusCode: 500, message: '库存不足' }) },
    { type: 'xstate.done.actor.guruPay', output: null },
    { type: 'xstate.error.actor.guruPay', error: new ApiError({ statusCode: 500, message: '' }) },
    { type: 'xstate.done.actor.qrPayment', output: { order } },
    { type: 'xstate.done.actor.loadSuccessInfo', output: { assistantQrCodeUrl: 'u', name: '小助手', returnRoute: '/member' } },
    { type: 'xstate.error.actor.loadSuccessInfo', error: new Error('x') },
    {
      type: 'address.submit',
      address: { name: '张三', countryCode: '86', phoneNum: '13800000000', country: '中国', state: '广东省', city: '深圳市', address: '科技园1号' },
    },
    { type: 'xstate.done.actor.saveAddress', output: null },
    { type: 'xstate.error.actor.saveAddress', error: new Error('保存失败') },
    { type: 'xstate.done.actor.attestation', output: { resultId: 42, kyc: qualified } },
    { type: 'kyc.change', kyc: qualified },
    { type: 'xstate.done.actor.loadAssetAllocation', output: { configurations: [{ name: '股票', proportion: 40 }] } },
    { type: 'xstate.error.actor.loadAssetAllocation', error: new Error('x') },
    { type: 'xstate.done.actor.recharge', output: { coin: 60_000 } },
  ])
  // The graph is the state value plus what the guards read; the paths stay concrete.
  const serializeState = (s: AnyMachineSnapshot) => {
    const c = s.context as OrderDialogContext
    return JSON.stringify([
      s.value,
      c.kyc.svipInvestor,
      c.orderInfo?.agreements.length ?? -1,
      c.orderInfo?.vipDiscount != null,
      c.agreed,
      c.paymethod,
      c.riskConsent,
    ])
  }
  const paths = edgePaths(orderDialogMachine, { events, serializeState })

  it('reaches every state and takes every transition', () => {
    expectFullCoverage(orderDialogMachine, paths)
  })

  it('a real actor on fake timers follows every path', async () => {
    await replayPaths(orderDialogMachine, paths, {
      // the graph merges snapshots that agree on the key, so the key is what the actor must match
      project: serializeState,
      deferredActors: [
        'fetchPayment',
        'fetchGoods',
        'fetchCoupons',
        'fetchConfirmation',
        'signAgreements',
        'createOrder',
        'guruPay',
        'qrPayment',
        'attestation',
        'loadAssetAllocation',
        'loadSuccessInfo',
        'saveAddress',
        'recharge',
      ],
      advanceTime: (ms) => vi.advanceTimersByTimeAsync(ms),
      prepare: (m) =>
        m.provide({
          actions: { showToast: () => {}, showAlert: () => {}, reloadPage: () => {}, openBindFlow: () => {}, reportKyc: () => {}, reportCoin: () => {} },
        }),
    })
  })

})

describe('orderDialogMachine — behaviour', () => {
  function start(ports: { payment?: (q: PaymentQuery) => Promise<OrderInfo>; create?: (r: OrderRequest) => Promise<CreatedOrder>; recharge?: typeof rechargeMachine; goods?: (specsId: number | null) => Promise<OrderGoods> } = {}) {
    const fetchGoods = vi.fn(({ input }: { input: { specsId: number | null } }) => (ports.goods ?? (async () => goods))(input.specsId))
    const fetchPayment = vi.fn(({ input }: { input: PaymentQuery }) => (ports.payment ?? (async () => infoPlain))(input))
    const fetchCoupons = vi.fn(async (_: { input: { specsId: number } }) => [coupon(9)])
    const createOrder = vi.fn(({ input }: { input: OrderRequest }) => (ports.create ?? (async () => order))(input))
    const showToast = vi.fn()
    const reloadPage = vi.fn()
    const openBindFlow = vi.fn()
    const showAlert = vi.fn()
    const pollPayment = vi.fn(async (_: { input: { orderId: string } }): Promise<PaymentResult> => ({ payStatus: 'success' }))
    const reportCoin = vi.fn()
    const machine = orderDialogMachine.provide({
      actors: {
        fetchPayment: fromPromise(fetchPayment),
        fetchGoods: fromPromise(fetchGoods),
        fetchCoupons: fromPromise(fetchCoupons),
        fetchConfirmation: fromPromise(async () => confirmation),
        signAgreements: fromPromise(async (): Promise<unknown> => null),
        createOrder: fromPromise(createOrder),
        guruPay: fromPromise(async (): Promise<unknown> => null),
        qrPayment: qrPaymentMachine.provide({
          actors: { pollPayment: fromPromise(pollPayment), createQrOrder: fromPromise(async () => order) },
        }) as never,
        loadSuccessInfo: fromPromise(async () => ({ assistantQrCodeUrl: 'u', name: '小助手', returnRoute: '/member' })),
        recharge: ports.recharge ?? rechargeMachine,
      },
      actions: {
        showToast: (_, p) => showToast(p),
        reloadPage,
        openBindFlow: (_, p) => openBindFlow(p),
        showAlert: (_, p) => showAlert(p),
        reportKyc: () => {},
        reportCoin: (_, p) => reportCoin(p),
      },
    })
    const actor = createActor(machine).start()
    return { actor, fetchPayment, fetchGoods, fetchCoupons, createOrder, showToast, reloadPage, openBindFlow, showAlert, pollPayment, reportCoin }
  }
  const flush = () => vi.advanceTimersByTimeAsync(0)
  const ctx = (a: { getSnapshot(): { context: OrderDialogContext } }) => a.getSnapshot().context

  it('a buy request reads the goods of its spec, then opens on them and prices them; nothing on sale: a message and no dialog', async () => {
    const { actor, fetchGoods, fetchPayment, showToast } = start()
    actor.send({ type: 'dialog.request', specsId: 11, kyc: qualified, coin: 500, nowMs: NOW_MS })
    expectToBeIn(actor, 'requesting')
    expect(ctx(actor)).toMatchObject({ specsId: 11, coin: 500, kyc: qualified, openedAtMs: NOW_MS, goods: null })
    await flush()
    expect(fetchGoods.mock.calls[0]?.[0].input).toEqual({ specsId: 11 })
    expectToBeIn(actor, 'open.index.ready')
    expect(ctx(actor)).toMatchObject({ specsId: 11, goods, kyc: qualified, openedAtMs: NOW_MS })
    expect(fetchPayment.mock.calls[0]?.[0].input).toEqual({ specsIds: [11], couponId: 2, noNeedCoupon: false })

    const refused = start({ goods: async () => Promise.reject(new ApiError({ statusCode: 500, message: '' })) })
    refused.actor.send({ type: 'dialog.request', specsId: 99, kyc: qualified, coin: 0, nowMs: NOW_MS })
    await flush()
    expectToBeIn(refused.actor, 'closed')
    expect(refused.showToast).toHaveBeenCalledWith({ type: 'error', message: PRICE_FAILED, durationMs: ERROR_TOAST_MS })
    expect(showToast).not.toHaveBeenCalled()
  })

  it('opens on the given good with its first available coupon and prices it', async () => {
    const { actor, fetchPayment } = start()
    actor.send({ type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin: 0, nowMs: NOW_MS })
    await flush()
    expectToBeIn(actor, 'open.index.ready')
    expect(fetchPayment.mock.calls[0]?.[0].input).toEqual({ specsIds: [11], couponId: 2, noNeedCoupon: false })
  })

  it('choosing a good resets the pay method to wechat, picks its first coupon and reprices', async () => {
    const { actor, fetchPayment } = start()
    actor.send({ type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin: 0, nowMs: NOW_MS })
    await flush()
    actor.send({ type: 'paymethod.choose', paymethod: 'gurucoin' })
    actor.send({ type: 'good.choose', specsId: 12 })
    expect(ctx(actor).paymethod).toBe('wechat')
    await flush()
    expect(fetchPayment.mock.calls.at(-1)?.[0].input).toEqual({ specsIds: [12], couponId: 3, noNeedCoupon: false })
  })

  it('the membership add-on toggles its specs id; a member spec clears the coupon and fetches coupons', async () => {
    const { actor, fetchPayment, fetchCoupons } = start({ payment: async () => infoSigned })
    actor.send({ type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin: 0, nowMs: NOW_MS })
    await flush()
    actor.send({ type: 'member.toggle' })
    await flush()
    expect(fetchPayment.mock.calls.at(-1)?.[0].input.specsIds).toEqual([11, 5])
    actor.send({ type: 'member.toggle' })
    await flush()
    expect(fetchPayment.mock.calls.at(-1)?.[0].input.specsIds).toEqual([11])
    actor.send({ type: 'member.choose', specsId: 6 })
    expect(ctx(actor).chooseCoupon).toBeNull()
    await flush()
    expect(fetchCoupons.mock.calls.at(-1)?.[0].input).toEqual({ specsId: 6 })
    expect(ctx(actor).couponList.map((c) => c.couponId)).toEqual(infoSigned.couponList.map((c) => c.couponId))
  })

  it('a price reload without a result clears the member spec, refetches goods and toasts the message for 5 s', async () => {
    let fail = false
    const { actor, showToast } = start({
      payment: async () => {
        if (fail) throw new ApiError({ statusCode: 500, message: '规格不可购买' })
        return infoSigned
      },
    })
    actor.send({ type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin: 0, nowMs: NOW_MS })
    await flush()
    fail = true
    actor.send({ type: 'member.toggle' })
    await flush()
    expectToBeIn(actor, 'open.index.ready')
    expect(ctx(actor).memberSpecsId).toBeNull()
    expect(showToast).toHaveBeenCalledWith({ type: 'error', message: '规格不可购买', durationMs: 5_000 })
  })

  it('not qualified: the tooltip shows, and after 2 s the attestation page opens', async () => {
    const { actor } = start()
    actor.send({ type: 'dialog.open', goods, specsId: 11, kyc: unqualified, coin: 0, nowMs: NOW_MS })
    await flush()
    actor.send({ type: 'order.submit' })
    expect(ctx(actor).tooltip).toBe(TOOLTIP_QUALIFICATION)
    await vi.advanceTimersByTimeAsync(1_999)
    expectToBeIn(actor, 'open.index.qualificationTooltip')
    await vi.advanceTimersByTimeAsync(1)
    expectToBeIn(actor, 'open.attestation')
    expect(ctx(actor).attestationStep).toBe(0)
  })

  it('agreements must be ticked; gurucoin needs the balance', async () => {
    const { actor, showToast, createOrder } = start({ payment: async () => infoSigned })
    actor.send({ type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin: 0, nowMs: NOW_MS })
    await flush()
    actor.send({ type: 'order.submit' })
    expect(ctx(actor).tooltip).toBe(TOOLTIP_AGREEMENT)
    actor.send({ type: 'agreement.toggle' })
    actor.send({ type: 'paymethod.choose', paymethod: 'gurucoin' })
    actor.send({ type: 'order.submit' })
    expect(showToast).toHaveBeenCalledWith({ type: 'error', message: COIN_SHORT, description: COIN_SHORT_DESCRIPTION, durationMs: 5_000 })
    expectToBeIn(actor, 'open.index.ready')
    actor.send({ type: 'paymethod.choose', paymethod: 'wechat' })
    actor.send({ type: 'order.submit' })
    await flush()
    expectToBeIn(actor, 'open.prePurchase.riskMatch')
    // the risk-assessment notification letter must be ticked
    actor.send({ type: 'risk.confirm' })
    expectToBeIn(actor, 'open.prePurchase.riskMatch')
    actor.send({ type: 'risk.consent' })
    actor.send({ type: 'risk.confirm' })
    actor.send({ type: 'agreement.sign' })
    await flush()
    expect(createOrder.mock.calls[0]?.[0].input).toEqual({ goodsId: 11, channel: 'wx_pub_qr', couponId: 2, publicKey: 'pk', userToken: 'tk' })
    expectToBeIn(actor, 'open.pay')
  })

  it('a short balance: 去充值 tops up what the purchase lacks, then the new balance pays with 格隆贝', async () => {
    let coin = 1_000
    const topUp = rechargeMachine.provide({
      actors: {
        loadOptions: fromPromise(async (): Promise<ReadonlyArray<PurchaseInfo>> => [{ specsId: 401, name: '100 格隆贝', price: 10_000, coupons: [] }]),
        createRecharge: fromPromise(async (): Promise<RechargeOrder> => ({ order: { ...order, id: 'R-1', amount: 10_000 }, request: { goodsId: 401, channel: 'wx_pub_qr', publicKey: 'pk', userToken: 'tk' } })),
        qrPayment: qrPaymentMachine.provide({
          actors: {
            pollPayment: fromPromise(async (): Promise<PaymentResult> => {
              coin = 11_000 // the server credited it when the pay service said paid
              return { payStatus: 'success' }
            }),
            createQrOrder: fromPromise(async () => order),
          },
        }) as never,
        loadBalance: fromPromise(async () => coin),
      },
    })
    const { actor, showToast, createOrder, fetchPayment, reportCoin } = start({ payment: async () => ({ ...infoPlain, userCoin: coin }), recharge: topUp })
    actor.send({ type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin, nowMs: NOW_MS })
    await flush()
    actor.send({ type: 'paymethod.choose', paymethod: 'gurucoin' })
    actor.send({ type: 'order.submit' })
    // spec 001 §8: the short balance toast, nothing ordered
    expect(showToast).toHaveBeenCalledWith({ type: 'error', message: COIN_SHORT, description: COIN_SHORT_DESCRIPTION, durationMs: 5_000 })
    expect(createOrder).not.toHaveBeenCalled()
    actor.send({ type: 'recharge.open' })
    expectToBeIn(actor, 'open.recharge')
    const child = actor.getSnapshot().children.recharge as ActorRefFrom<typeof rechargeMachine>
    // the top-up starts from the balance and what ¥99.00 lacks
    expect(child.getSnapshot().context).toMatchObject({ coin: 1_000, lacking: 8_900 })
    await flush()
    expect(child.getSnapshot().context.specsId).toBe(401)
    child.send({ type: 'recharge.submit' })
    await flush()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(child.getSnapshot().value).toBe('credited')
    child.send({ type: 'recharge.done' })
    await flush()
    // back on the confirm page: the new balance, 格隆贝 chosen, the price reloaded, the session told
    expectToBeIn(actor, 'open.index.ready')
    expect(ctx(actor)).toMatchObject({ coin: 11_000, paymethod: 'gurucoin' })
    expect(reportCoin).toHaveBeenCalledWith({ coin: 11_000 })
    expect(fetchPayment).toHaveBeenCalledTimes(2)
    actor.send({ type: 'order.submit' })
    await flush()
    expect(createOrder.mock.calls[0]?.[0].input.channel).toBe('guru_pay')
    expectToBeIn(actor, 'open.success')
  })

  it('leaving the top-up (back) reloads the price, so a balance credited meanwhile shows', async () => {
    const { actor, fetchPayment } = start({ recharge: rechargeMachine.provide({ actors: { loadOptions: fromPromise(async (): Promise<ReadonlyArray<PurchaseInfo>> => []) } }) })
    actor.send({ type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin: 0, nowMs: NOW_MS })
    await flush()
    actor.send({ type: 'recharge.open' })
    await flush()
    actor.send({ type: 'page.back' })
    await flush()
    expectToBeIn(actor, 'open.index.ready')
    expect(fetchPayment).toHaveBeenCalledTimes(2)
    expect(ctx(actor).coin).toBe(100_000)
  })

  it('reassessment from the risk match opens attestation value 3', async () => {
    const { actor } = start({ payment: async () => infoSigned })
    actor.send({ type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin: 0, nowMs: NOW_MS })
    await flush()
    actor.send({ type: 'agreement.toggle' })
    actor.send({ type: 'order.submit' })
    await flush()
    actor.send({ type: 'risk.reassess' })
    expectToBeIn(actor, 'open.attestation')
    expect(ctx(actor).attestationStep).toBe(3)
  })

  it('WeChat: pay → success when the polled status is success; closing on success reloads', async () => {
    const { actor, reloadPage, pollPayment } = start()
    actor.send({ type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin: 0, nowMs: NOW_MS })
    await flush()
    actor.send({ type: 'order.submit' })
    await flush()
    expectToBeIn(actor, 'open.pay')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(pollPayment).toHaveBeenCalledTimes(1)
    expectToBeIn(actor, 'open.success.shown')
    actor.send({ type: 'dialog.close' })
    expect(reloadPage).toHaveBeenCalledTimes(1)
    expectToBeIn(actor, 'closed')
  })

  it('gurucoin: guru_pay order, then success; a missing order number is refused', async () => {
    const a = start()
    a.actor.send({ type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin: 0, nowMs: NOW_MS })
    await flush()
    a.actor.send({ type: 'paymethod.choose', paymethod: 'gurucoin' })
    a.actor.send({ type: 'order.submit' })
    await flush()
    expect(a.createOrder.mock.calls[0]?.[0].input.channel).toBe('guru_pay')
    expectToBeIn(a.actor, 'open.success')

    const b = start({ create: async () => ({ ...order, id: '' }) })
    b.actor.send({ type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin: 0, nowMs: NOW_MS })
    await flush()
    b.actor.send({ type: 'order.submit' })
    await flush()
    expect(b.showToast).toHaveBeenCalledWith({ type: 'error', message: NO_ORDER_NUMBER, durationMs: 5_000 })
  })

  it('create order 1012 opens the bind flow; other failures toast', async () => {
    const a = start({
      create: () => Promise.reject(new ApiError({ statusCode: 1012, message: '', result: { nick: '微信用户', avatar: 'a.png' } })),
    })
    a.actor.send({ type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin: 0, nowMs: NOW_MS })
    await flush()
    a.actor.send({ type: 'order.submit' })
    await flush()
    expect(a.openBindFlow).toHaveBeenCalledWith({ result: { nick: '微信用户', avatar: 'a.png' } })
    const b = start({ create: () => Promise.reject(new ApiError({ statusCode: 500, message: '' })) })
    b.actor.send({ type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin: 0, nowMs: NOW_MS })
    await flush()
    b.actor.send({ type: 'order.submit' })
    await flush()
    expect(b.showToast).toHaveBeenCalledWith({ type: 'error', message: createOrderFailed(''), durationMs: 5_000 })
    expect(createOrderFailed('')).toBe('创建订单失败：获取商品信息失败')
  })

  it('closing anywhere but success resets all info without reloading', async () => {
    const { actor, reloadPage } = start({ payment: async () => infoSigned })
    actor.send({ type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin: 0, nowMs: NOW_MS })
    await flush()
    actor.send({ type: 'agreement.toggle' })
    actor.send({ type: 'dialog.close' })
    expectToBeIn(actor, 'closed')
    expect(ctx(actor)).toMatchObject({ goods: null, agreed: false, orderInfo: null, paymethod: 'wechat' })
    expect(reloadPage).not.toHaveBeenCalled()
  })

  it('messages are the spec’s', () => {
    expect(guruPayFailed(undefined)).toBe('抱歉，抱歉，无法完成付款,无法完成付款')
    expect(guruPayFailed('余额冻结')).toBe('抱歉，余额冻结,无法完成付款')
    expect(RISK_CONSENT_ALERT).toBe('请先阅读并同意《风险测评告知函》')
    expect(PRE_PURCHASE_FAILED).toBe('获取购前信息失败')
  })
})

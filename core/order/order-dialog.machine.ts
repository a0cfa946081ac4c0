// The order dialog (spec 001 §2 'Order dialog', §4 'Order flow', §5 'Before ordering', §8):
// confirm order → coupon → pre-purchase stack → sign → create order → WeChat QR or gurucoin →
// success (→ address); attestation and asset-allocation advice when not yet qualified; a 格隆贝 top-up
// (recharge) when the balance is short, back to the confirm page with 格隆贝 chosen.
import { assign, fromPromise, sendParent, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate'
import { errorMessage, ownMessage } from '../api/api-error'
import { qrPaymentMachine, type QrPaymentInput } from '../payment/qr-payment.machine'
import { rechargeMachine, type RechargeInput, type RechargeOutput } from '../payment/recharge.machine'
import { shortfall } from '../payment/recharge'
import type { CreatedOrder, OrderRequest } from '../api/payment'
import { attestationMachine, type AttestationOutput, type Kyc } from '../attestation/attestation.machine'
import type { AssetAllocation } from '../api/attestation'
import type { Step } from '../attestation/attestation-rules'
import type {
  AddressPayload,
  Coupon,
  OrderGoods,
  OrderInfo,
  PrePurchaseConfirmation,
  SuccessInfo,
} from '../api/order'
import {
  canPayWithCoin,
  DEFAULT_PAYMETHOD,
  firstCoupon,
  purchaseInfoFor,
  specsIdsFor,
  toggleMemberSpecs,
  type PayMethod,
} from './pricing'

// --- messages (spec 001 §8) ------------------------------------------------------------------
export const TOOLTIP_QUALIFICATION = '请完成实名认证及合格投资者认证'
export const TOOLTIP_AGREEMENT = '请先勾选同意相关协议'
export const COIN_SHORT = '抱歉，格隆贝余额不足，无法完成付款'
/**
 * spec 001 §8: '…with description to top up via the app and contact support'; the web tops up too now
 * (issue 25: the dialog's 去充值), so the description names both.
 */
export const COIN_SHORT_DESCRIPTION = '请点击“去充值”或前往港美汇App充值，如有疑问请联系客服'
export const NO_ORDER_NUMBER = '抱歉，订单号不存在，无法完成付款'
export const PRE_PURCHASE_FAILED = '获取购前信息失败'
/** spec 001 §5 'Risk match'. */
export const RISK_CONSENT_ALERT = '请先阅读并同意《风险测评告知函》'
/** spec 001 §8: 'Guru pay non-200: 抱歉，{server message or 抱歉，无法完成付款},无法完成付款'. */
export const guruPayFailed = (message: string | undefined): string => `抱歉，${message || '抱歉，无法完成付款'},无法完成付款`
/** spec 001 §8: "'Failed to create order: ' plus the server message or 'failed to get goods info'". */
export const createOrderFailed = (message: string | undefined): string => `创建订单失败：${message || '获取商品信息失败'}`
/** Fallback when a price reload fails without a message. */
export const PRICE_FAILED = '获取价格失败'
export const SIGN_FAILED = '协议签署失败，请重试'

/** spec 001 §9: toast 3000 ms default, 5000 ms errors. */
export const TOAST_MS = 3_000
export const ERROR_TOAST_MS = 5_000
/** spec 001 §8: the qualification tooltip switches the page to attestation after 2 s. */
export const ATTESTATION_SWITCH_MS = 2_000
/** spec 001 §4 / §7: create order statusCode 1012 opens the bind flow. */
export const BIND_STATUS = 1012

export interface Toast {
  readonly type: 'error' | 'success' | 'info'
  readonly message: string
  readonly description?: string
  readonly durationMs: number
}

/** spec 001 §2: the documents of the pre-purchase stack reachable from the risk match. */
export type StackPage = 'riskLevelStatement' | 'riskLevelDirectory' | 'riskNotification' | 'riskDisclosure'

export interface OrderDialogContext {
  readonly goods: OrderGoods | null
  readonly specsId: number | null
  readonly paymethod: PayMethod
  readonly memberSpecsId: number | null
  readonly chooseCoupon: Coupon | null
  /** the user chose no coupon (payment call noNeedCoupon) */
  readonly noNeedCoupon: boolean
  readonly couponList: ReadonlyArray<Coupon>
  readonly orderInfo: OrderInfo | null
  readonly kyc: Kyc
  /** the clock port's time the dialog was opened at (ms); no guard reads the clock itself */
  readonly openedAtMs: number
  /** gurucoin balance, cents */
  readonly coin: number
  /** the agreement box on the confirm page */
  readonly agreed: boolean
  readonly tooltip: string | null
  readonly attestationStep: Step
  readonly resultId: number | null
  readonly allocation: AssetAllocation | null
  readonly confirmation: PrePurchaseConfirmation | null
  /** the risk-assessment notification letter is ticked */
  readonly riskConsent: boolean
  readonly readAgreementIds: ReadonlyArray<number>
  readonly createdOrder: CreatedOrder | null
  readonly successInfo: SuccessInfo | null
  readonly error: string | null
}

export type OrderDialogEvent =
  /** `nowMs`: the clock port's time (ms), for the attestation child's risk-result expiry */
  | { type: 'dialog.open'; goods: OrderGoods; specsId?: number; kyc: Kyc; coin: number; nowMs: number }
  /** a buy button pressed: the dialog reads the goods of that spec itself, then opens on them */
  | { type: 'dialog.request'; specsId: number; kyc: Kyc; coin: number; nowMs: number }
  | { type: 'dialog.close' }
  | { type: 'good.choose'; specsId: number }
  | { type: 'member.toggle' }
  | { type: 'member.choose'; specsId: number }
  | { type: 'coupon.open' }
  | { type: 'coupon.choose'; couponId: number | null }
  | { type: 'page.back' }
  | { type: 'paymethod.choose'; paymethod: PayMethod }
  | { type: 'agreement.toggle' }
  | { type: 'order.submit' }
  | { type: 'stack.open'; page: StackPage }
  | { type: 'stack.back' }
  | { type: 'stack.close' }
  | { type: 'risk.consent' }
  | { type: 'risk.confirm' }
  | { type: 'risk.reassess' }
  | { type: 'agreement.read'; id: number }
  | { type: 'agreement.sign' }
  | { type: 'address.open' }
  | { type: 'address.submit'; address: AddressPayload }
  /** sent by the attestation child when kyc changes */
  | { type: 'kyc.change'; kyc: Kyc }
  /** 去充值: top up 格隆贝 (issue 25) */
  | { type: 'recharge.open' }

export interface PaymentQuery {
  readonly specsIds: number[]
  readonly couponId?: number
  readonly noNeedCoupon: boolean
}

/** The attestation machine as the dialog runs it: kyc changes go to the dialog. */
export const attestationInDialog = attestationMachine.provide({
  actions: { reportKyc: sendParent((_, params: { kyc: Kyc }) => ({ type: 'kyc.change', kyc: params.kyc })) as never },
})

const EMPTY: OrderDialogContext = {
  goods: null,
  specsId: null,
  paymethod: DEFAULT_PAYMETHOD,
  memberSpecsId: null,
  chooseCoupon: null,
  noNeedCoupon: false,
  couponList: [],
  orderInfo: null,
  kyc: { certification: false, svipInvestor: false },
  openedAtMs: 0,
  coin: 0,
  agreed: false,
  tooltip: null,
  attestationStep: 0,
  resultId: null,
  allocation: null,
  confirmation: null,
  riskConsent: false,
  readAgreementIds: [],
  createdOrder: null,
  successInfo: null,
  error: null,
}

const statusOf = (error: unknown): number | undefined => {
  const s = typeof error === 'object' && error !== null ? (error as { statusCode?: unknown }).statusCode : undefined
  return typeof s === 'number' ? s : undefined
}
const outputOf = <T>(event: unknown): T => (event as DoneActorEvent<T>).output
const errorOf = (event: unknown): unknown => (event as ErrorActorEvent).error

function orderRequest(context: OrderDialogContext): OrderRequest {
  const info = context.orderInfo
  return {
    goodsId: info?.payInfo.packageSpecsId ?? context.specsId ?? 0,
    channel: context.paymethod === 'gurucoin' ? 'guru_pay' : 'wx_pub_qr',
    ...(context.chooseCoupon ? { couponId: context.chooseCoupon.couponId } : {}),
    publicKey: info?.publicKey ?? '',
    userToken: info?.userToken ?? '',
  }
}

export const orderDialogMachine = setup({
  types: {} as { context: OrderDialogContext; events: OrderDialogEvent },
  actors: {
    /**
     * GET /api/purchase/commodity/payment/v2 (specsIds, couponId, noNeedCoupon). Fails (with the
     * server's message) when the answer has no result.
     */
    fetchPayment: fromPromise<OrderInfo, PaymentQuery>(() => {
      throw new Error('provide fetchPayment')
    }),
    /** GET /api/purchase/goods-list/v7 (specsId) */
    fetchGoods: fromPromise<OrderGoods, { specsId: number | null }>(() => {
      throw new Error('provide fetchGoods')
    }),
    /** GET /api/user-coupons/{x}/coupons/v2 (isAvailable) */
    fetchCoupons: fromPromise<Coupon[], { specsId: number }>(() => {
      throw new Error('provide fetchCoupons')
    }),
    /** GET /api/pre-purchase/confirmation/v1 (specsId) */
    fetchConfirmation: fromPromise<PrePurchaseConfirmation, { specsId: number }>(() => {
      throw new Error('provide fetchConfirmation')
    }),
    /**
     * sign agreements (spec 001 §3: payload orderId, agreementIds). Signing names an order, so the port
     * gets the order request too: it creates the order (idempotent per key: the create-order step that
     * follows answers the same order) and signs against its id.
     */
    signAgreements: fromPromise<unknown, { specsId: number; agreementIds: number[]; request: OrderRequest }>(() => {
      throw new Error('provide signAgreements')
    }),
    /** POST /transaction/api/order/v1; fails with statusCode 1012 for the bind flow */
    createOrder: fromPromise<CreatedOrder, OrderRequest>(() => {
      throw new Error('provide createOrder')
    }),
    /** POST /transaction/api/guru-pay/v1 (orderId) */
    guruPay: fromPromise<unknown, { orderId: string }>(() => {
      throw new Error('provide guruPay')
    }),
    /** the WeChat QR page; provide qrPaymentMachine.provide({ actors }) */
    qrPayment: qrPaymentMachine,
    /** the attestation page; provide attestationInDialog.provide({ actors }) */
    attestation: attestationInDialog,
    /** the 格隆贝 top-up; provide rechargeMachine.provide({ actors }) */
    recharge: rechargeMachine,
    /** GET /api/asset-allocation/{id}/v1 */
    loadAssetAllocation: fromPromise<AssetAllocation, { id: number }>(() => {
      throw new Error('provide loadAssetAllocation')
    }),
    /** GET /api/purchase/assistant/v1 (specsId) */
    loadSuccessInfo: fromPromise<SuccessInfo, { specsId: number }>(() => {
      throw new Error('provide loadSuccessInfo')
    }),
    /** POST /api/user-address/v1 */
    saveAddress: fromPromise<unknown, AddressPayload>(() => {
      throw new Error('provide saveAddress')
    }),
  },
  delays: {
    /** spec 001 §8: the page switches to attestation 2 s after the tooltip */
    attestationSwitch: ATTESTATION_SWITCH_MS,
  },
  guards: {
    isUnpriced: ({ context }) => context.orderInfo === null || context.specsId === null,
    /** spec 001 §5, §6: buying needs kyc.certification and kyc.svipInvestor */
    needsQualification: ({ context }) => !(context.kyc.certification && context.kyc.svipInvestor),
    /** spec 001 §5: agreements exist and the box is not ticked */
    needsAgreement: ({ context }) => (context.orderInfo?.agreements.length ?? 0) > 0 && !context.agreed,
    /** spec 001 §5: gurucoin needs the balance to cover the total */
    lacksCoin: ({ context }) =>
      context.paymethod === 'gurucoin' && !canPayWithCoin(context.coin, context.orderInfo?.payInfo.total ?? 0),
    hasAgreements: ({ context }) => (context.orderInfo?.agreements.length ?? 0) > 0,
    hasVipDiscount: ({ context }) => context.orderInfo?.vipDiscount != null,
    lacksRiskConsent: ({ context }) => !context.riskConsent,
    opensPage: ({ event }, params: { page: StackPage }) => event.type === 'stack.open' && event.page === params.page,
    lacksOrderNumber: ({ event }) => !outputOf<CreatedOrder>(event)?.id,
    isGurucoin: ({ context }) => context.paymethod === 'gurucoin',
    needsBind: ({ event }) => statusOf(errorOf(event)) === BIND_STATUS,
  },
  actions: {
    showToast: (_, _params: Toast) => {
      throw new Error('provide showToast')
    },
    /** spec 001 §5 'Risk match': an alert */
    showAlert: (_, _params: { message: string }) => {
      throw new Error('provide showAlert')
    },
    /** spec 001 §4: 'Closing on success reloads the page' */
    reloadPage: () => {
      throw new Error('provide reloadPage')
    },
    /** spec 001 §4: 1012 stores the WeChat nick and avatar as binding info and opens the login form */
    openBindFlow: (_, _params: { result: unknown }) => {
      throw new Error('provide openBindFlow')
    },
    /** the user's kyc changed inside the dialog (spec 001 §3 'KYC state') */
    reportKyc: (_, _params: { kyc: Kyc }) => {
      throw new Error('provide reportKyc')
    },
    /** the user's gurucoin balance changed inside the dialog (spec 001 §3 'User state' account.coin) */
    reportCoin: (_, _params: { coin: number }) => {
      throw new Error('provide reportCoin')
    },
    openDialog: assign(({ event }) => {
      if (event.type !== 'dialog.open') return {}
      const info = purchaseInfoFor(event.goods.purchaseInfos, event.specsId ?? null)
      return {
        ...EMPTY,
        goods: event.goods,
        specsId: info?.specsId ?? null,
        chooseCoupon: firstCoupon(info?.coupons ?? []),
        kyc: event.kyc,
        openedAtMs: event.nowMs,
        coin: event.coin,
      }
    }),
    /** a buy request: who is buying and which spec, kept while its goods are read */
    takeRequest: assign((_, params: { specsId: number; kyc: Kyc; coin: number; nowMs: number }) => ({
      ...EMPTY,
      specsId: params.specsId,
      kyc: params.kyc,
      coin: params.coin,
      openedAtMs: params.nowMs,
    })),
    /** the requested spec's goods came: the dialog opens on them, as dialog.open does */
    openOnGoods: assign(({ context }, params: { goods: OrderGoods }) => {
      const info = purchaseInfoFor(params.goods.purchaseInfos, context.specsId)
      return {
        ...EMPTY,
        goods: params.goods,
        specsId: info?.specsId ?? null,
        chooseCoupon: firstCoupon(info?.coupons ?? []),
        kyc: context.kyc,
        openedAtMs: context.openedAtMs,
        coin: context.coin,
      }
    }),
    /** spec 001 §4: 'closing resets all info to defaults' */
    resetAll: assign(() => EMPTY),
    /** spec 001 §4: choosing a good resets the payment method to wechat and picks the first coupon */
    chooseGood: assign(({ context, event }) => {
      if (event.type !== 'good.choose') return {}
      const info = purchaseInfoFor(context.goods?.purchaseInfos ?? [], event.specsId)
      return {
        specsId: event.specsId,
        paymethod: DEFAULT_PAYMETHOD,
        chooseCoupon: firstCoupon(info?.coupons ?? []),
        noNeedCoupon: false,
        tooltip: null,
      }
    }),
    /** spec 001 §4: toggling the membership add-on toggles its specs id */
    toggleMember: assign(({ context }) => {
      const addOn = context.orderInfo?.vipDiscount?.specsId
      return addOn === undefined ? {} : { memberSpecsId: toggleMemberSpecs(context.memberSpecsId, addOn) }
    }),
    /** spec 001 §4: choosing a member spec clears the coupon */
    chooseMemberSpec: assign(({ event }) =>
      event.type === 'member.choose' ? { memberSpecsId: event.specsId, chooseCoupon: null, noNeedCoupon: false } : {},
    ),
    takeCoupons: assign(({ event }) => ({ couponList: outputOf<Coupon[]>(event) })),
    takeOrderInfo: assign(({ context, event }) => {
      const info = outputOf<OrderInfo>(event)
      return {
        orderInfo: info,
        couponList: info.couponList,
        chooseCoupon: info.chooseCoupon !== undefined ? info.chooseCoupon : context.chooseCoupon,
        coin: info.userCoin ?? context.coin,
        error: null,
      }
    }),
    /** spec 001 §4: 'Goods payment without result: member spec is cleared, goods refetched, the message returned' */
    clearMemberSpec: assign({ memberSpecsId: null }),
    takeGoods: assign(({ event }) => ({ goods: outputOf<OrderGoods>(event) })),
    chooseCoupon: assign(({ context, event }) => {
      if (event.type !== 'coupon.choose') return {}
      const coupon = context.couponList.find((c) => c.couponId === event.couponId) ?? null
      return { chooseCoupon: coupon, noNeedCoupon: coupon === null }
    }),
    choosePaymethod: assign(({ event }) => (event.type === 'paymethod.choose' ? { paymethod: event.paymethod } : {})),
    toggleAgreement: assign(({ context }) => ({ agreed: !context.agreed, tooltip: null })),
    showTooltip: assign((_, params: { message: string }) => ({ tooltip: params.message })),
    clearTooltip: assign({ tooltip: null }),
    openAttestation: assign((_, params: { step: Step }) => ({ attestationStep: params.step, tooltip: null })),
    takeConfirmation: assign(({ event }) => ({
      confirmation: outputOf<PrePurchaseConfirmation>(event),
      riskConsent: false,
      readAgreementIds: [],
    })),
    toggleRiskConsent: assign(({ context }) => ({ riskConsent: !context.riskConsent })),
    readAgreement: assign(({ context, event }) =>
      event.type === 'agreement.read' && !context.readAgreementIds.includes(event.id)
        ? { readAgreementIds: [...context.readAgreementIds, event.id] }
        : {},
    ),
    takeOrder: assign(({ event }) => ({ createdOrder: outputOf<CreatedOrder>(event) })),
    takeKyc: assign(({ event }) => (event.type === 'kyc.change' ? { kyc: event.kyc } : {})),
    /** topped up: the new balance, and 格隆贝 chosen to pay with */
    takeRecharge: assign(({ event }) => ({ coin: outputOf<RechargeOutput>(event).coin, paymethod: 'gurucoin' as const, tooltip: null })),
    takeAttestation: assign(({ event }) => {
      const out = outputOf<AttestationOutput>(event)
      return { resultId: out.resultId, kyc: out.kyc }
    }),
    takeAllocation: assign(({ event }) => ({ allocation: outputOf<AssetAllocation>(event), error: null })),
    takeSuccessInfo: assign(({ event }) => ({ successInfo: outputOf<SuccessInfo>(event) })),
    rememberError: assign(({ event }) => ({ error: ownMessage(errorOf(event)) ?? null })),
  },
}).createMachine({
  id: 'orderDialog',
  // spec 001 §2: the order dialog, 692 px, not closable by the mask or Esc
  description: 'Buying a membership, column or course: the reader picks the spec, a coupon and how to pay, signs what must be signed, certifies as a qualified investor when the good needs it, pays, and sees the result.',
  context: EMPTY,
  initial: 'closed',
  states: {
    closed: {
      description: 'No dialog. Opening it loads the price of the chosen good.',
      on: {
        'dialog.open': { description: 'Opened on goods already at hand, with the reader\'s kyc and 格隆贝 balance.', target: 'open', actions: 'openDialog' },
        'dialog.request': {
          description: 'The reader presses buy: the goods of that spec are read first.',
          target: 'requesting',
          actions: { type: 'takeRequest', params: ({ event }) => ({ specsId: event.specsId, kyc: event.kyc, coin: event.coin, nowMs: event.nowMs }) },
        },
      },
    },
    requesting: {
      description: 'Reading the goods of the spec the reader wants to buy; nothing is shown yet.',
      invoke: {
        id: 'loadGoods',
        src: 'fetchGoods',
        input: ({ context }) => ({ specsId: context.specsId }),
        onDone: {
          description: 'The goods came: the dialog opens on them with the price of the chosen spec.',
          target: 'open',
          actions: { type: 'openOnGoods', params: ({ event }) => ({ goods: event.output }) },
        },
        onError: {
          description: 'Nothing is on sale for that spec: a message, and no dialog.',
          target: 'closed',
          actions: [
            'resetAll',
            {
              type: 'showToast',
              params: ({ event }) => ({ type: 'error', message: errorMessage(event.error, PRICE_FAILED), durationMs: ERROR_TOAST_MS }),
            },
          ],
        },
      },
      on: {
        'dialog.request': {
          description: 'Another buy button pressed meanwhile: that one is read instead.',
          target: 'requesting',
          reenter: true,
          actions: { type: 'takeRequest', params: ({ event }) => ({ specsId: event.specsId, kyc: event.kyc, coin: event.coin, nowMs: event.nowMs }) },
        },
      },
    },
    open: {
      description: 'The dialog is shown; closing it resets all info to defaults.',
      initial: 'index',
      on: {
        'dialog.close': { description: 'The reader closes the dialog: everything chosen is forgotten.', target: 'closed', actions: 'resetAll' },
        'kyc.change': { description: 'Certification learned something new about the reader: the dialog and the session keep it.', actions: ['takeKyc', { type: 'reportKyc', params: ({ event }) => ({ kyc: event.kyc }) }] },
      },
      states: {
        index: {
          description: 'Confirm order: goods, membership add-on, coupon, pay method, agreements, total.',
          initial: 'pricing',
          states: {
            pricing: {
              description: 'Working out the price of the chosen spec with its membership add-on and coupon.',
              invoke: {
                id: 'fetchPayment',
                src: 'fetchPayment',
                input: ({ context }) => ({
                  specsIds: specsIdsFor(context.specsId ?? 0, context.memberSpecsId),
                  ...(context.chooseCoupon ? { couponId: context.chooseCoupon.couponId } : {}),
                  noNeedCoupon: context.noNeedCoupon,
                }),
                onDone: { description: 'The price came: the confirm page shows the total.', target: 'ready', actions: 'takeOrderInfo' },
                onError: {
                  description: 'No price: the membership add-on is dropped, the message shown and the goods read again.',
                  target: 'refetchingGoods',
                  actions: [
                    'clearMemberSpec',
                    {
                      type: 'showToast',
                      params: ({ event }) => ({ type: 'error', message: errorMessage(event.error, PRICE_FAILED), durationMs: ERROR_TOAST_MS }),
                    },
                  ],
                },
              },
            },
            refetchingGoods: {
              description: 'No price could be had: the membership add-on is dropped, the goods are read again and the message shows for 5 s.',
              invoke: {
                id: 'fetchGoods',
                src: 'fetchGoods',
                input: ({ context }) => ({ specsId: context.specsId }),
                onDone: { description: 'The goods are read again: the confirm page shows them.', target: 'ready', actions: 'takeGoods' },
                onError: { description: 'The goods could not be read again: the confirm page shows what it had.', target: 'ready' },
              },
            },
            loadingCoupons: {
              description: "A membership add-on was chosen: fetching its coupons, then working out the price again.",
              invoke: {
                id: 'fetchCoupons',
                src: 'fetchCoupons',
                input: ({ context }) => ({ specsId: context.memberSpecsId ?? context.specsId ?? 0 }),
                onDone: { description: 'The membership\'s coupons came: the price is worked out again.', target: 'pricing', actions: 'takeCoupons' },
                onError: { description: 'No coupons could be had: the price is worked out without them.', target: 'pricing' },
              },
            },
            ready: {
              description: 'The confirm page waits for the user.',
              on: {
                'good.choose': { description: 'The reader picks another spec of the good: WeChat Pay again, its first coupon, a new price.', target: 'pricing', actions: 'chooseGood' },
                'member.toggle': {
                  guard: 'hasVipDiscount',
                  description: 'The good offers a member price: the reader adds or removes the membership, and the price is worked out again.',
                  target: 'pricing',
                  actions: 'toggleMember',
                },
                'member.choose': { description: 'The reader picks a membership to add: its coupons are fetched.', target: 'loadingCoupons', actions: 'chooseMemberSpec' },
                'coupon.open': { description: 'The reader opens the coupon list.', target: '#orderDialog.open.coupon' },
                'paymethod.choose': { description: 'The reader picks WeChat Pay or 格隆贝.', actions: 'choosePaymethod' },
                'agreement.toggle': { description: 'The reader ticks or unticks the purchase agreement.', actions: 'toggleAgreement' },
                'recharge.open': { description: '去充值: the reader tops up 格隆贝.', target: '#orderDialog.open.recharge', actions: 'clearTooltip' },
                'order.submit': [
                  { guard: 'isUnpriced', description: 'There is no price yet: pressing buy does nothing.' },
                  {
                    guard: 'needsQualification',
                    description: 'The good needs a qualified investor and the reader is not one yet: the tooltip, then certification.',
                    target: 'qualificationTooltip',
                    actions: { type: 'showTooltip', params: { message: TOOLTIP_QUALIFICATION } },
                  },
                  {
                    guard: 'needsAgreement',
                    description: 'The purchase agreement is not ticked: a tooltip asks for it.',
                    actions: { type: 'showTooltip', params: { message: TOOLTIP_AGREEMENT } },
                  },
                  {
                    guard: 'lacksCoin',
                    description: 'Paying with 格隆贝 and the balance is short: a message says so.',
                    actions: {
                      type: 'showToast',
                      params: { type: 'error', message: COIN_SHORT, description: COIN_SHORT_DESCRIPTION, durationMs: ERROR_TOAST_MS },
                    },
                  },
                  {
                    guard: 'hasAgreements',
                    description: 'The good has agreements to sign: first the risk match and the signing.',
                    target: '#orderDialog.open.prePurchase',
                    actions: 'clearTooltip',
                  },
                  { description: 'Otherwise the order is created.', target: '#orderDialog.open.creatingOrder', actions: 'clearTooltip' },
                ],
              },
            },
            qualificationTooltip: {
              description: '请完成实名认证及合格投资者认证 — after 2 s the page switches to attestation.',
              after: {
                attestationSwitch: { description: 'After 2 s the dialog turns to certification.', target: '#orderDialog.open.attestation', actions: { type: 'openAttestation', params: { step: 0 } } },
              },
            },
          },
        },
        coupon: {
          description: 'The coupon list (485 px); choosing one (or none) reprices.',
          on: {
            'coupon.choose': { description: 'The reader picks a coupon, or none: the price is worked out again.', target: 'index.pricing', actions: 'chooseCoupon' },
            'page.back': { description: 'Back to the confirm page.', target: 'index.ready' },
          },
        },
        prePurchase: {
          description: 'The pre-purchase stack (each page with a back arrow and a close icon).',
          initial: 'loading',
          on: { 'stack.close': { description: 'The reader closes the pre-purchase pages: back to the confirm page.', target: 'index.ready' } },
          states: {
            loading: {
              description: 'Fetching what must be confirmed before buying: the risk match and the agreements.',
              invoke: {
                id: 'fetchConfirmation',
                src: 'fetchConfirmation',
                input: ({ context }) => ({ specsId: context.specsId ?? 0 }),
                onDone: { description: 'The risk match and the agreements came.', target: 'riskMatch', actions: 'takeConfirmation' },
                onError: {
                  description: 'They could not be had: back to the confirm page with a message.',
                  target: '#orderDialog.open.index.ready',
                  actions: { type: 'showToast', params: { type: 'error', message: PRE_PURCHASE_FAILED, durationMs: ERROR_TOAST_MS } },
                },
              },
            },
            riskMatch: {
              description: 'Purchase confirmation: the risk match. On a mismatch the user can still buy or redo the assessment.',
              on: {
                'risk.consent': { description: 'The reader ticks or unticks the risk notification letter.', actions: 'toggleRiskConsent' },
                'stack.open': [
                  { guard: { type: 'opensPage', params: { page: 'riskLevelStatement' } }, description: 'The reader opens the risk level statement.', target: 'riskLevelStatement' },
                  { guard: { type: 'opensPage', params: { page: 'riskLevelDirectory' } }, description: 'The reader opens the risk level directory.', target: 'riskLevelDirectory' },
                  { guard: { type: 'opensPage', params: { page: 'riskNotification' } }, description: 'The reader opens the risk notification letter.', target: 'riskNotification' },
                  { guard: { type: 'opensPage', params: { page: 'riskDisclosure' } }, description: 'The reader opens the risk disclosure letter.', target: 'riskDisclosure' },
                ],
                'risk.confirm': [
                  {
                    guard: 'lacksRiskConsent',
                    description: 'The risk notification letter is not ticked: an alert asks for it.',
                    actions: { type: 'showAlert', params: { message: RISK_CONSENT_ALERT } },
                  },
                  { description: 'The reader confirms the risk match: on to signing.', target: 'agreementSigning' },
                ],
                'risk.reassess': {
                  description: 'The reader redoes the risk assessment: the questions of certification.',
                  target: '#orderDialog.open.attestation',
                  actions: { type: 'openAttestation', params: { step: 3 } },
                },
              },
            },
            riskLevelStatement: { description: 'Risk level statement.', on: { 'stack.back': { description: 'Back to the risk match.', target: 'riskMatch' } } },
            riskLevelDirectory: { description: 'Risk level directory.', on: { 'stack.back': { description: 'Back to the risk match.', target: 'riskMatch' } } },
            riskNotification: { description: 'Risk assessment notification letter.', on: { 'stack.back': { description: 'Back to the risk match.', target: 'riskMatch' } } },
            riskDisclosure: { description: 'Risk disclosure letter.', on: { 'stack.back': { description: 'Back to the risk match.', target: 'riskMatch' } } },
            agreementSigning: {
              description: 'Agreement signing: a tab per agreement, a red dot until opened.',
              on: {
                'agreement.read': { description: 'The reader opens an agreement: its red dot goes.', actions: 'readAgreement' },
                'agreement.sign': { description: 'The reader signs: the agreements are signed.', target: 'signing' },
                'stack.back': { description: 'Back to the risk match.', target: 'riskMatch' },
              },
            },
            signing: {
              description: 'Signing the agreements; then the order is created.',
              invoke: {
                id: 'signAgreements',
                src: 'signAgreements',
                input: ({ context }) => ({
                  specsId: context.specsId ?? 0,
                  agreementIds: (context.confirmation?.agreements ?? []).map((a) => a.id),
                  request: orderRequest(context),
                }),
                onDone: { description: 'Signed: the order is created.', target: '#orderDialog.open.creatingOrder' },
                onError: {
                  description: 'Signing failed: the message, and the agreements again.',
                  target: 'agreementSigning',
                  actions: {
                    type: 'showToast',
                    params: ({ event }) => ({ type: 'error', message: errorMessage(event.error, SIGN_FAILED), durationMs: ERROR_TOAST_MS }),
                  },
                },
              },
            },
          },
        },
        creatingOrder: {
          description: 'Creating the order, paid by WeChat QR or by 格隆贝; an account without a phone is asked to bind one.',
          invoke: {
            id: 'createOrder',
            src: 'createOrder',
            input: ({ context }) => orderRequest(context),
            onDone: [
              {
                guard: 'lacksOrderNumber',
                description: 'The server answered without an order number: back to the confirm page with a message.',
                target: 'index.ready',
                actions: { type: 'showToast', params: { type: 'error', message: NO_ORDER_NUMBER, durationMs: ERROR_TOAST_MS } },
              },
              { guard: 'isGurucoin', description: 'Paying with 格隆贝: the balance is charged.', target: 'guruPaying', actions: 'takeOrder' },
              { description: 'Paying with WeChat: the QR code is shown.', target: 'pay', actions: 'takeOrder' },
            ],
            onError: [
              {
                guard: 'needsBind',
                description: 'The account needs a phone first: the login dialog opens to bind one.',
                target: 'index.ready',
                actions: { type: 'openBindFlow', params: ({ event }) => ({ result: (event.error as { result?: unknown }).result }) },
              },
              {
                description: 'The order could not be created: back to the confirm page with the reason.',
                target: 'index.ready',
                actions: {
                  type: 'showToast',
                  params: ({ event }) => ({ type: 'error', message: createOrderFailed(ownMessage(event.error)), durationMs: ERROR_TOAST_MS }),
                },
              },
            ],
          },
        },
        guruPaying: {
          description: 'Paying with gurucoin (格隆贝).',
          invoke: {
            id: 'guruPay',
            src: 'guruPay',
            input: ({ context }) => ({ orderId: context.createdOrder?.id ?? '' }),
            onDone: { description: 'Paid with 格隆贝.', target: 'success' },
            onError: {
              description: '格隆贝 payment failed: back to the confirm page with the reason.',
              target: 'index.ready',
              actions: {
                type: 'showToast',
                params: ({ event }) => ({ type: 'error', message: guruPayFailed(ownMessage(event.error)), durationMs: ERROR_TOAST_MS }),
              },
            },
          },
        },
        recharge: {
          description: '去充值: top up 格隆贝 by WeChat QR; paid, the new balance is taken, 格隆贝 chosen and the price reloaded. Back also reloads it.',
          invoke: {
            id: 'recharge',
            src: 'recharge',
            input: ({ context }): RechargeInput => ({ coin: context.coin, lacking: shortfall(context.orderInfo?.payInfo.total ?? 0, context.coin) }),
            onDone: {
              description: 'Topped up: the new balance, 格隆贝 chosen, the price worked out again.',
              target: 'index.pricing',
              actions: ['takeRecharge', { type: 'reportCoin', params: ({ event }) => ({ coin: event.output.coin }) }],
            },
          },
          on: { 'page.back': { description: 'Back to the confirm page; the price is worked out again.', target: 'index.pricing' } },
        },
        pay: {
          description: 'The WeChat QR code: 300 s countdown, status polled every 5 s.',
          invoke: {
            id: 'qrPayment',
            src: 'qrPayment',
            input: ({ context }): QrPaymentInput => ({
              order: context.createdOrder as CreatedOrder,
              request: { ...orderRequest(context), channel: 'wx_pub_qr' },
            }),
            onDone: { description: 'Paid by WeChat.', target: 'success' },
          },
        },
        success: {
          description: 'Paid. An optional address for the membership card; closing reloads the page.',
          initial: 'loading',
          on: {
            'dialog.close': { description: 'The reader closes the dialog: the page reloads to show what was bought.', target: '#orderDialog.closed', actions: ['reloadPage', 'resetAll'] },
            'address.open': { description: 'The reader gives an address for the membership card.', target: 'address' },
          },
          states: {
            loading: {
              description: 'Fetching the assistant QR code and return route.',
              invoke: {
                id: 'loadSuccessInfo',
                src: 'loadSuccessInfo',
                input: ({ context }) => ({ specsId: context.specsId ?? 0 }),
                onDone: { description: 'The assistant QR code came.', target: 'shown', actions: 'takeSuccessInfo' },
                onError: { description: 'Without it the success page still shows.', target: 'shown' },
              },
            },
            shown: { description: 'The success page.' },
          },
        },
        address: {
          description: 'The optional membership-card mailing address (validation: spec 001 §5).',
          initial: 'editing',
          on: { 'dialog.close': { description: 'The reader closes the dialog: the page reloads.', target: '#orderDialog.closed', actions: ['reloadPage', 'resetAll'] } },
          states: {
            editing: {
              description: 'Filling in the address.',
              on: {
                'address.submit': { description: 'The reader sends the address.', target: 'saving' },
                'page.back': { description: 'Back to the success page.', target: '#orderDialog.open.success.shown' },
              },
            },
            saving: {
              description: 'Saving the address.',
              invoke: {
                id: 'saveAddress',
                src: 'saveAddress',
                input: ({ event }) => (event as Extract<OrderDialogEvent, { type: 'address.submit' }>).address,
                onDone: { description: 'Saved: back to the success page.', target: '#orderDialog.open.success.shown' },
                onError: { description: 'Not saved: the reason, and the form again.', target: 'editing', actions: 'rememberError' },
              },
            },
          },
        },
        attestation: {
          description: 'Qualification certification (values 0 overall, 1 or 5 real-name, 2 and 3 risk test, 4 result).',
          invoke: {
            id: 'attestation',
            src: 'attestation',
            input: ({ context }) => ({ step: context.attestationStep, kyc: context.kyc, nowMs: context.openedAtMs }),
            onDone: { description: 'Certified: the asset-allocation advice for the result.', target: 'assetAllocation', actions: 'takeAttestation' },
          },
          on: { 'page.back': { description: 'Back to the confirm page; the price is worked out again.', target: 'index.pricing' } },
        },
        assetAllocation: {
          description: 'Asset allocation advice for the risk result (pie, three colours).',
          initial: 'loading',
          on: { 'page.back': { description: 'Back to the confirm page; the price is worked out again.', target: 'index.pricing' } },
          states: {
            loading: {
              description: 'Fetching the allocation for the result id.',
              invoke: {
                id: 'loadAssetAllocation',
                src: 'loadAssetAllocation',
                input: ({ context }) => ({ id: context.resultId ?? 0 }),
                onDone: { description: 'The advice came.', target: 'shown', actions: 'takeAllocation' },
                onError: { description: 'The advice could not be had: the reason is shown.', target: 'shown', actions: 'rememberError' },
              },
            },
            shown: { description: 'The advice.' },
          },
        },
      },
    },
  },
})

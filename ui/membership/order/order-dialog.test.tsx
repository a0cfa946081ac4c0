// @vitest-environment jsdom
// The order dialog bound to its machine (issue 13; spec 001 §2, §4, §5, §8): a buy button opens it on the
// spec's goods, the pages render the machine's state and send its events, and the calls go out with the
// contract's payloads (the sign, one idempotency key per attempt).
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LoginInfo } from '../../../core/api/accounts'
import type { Coupon, OrderGoods, OrderInfo, PrePurchaseConfirmation } from '../../../core/api/order'
import { COIN_SHORT, TOOLTIP_AGREEMENT, TOOLTIP_QUALIFICATION, RISK_CONSENT_ALERT } from '../../../core/order/order-dialog.machine'
import { loginInfoFixture } from '../../../core/testing/login-info'
import { SessionProvider } from '../../accounts/session'
import { useBuy } from '../../common/buy'
import { useSessionActor } from '../../common/session'
import { useSelector } from '@xstate/react'
import { fakeHttp, makeServices, renderUi, type FakeAnswer } from '../../testing/render'
import { OrderRoot } from './order-root'

const coupon = (id: number, over: Partial<Coupon> = {}): Coupon => ({
  couponId: id,
  couponName: `券${id}`,
  startTimestamp: 0,
  endTimestamp: 4_000_000_000,
  description: '全场通用',
  amount: 1_000,
  isAvailable: true,
  ...over,
})
const goods: OrderGoods = {
  title: '开通会员',
  name: '港美汇会员',
  link: '/member',
  purchaseInfos: [
    { specsId: 101, name: '黄金会员·月卡', price: 9_900, currentPriceText: '¥99.00', coupons: [coupon(1)], tag: '黄金会员' },
    { specsId: 103, name: '黄金会员·年卡', price: 99_800, currentPriceText: '¥998.00', originalPriceText: '¥1,188.00', coupons: [coupon(1)], tag: '黄金会员' },
  ],
}
const info = (over: Partial<OrderInfo> = {}): OrderInfo => ({
  couponList: [coupon(1), coupon(4, { couponName: '过期券', isAvailable: false })],
  chooseCoupon: coupon(1),
  agreements: [
    { id: 11, title: '会员服务协议' },
    { id: 12, title: '风险揭示书' },
  ],
  payInfo: { total: 8_900, totalText: '¥89.00', goods: [{ name: '黄金会员 月卡', currentPriceText: '¥99.00' }], packageSpecsId: 101 },
  publicKey: 'gmh-web-1',
  userToken: 'tok',
  userCoin: 0,
  ...over,
})
const confirmation: PrePurchaseConfirmation = {
  userInfo: { realName: '张三' },
  commodity: { name: '黄金会员 月卡' },
  riskVO: { result: '稳健型', productRiskLevel: 'R2', isMatch: true },
  companyInfo: { companyName: '港美汇信息科技（深圳）有限公司' },
  agreements: [
    { id: 11, title: '会员服务协议' },
    { id: 12, title: '风险揭示书' },
  ],
}
const qualified = { certification: true, svipInvestor: true }
const created = { id: 'GMH20260101ABC', amount: 8_900, data: { codeUrl: 'http://127.0.0.1/sandbox/pay/abc' }, subject: '黄金会员 月卡' }

function BuyProbe({ specsId }: { specsId: number }) {
  const buy = useBuy()
  const session = useSessionActor()
  const login = useSelector(session, (s) => s.context.login)
  const signedIn = useSelector(session, (s) => s.matches('signedIn'))
  return (
    <div>
      <button type="button" onClick={() => buy?.(specsId)}>
        buy
      </button>
      <span data-testid="login-open">{login ? 'yes' : 'no'}</span>
      <span data-testid="signed-in">{signedIn ? 'yes' : 'no'}</span>
    </div>
  )
}

function open(answers: Record<string, FakeAnswer>, user: LoginInfo | null = loginInfoFixture({ kyc: qualified })) {
  if (user) document.cookie = 'gmh_login=1; path=/'
  const http = fakeHttp({
    'user.get': user,
    'purchase.goodsList': { vip: goods },
    'purchase.commodityPayment': info(),
    ...answers,
  })
  const r = renderUi(
    <SessionProvider>
      <OrderRoot>
        <BuyProbe specsId={101} />
      </OrderRoot>
    </SessionProvider>,
    { path: '/news/5', services: makeServices({ http }) },
  )
  return { ...r, http }
}

const press = async (signedIn = true) => {
  // the session check answers first (a hinted session), then the buy button opens the dialog
  if (signedIn) await waitFor(() => expect(screen.getByTestId('signed-in').textContent).toBe('yes'))
  fireEvent.click(screen.getByRole('button', { name: 'buy' }))
}
const dialog = () => screen.findByRole('dialog', { name: '开通会员' })
const total = () => screen.getByTestId('order-total').textContent

beforeEach(() => {
  document.cookie = 'gmh_login=; max-age=0; path=/'
})
afterEach(cleanup)

describe('the order dialog', () => {
  it('a guest pressing buy is asked to log in, and no dialog opens', async () => {
    const { http } = open({}, null)
    await press(false)
    await waitFor(() => expect(screen.getByTestId('login-open').textContent).toBe('yes'))
    expect(screen.queryByTestId('order-dialog')).toBeNull()
    expect(http.callsTo('purchase.goodsList')).toHaveLength(0)
  })

  it('opens on the spec pressed: specs, price from the payment call, the first coupon; not closed by Esc; × closes it', async () => {
    const { http } = open({})
    await press()
    const d = await dialog()
    await waitFor(() => expect(total()).toBe('¥89.00'))
    expect(http.callsTo('purchase.goodsList')[0]!.input).toEqual({ query: { specsId: 101 } })
    expect(http.callsTo('purchase.commodityPayment')[0]!.input).toEqual({ query: { specsIds: '101', couponId: 1 } })
    expect(within(d).getByTestId('spec-101').getAttribute('aria-pressed')).toBe('true')
    expect(within(d).getByTestId('coupon-open').textContent).toContain('券1（-¥10.00）')
    // spec 001 §2: not closable by Esc
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.getByTestId('order-dialog')).toBeTruthy()
    fireEvent.click(screen.getByTestId('order-close'))
    await waitFor(() => expect(screen.queryByTestId('order-dialog')).toBeNull())
  })

  it('the membership add-on: its offer shows, pressing it reprices with both specs and the package, pressing again takes it off', async () => {
    const addOn = { specsId: 101, tip: '开通黄金会员，本单立享9折', summary: '会员专享文章与研报全文', button: '加购黄金会员月卡', icon: '' }
    const column = (input: { query?: Record<string, unknown> }) =>
      String(input.query?.specsIds) === '10001,101'
        ? info({ vipDiscount: addOn, chooseCoupon: null, payInfo: { total: 27_810, totalText: '¥278.10', goods: [{ name: '专栏 全年订阅', currentPriceText: '¥179.10' }, { name: '黄金会员·月卡', currentPriceText: '¥99.00' }], packageSpecsId: 1_500_010_001 } })
        : info({ vipDiscount: addOn, chooseCoupon: null, payInfo: { total: 19_900, totalText: '¥199.00', goods: [{ name: '专栏 全年订阅', currentPriceText: '¥199.00' }], packageSpecsId: 10_001 } })
    const { http } = open({ 'purchase.commodityPayment': column, 'purchase.goodsList': { column: { ...goods, title: '订阅专栏', purchaseInfos: [{ specsId: 10_001, name: '专栏 全年订阅', price: 19_900, currentPriceText: '¥199.00', coupons: [] }] } } })
    // the probe presses spec 101; this test's goods answer is a column's, so press that one
    await waitFor(() => expect(screen.getByTestId('signed-in').textContent).toBe('yes'))
    fireEvent.click(screen.getByRole('button', { name: 'buy' }))
    const d = await screen.findByRole('dialog')
    await waitFor(() => expect(total()).toBe('¥199.00'))
    const offer = within(d).getByTestId('member-add-on')
    expect(offer.textContent).toContain('开通黄金会员，本单立享9折')
    fireEvent.click(within(offer).getByRole('button', { name: '加购黄金会员月卡' }))
    await waitFor(() => expect(total()).toBe('¥278.10'))
    expect(http.callsTo('purchase.commodityPayment').at(-1)!.input).toMatchObject({ query: { specsIds: expect.stringMatching(/,101$/) } })
    expect(within(offer).getByRole('button').getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(within(offer).getByRole('button'))
    await waitFor(() => expect(total()).toBe('¥199.00'))
    expect(http.callsTo('purchase.commodityPayment').at(-1)!.input).toMatchObject({ query: { specsIds: expect.not.stringContaining(',') } })
  })

  it('choosing another spec reprices it; the coupon page chooses none (noNeedCoupon) and comes back', async () => {
    const { http } = open({ 'purchase.commodityPayment': (input: { query?: Record<string, unknown> }) => (input.query?.noNeedCoupon ? info({ chooseCoupon: null, payInfo: { ...info().payInfo, total: 9_900, totalText: '¥99.00' } }) : info()) })
    await press()
    await dialog()
    await waitFor(() => expect(total()).toBe('¥89.00'))
    fireEvent.click(screen.getByTestId('spec-103'))
    await waitFor(() => expect(http.callsTo('purchase.commodityPayment').at(-1)!.input).toEqual({ query: { specsIds: '103', couponId: 1 } }))
    await waitFor(() => expect(screen.getByTestId('spec-103').getAttribute('aria-pressed')).toBe('true'))
    await waitFor(() => expect(total()).toBe('¥89.00'))
    fireEvent.click(screen.getByTestId('coupon-open'))
    const list = await screen.findByRole('list', { name: '选择优惠券' })
    expect((within(list).getAllByRole('radio')[1] as HTMLInputElement).disabled).toBe(true) // the expired one
    fireEvent.click(within(list).getByLabelText(/不使用优惠券/))
    await waitFor(() => expect(total()).toBe('¥99.00'))
    expect(http.callsTo('purchase.commodityPayment').at(-1)!.input).toEqual({ query: { specsIds: '103', noNeedCoupon: true } })
    expect(screen.getByTestId('coupon-open').textContent).toContain('1张可用')
  })

  it('agreements first, then the pre-purchase stack with back arrows, signing, and the QR page of the created order', async () => {
    const { http } = open({
      'prePurchase.confirmation': confirmation,
      'transaction.createOrder': created,
      'agreements.sign': null,
      'transaction.paymentStatus': { payStatus: 'waiting' },
    })
    await press()
    await dialog()
    await waitFor(() => expect(total()).toBe('¥89.00'))
    fireEvent.click(screen.getByTestId('order-submit'))
    expect((await screen.findByTestId('order-tooltip')).textContent).toBe(TOOLTIP_AGREEMENT)
    fireEvent.click(screen.getByTestId('order-agree'))
    fireEvent.click(screen.getByTestId('order-submit'))
    // the risk match
    expect((await screen.findByTestId('risk-match')).textContent).toContain('相匹配')
    expect(screen.getByText('张三')).toBeTruthy()
    // a document of the stack, and back
    fireEvent.click(screen.getByRole('button', { name: '风险等级说明' }))
    expect(await screen.findByRole('heading', { name: '风险等级说明' })).toBeTruthy()
    fireEvent.click(screen.getByTestId('order-back'))
    await screen.findByTestId('risk-match')
    // confirming without the notification letter's consent: the alert (spec 001 §5)
    fireEvent.click(screen.getByTestId('risk-confirm'))
    expect((await screen.findByTestId('toast')).textContent).toContain(RISK_CONSENT_ALERT)
    fireEvent.click(screen.getByTestId('risk-consent'))
    fireEvent.click(screen.getByTestId('risk-confirm'))
    // agreement signing: a tab per agreement, the unopened one with a red dot
    const tabs = await screen.findAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['会员服务协议', '风险揭示书'])
    await waitFor(() => expect(within(tabs[0]!).queryByLabelText('未读')).toBeNull())
    expect(within(tabs[1]!).getByLabelText('未读')).toBeTruthy()
    fireEvent.click(tabs[1]!)
    await waitFor(() => expect(within(tabs[1]!).queryByLabelText('未读')).toBeNull())
    fireEvent.click(screen.getByTestId('agreement-sign'))
    // the QR page of the created order
    const qr = await screen.findByTestId('qr-code')
    expect(qr.getAttribute('data-code-url')).toBe(created.data.codeUrl)
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    expect(screen.getByTestId('qr-remaining').textContent).toContain('300')
    // signing named the order; signing and creating sent the same request: one sign, one key
    expect(http.callsTo('agreements.sign')[0]!.input).toEqual({ body: { orderId: created.id, agreementIds: [11, 12] } })
    const bodies = http.callsTo('transaction.createOrder').map((c) => c.input!.body as Record<string, unknown>)
    expect(bodies).toHaveLength(2)
    expect(bodies[0]).toEqual(bodies[1])
    expect(bodies[0]).toMatchObject({ goodsId: 101, channel: 'wx_pub_qr', couponId: 1 })
    expect(bodies[0]!.sign).toMatch(/^[0-9a-f]{64}$/)
    expect(bodies[0]!.clientKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
  })

  it('gurucoin: a short balance is refused with the spec message; a covered one pays and shows success; closing reloads', async () => {
    const goodsNoAgreements = info({ agreements: [] })
    let coin = 100
    const { http, services } = open({
      'purchase.commodityPayment': () => ({ ...goodsNoAgreements, userCoin: coin }),
      'transaction.createOrder': { ...created, data: { codeUrl: '' } },
      'transaction.guruPay': { payStatus: 'success' },
      'purchase.assistant': { assistantQrCodeUrl: '/favicon.svg', name: '黄金会员 月卡', returnRoute: '/member' },
    })
    await press()
    await dialog()
    await waitFor(() => expect(total()).toBe('¥89.00'))
    fireEvent.click(screen.getByRole('radio', { name: /格隆贝支付/ }))
    fireEvent.click(screen.getByTestId('order-submit'))
    expect((await screen.findByTestId('toast')).textContent).toContain(COIN_SHORT)
    expect(http.callsTo('transaction.createOrder')).toHaveLength(0)
    // a richer reader: the price reload brings the balance
    coin = 10_000
    fireEvent.click(screen.getByTestId('spec-103'))
    fireEvent.click(await screen.findByTestId('spec-101'))
    await waitFor(() => expect(screen.getByRole('radio', { name: /格隆贝支付（余额 100.00）/ })).toBeTruthy())
    fireEvent.click(screen.getByRole('radio', { name: /格隆贝支付/ }))
    fireEvent.click(screen.getByTestId('order-submit'))
    expect(await screen.findByTestId('order-success')).toBeTruthy()
    expect(http.callsTo('transaction.createOrder')[0]!.input!.body).toMatchObject({ channel: 'guru_pay', preCreatedPaymentOrder: false })
    expect(http.callsTo('transaction.guruPay')[0]!.input).toEqual({ body: { orderId: created.id } })
    fireEvent.click(screen.getByTestId('order-done'))
    await waitFor(() => expect(services.reload).toHaveBeenCalledTimes(1))
  })

  it('a reader not yet qualified sees the tooltip, then is sent to the attestation page and back', async () => {
    const { location } = open({}, loginInfoFixture({ kyc: { certification: false, svipInvestor: false } }))
    await press()
    await dialog()
    await waitFor(() => expect(total()).toBe('¥89.00'))
    fireEvent.click(screen.getByTestId('order-submit'))
    expect((await screen.findByTestId('order-tooltip')).textContent).toBe(TOOLTIP_QUALIFICATION)
    // spec 001 §8: the page switches to attestation after 2 s
    await waitFor(() => expect(location.history.at(-1)).toBe('/member/attestation?step=0&redirect=%2Fnews%2F5'), { timeout: 4_000 })
    await waitFor(() => expect(screen.queryByTestId('order-dialog')).toBeNull())
    await act(async () => undefined)
  })
})

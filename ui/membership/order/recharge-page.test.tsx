// @vitest-environment jsdom
// The 格隆贝 top-up in the order dialog (issue 25): short of 格隆贝, 余额不足 and 去充值 show; the top-up page
// shows the balance, what the purchase lacks and the amounts (the covering one chosen); 确认充值 sends the
// quote's sign to recharge/v2; the QR page is the order dialog's own (sandbox link in local mode); the poll
// of recharge-status moves on when paid, the new balance shows, and 返回继续支付 brings the reader back to
// the confirm page with 格隆贝 chosen and the new balance, where the purchase is paid with it.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSelector } from '@xstate/react'
import type { OrderGoods, OrderInfo, PurchaseInfo } from '../../../core/api/order'
import { COIN_SHORT } from '../../../core/order/order-dialog.machine'
import { RECHARGE_SPECS_ID } from '../../../core/payment/recharge'
import { loginInfoFixture } from '../../../core/testing/login-info'
import { SessionProvider } from '../../accounts/session'
import { useBuy } from '../../common/buy'
import { useSessionActor } from '../../common/session'
import { fakeHttp, makeServices, renderUi, type CallRecord, type FakeHttp } from '../../testing/render'
import { OrderRoot } from './order-root'

const article: OrderGoods = {
  title: '购买文章',
  name: '文章',
  link: '/news/5',
  purchaseInfos: [{ specsId: 1_000_005, name: '深度研报', price: 19_900, currentPriceText: '¥199.00', coupons: [] }],
}
const amounts: PurchaseInfo[] = [
  { specsId: 401, name: '100 格隆贝', price: 10_000, currentPriceText: '¥100.00', coupons: [] },
  { specsId: 402, name: '500 格隆贝', price: 50_000, currentPriceText: '¥500.00', coupons: [] },
]
const quote = (specsId: number, total: number, coin: number): OrderInfo => ({
  couponList: [],
  chooseCoupon: null,
  agreements: [],
  payInfo: { total, totalText: `¥${(total / 100).toFixed(2)}`, goods: [{ name: 'x', currentPriceText: '' }], packageSpecsId: specsId },
  publicKey: 'gmh-web-1',
  userToken: `tok-${specsId}`,
  userCoin: coin,
})
const recharge = { id: 'GMH20260101RECHARGE', amount: 50_000, data: { codeUrl: `http://127.0.0.1/sandbox/pay/${'T'.repeat(32)}` }, subject: '500 格隆贝' }

function BuyProbe() {
  const buy = useBuy()
  const session = useSessionActor()
  const signedIn = useSelector(session, (s) => s.matches('signedIn'))
  const coin = useSelector(session, (s) => s.context.info?.account.coin ?? -1)
  return (
    <div>
      <button type="button" onClick={() => buy?.(1_000_005)}>
        buy
      </button>
      <span data-testid="signed-in">{signedIn ? 'yes' : 'no'}</span>
      <span data-testid="session-coin">{coin}</span>
    </div>
  )
}

/** A signed-in reader on an article presses buy: the order dialog opens on the article at ¥199.00. */
async function openArticleOrder(http: FakeHttp) {
  renderUi(
    <SessionProvider>
      <OrderRoot>
        <BuyProbe />
      </OrderRoot>
    </SessionProvider>,
    { path: '/news/5', services: makeServices({ http }) },
  )
  await waitFor(() => expect(screen.getByTestId('signed-in').textContent).toBe('yes'))
  fireEvent.click(screen.getByRole('button', { name: 'buy' }))
  await screen.findByRole('dialog', { name: '购买文章' })
  await waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe('¥199.00'))
}

beforeEach(() => {
  // the QR page's 5 s poll on fake time; real time still flows for the renders and waitFor
  vi.useFakeTimers({ shouldAdvanceTime: true })
  document.cookie = 'gmh_login=1; path=/'
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  document.cookie = 'gmh_login=; max-age=0; path=/'
})

describe('topping up 格隆贝 from the order dialog', () => {
  it('余额不足 → 去充值 → an amount → the WeChat QR → paid → the new balance → back, and the purchase paid with 格隆贝', async () => {
    let coin = 1_000
    let paid = false
    const http = fakeHttp({
      'user.get': loginInfoFixture({ kyc: { certification: true, svipInvestor: true }, account: { coin } }),
      'purchase.goodsList': (input: CallRecord['input']) => (input?.query?.specsId === RECHARGE_SPECS_ID ? { pack: { ...article, title: '格隆贝充值', purchaseInfos: amounts } } : { article }),
      'purchase.commodityPayment': (input: CallRecord['input']) => {
        const specsId = Number(input?.query?.specsIds)
        return specsId === 1_000_005 ? quote(specsId, 19_900, coin) : quote(specsId, amounts.find((a) => a.specsId === specsId)!.price, coin)
      },
      'transaction.recharge': recharge,
      'transaction.rechargeStatus': () => ({ payStatus: paid ? 'success' : 'waiting', coin }),
      'transaction.createOrder': { id: 'GMH20260101ARTICLE', amount: 19_900, data: { codeUrl: '' }, subject: '深度研报' },
      'transaction.guruPay': { payStatus: 'success' },
      'purchase.assistant': { assistantQrCodeUrl: '/favicon.svg', name: '深度研报', returnRoute: '/news/5' },
    })
    await openArticleOrder(http)

    // 格隆贝 chosen, the balance short: 余额不足 beside 去充值, and submitting gives the spec's toast
    fireEvent.click(screen.getByRole('radio', { name: /格隆贝支付（余额 10.00）/ }))
    expect(screen.getByText('余额不足')).toBeTruthy()
    fireEvent.click(screen.getByTestId('order-submit'))
    expect((await screen.findByTestId('toast')).textContent).toContain(COIN_SHORT)
    expect(http.callsTo('transaction.createOrder')).toHaveLength(0)

    // the top-up page: the balance, what ¥199.00 lacks (¥189.00), the amounts with 500 chosen
    fireEvent.click(screen.getByTestId('recharge-open'))
    const page = await screen.findByTestId('recharge-page')
    expect(within(page).getByRole('heading', { name: '充值格隆贝' })).toBeTruthy()
    await waitFor(() => expect(within(page).getByTestId('recharge-balance').textContent).toContain('10.00 格隆贝'))
    expect(within(page).getByTestId('recharge-balance').textContent).toContain('本单还差 ¥189.00')
    expect(http.callsTo('purchase.goodsList').at(-1)!.input).toEqual({ query: { specsId: RECHARGE_SPECS_ID } })
    expect(within(page).getByTestId('recharge-402').getAttribute('aria-pressed')).toBe('true')
    expect(within(page).getByTestId('recharge-401').getAttribute('aria-pressed')).toBe('false')
    expect(within(page).getByTestId('recharge-total').textContent).toBe('¥500.00')
    // another amount can be chosen, and back
    fireEvent.click(within(page).getByTestId('recharge-401'))
    expect(within(page).getByTestId('recharge-total').textContent).toBe('¥100.00')
    fireEvent.click(within(page).getByTestId('recharge-402'))
    fireEvent.click(within(page).getByTestId('recharge-submit'))

    // recharge/v2 with the quote's amount, the sign, a key; the QR page of the order dialog, with the sandbox link
    const qr = await screen.findByTestId('qr-code')
    expect(qr.getAttribute('data-code-url')).toBe(recharge.data.codeUrl)
    expect(screen.getByTestId('qr-sandbox-link').getAttribute('href')).toBe(recharge.data.codeUrl)
    expect(http.callsTo('purchase.commodityPayment').at(-1)!.input).toEqual({ query: { specsIds: '402', noNeedCoupon: true } })
    const body = http.callsTo('transaction.recharge')[0]!.input!.body as Record<string, unknown>
    expect(body).toMatchObject({ goodsId: 402, currency: 'CNY', amount: 50_000, channel: 'wx_pub_qr' })
    expect(body.sign).toMatch(/^[0-9a-f]{64}$/)
    expect(body.clientKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/)

    // not paid at the first 5 s mark; paid by the next (the server credited it)
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(http.callsTo('transaction.rechargeStatus')).toHaveLength(1)
    expect(screen.getByTestId('qr-code')).toBeTruthy()
    paid = true
    coin = 51_000
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect((await screen.findByTestId('recharge-new-balance')).textContent).toBe('格隆贝余额 510.00')
    expect(screen.getByText('充值成功')).toBeTruthy()
    expect(http.callsTo('transaction.rechargeStatus').map((c) => c.input)).toEqual(Array.from({ length: 3 }, () => ({ params: { orderId: recharge.id } })))

    // back to the purchase: 格隆贝 chosen with the new balance; the session knows it; it pays
    fireEvent.click(screen.getByTestId('recharge-done'))
    await waitFor(() => expect((screen.getByRole('radio', { name: /格隆贝支付（余额 510.00）/ }) as HTMLInputElement).checked).toBe(true))
    expect(screen.queryByText('余额不足')).toBeNull()
    expect(screen.getByTestId('session-coin').textContent).toBe('51000')
    fireEvent.click(screen.getByTestId('order-submit'))
    expect(await screen.findByTestId('order-success')).toBeTruthy()
    expect(http.callsTo('transaction.createOrder')[0]!.input!.body).toMatchObject({ goodsId: 1_000_005, channel: 'guru_pay' })
  })

  it('the back arrow leaves the top-up for the confirm page; 更换金额 leaves the QR code for the amounts', async () => {
    const http = fakeHttp({
      'user.get': loginInfoFixture({ kyc: { certification: true, svipInvestor: true }, account: { coin: 0 } }),
      'purchase.goodsList': (input: CallRecord['input']) => (input?.query?.specsId === RECHARGE_SPECS_ID ? { pack: { ...article, purchaseInfos: amounts } } : { article }),
      'purchase.commodityPayment': (input: CallRecord['input']) => quote(Number(input?.query?.specsIds), 19_900, 0),
      'transaction.recharge': recharge,
      'transaction.rechargeStatus': { payStatus: 'waiting', coin: 0 },
    })
    await openArticleOrder(http)
    fireEvent.click(screen.getByTestId('recharge-open'))
    fireEvent.click(await screen.findByTestId('recharge-submit'))
    await screen.findByTestId('qr-code')
    fireEvent.click(screen.getByTestId('recharge-other'))
    await screen.findByTestId('recharge-submit')
    expect(screen.queryByTestId('qr-code')).toBeNull()
    fireEvent.click(screen.getByTestId('order-back'))
    await waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe('¥199.00'))
    expect(screen.queryByTestId('recharge-page')).toBeNull()
  })
})

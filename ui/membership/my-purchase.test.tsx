// @vitest-environment jsdom
// /my/purchase and /my/coupon for a signed-in reader (issue 13), and the cd-key exchange (issue 25).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Coupon, PurchasedItem } from '../../core/api/order'
import { ApiError } from '../../core/api/api-error'
import { CD_KEY_MESSAGES } from '../../core/order/cd-key'
import { fakeHttp, makeServices, renderUi, type CallRecord, type FakeAnswer, type FakeHttp } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { loginInfoFixture } from '../../core/testing/login-info'
import { MyCouponPage, MyPurchasePage } from './my-purchase'

afterEach(cleanup)

function render(page: React.ReactElement, answers: Record<string, FakeAnswer>): FakeHttp {
  const http = fakeHttp(answers)
  renderUi(<WithSession actor={testSession(loginInfoFixture({ id: 1, nick: '老股民' }))}>{page}</WithSession>, { services: makeServices({ http }) })
  return http
}

describe('/my/purchase', () => {
  it('lists paid orders with their amount (cents / 100, 2 decimals), channel and a membership’s expiry', async () => {
    const items: PurchasedItem[] = [
      { orderId: 'GMH1', name: '黄金会员·月卡', type: 'vip', link: '/member', amount: 8_415, channel: 'wx_pub_qr', payTimestamp: 1_700_000_000, expireTimestamp: 1_702_600_000 },
      { orderId: 'GMH2', name: '美股研究 美股研究·全年订阅', type: 'column', link: '/album/3', amount: 19_900, channel: 'guru_pay', payTimestamp: 1_699_000_000 },
    ]
    render(<MyPurchasePage />, { 'purchase.mine': items })
    const list = await screen.findByRole('list', { name: '我的购买' })
    expect(within(list).getByRole('link', { name: '黄金会员·月卡' }).getAttribute('href')).toBe('/member')
    expect(within(list).getByText('¥84.15')).toBeTruthy()
    expect(within(list).getByText('¥199.00')).toBeTruthy()
    expect(within(list).getByText(/格隆贝支付/)).toBeTruthy()
    expect(within(list).getByText(/有效期至/)).toBeTruthy()
  })

  it('marks an order its circle’s owner refunded (issue 29)', async () => {
    const items: PurchasedItem[] = [
      { orderId: 'GMH3', name: '老周港股实战圈·年费', type: 'financialCircle', link: '/chiefCircle/detail/1', amount: 99_900, channel: 'wx_pub_qr', payTimestamp: 1_700_000_000, refunded: true },
      { orderId: 'GMH4', name: '黄金会员·月卡', type: 'vip', link: '/member', amount: 8_415, channel: 'wx_pub_qr', payTimestamp: 1_700_000_000 },
    ]
    render(<MyPurchasePage />, { 'purchase.mine': items })
    const rows = await screen.findAllByTestId('purchase-row')
    expect(within(rows[0]!).getByTestId('purchase-refunded').textContent).toBe('已退款')
    expect(within(rows[1]!).queryByTestId('purchase-refunded')).toBeNull()
  })

  it('says so when there is nothing', async () => {
    render(<MyPurchasePage />, { 'purchase.mine': [] })
    expect(await screen.findByText('暂无购买记录')).toBeTruthy()
  })
})

describe('/my/coupon', () => {
  it('shows amount coupons in yuan and discount coupons as n 折, unavailable ones marked', async () => {
    const coupons: Coupon[] = [
      { couponId: 1, couponName: '新人立减10元', startTimestamp: 1_700_000_000, endTimestamp: 1_730_000_000, description: '全场通用', amount: 1_000, isAvailable: true },
      { couponId: 2, couponName: '会员8.5折券', startTimestamp: 1_700_000_000, endTimestamp: 1_730_000_000, description: '开通会员可用', discount: 0.85, isAvailable: false },
    ]
    render(<MyCouponPage />, { 'coupons.mine': coupons })
    const list = await screen.findByRole('list', { name: '我的优惠券' })
    expect(within(list).getByText('¥10.00')).toBeTruthy()
    expect(within(list).getByText('8.5 折')).toBeTruthy()
    expect(within(list).getByText(/不可用/)).toBeTruthy()
  })

  it('a cd-key: the rule first (nothing sent), then 兑换 adds its coupon to the list; a refusal shows the server’s message', async () => {
    const welcome: Coupon = { couponId: 1, couponName: '新人立减10元', startTimestamp: 1_700_000_000, endTimestamp: 1_730_000_000, description: '全场通用', amount: 1_000, isAvailable: true }
    const exchanged: Coupon = { couponId: 3, couponName: '兑换券·立减20元', startTimestamp: 1_700_000_000, endTimestamp: 1_730_000_000, description: '兑换码兑换，全场通用', amount: 2_000, isAvailable: true }
    let held = [welcome]
    const http = render(<MyCouponPage />, {
      'coupons.mine': () => held,
      'coupons.exchange': (input: CallRecord['input']) => {
        if (input?.query?.cdKey !== 'GMH2026') throw new ApiError({ statusCode: 400, message: '兑换码无效或已过期' })
        held = [welcome, exchanged]
        return exchanged
      },
    })
    await screen.findByRole('list', { name: '我的优惠券' })
    const box = screen.getByLabelText('兑换码') as HTMLInputElement
    const button = screen.getByRole('button', { name: '兑换' })
    fireEvent.click(button)
    expect((await screen.findByRole('alert')).textContent).toBe(CD_KEY_MESSAGES.empty)
    fireEvent.change(box, { target: { value: 'GMH-2026' } })
    fireEvent.click(button)
    expect((await screen.findByRole('alert')).textContent).toBe(CD_KEY_MESSAGES.format)
    expect(http.callsTo('coupons.exchange')).toHaveLength(0)
    fireEvent.change(box, { target: { value: 'NOPE' } })
    fireEvent.click(button)
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('兑换码无效或已过期'))
    fireEvent.change(box, { target: { value: ' GMH2026 ' } })
    fireEvent.click(button)
    expect((await screen.findByText('兑换成功，已获得「兑换券·立减20元」')).getAttribute('role')).toBe('status')
    expect(http.callsTo('coupons.exchange').map((c) => c.input)).toEqual([{ query: { cdKey: 'NOPE' } }, { query: { cdKey: 'GMH2026' } }])
    expect(box.value).toBe('')
    // the list reloads with the new coupon
    const list = await screen.findByRole('list', { name: '我的优惠券' })
    await waitFor(() => expect(within(list).getByText('¥20.00')).toBeTruthy())
    expect(http.callsTo('coupons.mine')).toHaveLength(2)
  })
})

// @vitest-environment jsdom
// /my/purchase and /my/coupon for a signed-in reader (issue 13).
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Coupon, PurchasedItem } from '../../core/api/order'
import { fakeHttp, makeServices, renderUi, type FakeAnswer } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { loginInfoFixture } from '../../core/testing/login-info'
import { MyCouponPage, MyPurchasePage } from './my-purchase'

afterEach(cleanup)

function render(page: React.ReactElement, answers: Record<string, FakeAnswer>) {
  renderUi(<WithSession actor={testSession(loginInfoFixture({ id: 1, nick: '老股民' }))}>{page}</WithSession>, { services: makeServices({ http: fakeHttp(answers) }) })
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
})

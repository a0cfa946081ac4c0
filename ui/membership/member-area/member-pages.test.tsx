// @vitest-environment jsdom
// The member area (issue 13; spec 001 §2 'Member area', §4 'Membership tiers', §6): tiers and their buy
// actions from the goods list, the reader's membership icon and expiry, /member/payment with the way to
// attestation and back, the member articles, core capital. Calls held to the real contract.
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { GoodsByType, PurchaseInfo } from '../../../core/api/order'
import type { ArticleSummary } from '../../../core/api/content'
import { loginInfoFixture } from '../../../core/testing/login-info'
import type { SessionActor } from '../../common/session'
import { article, makeServices, NOW_MS, page, renderUi, type FakeAnswer } from '../../testing/render'
import { testSession, WithSession } from '../../testing/session'
import { contractHttp } from '../attestation/contract-http'
import { MemberArticlesPage } from './content-pages'
import { MemberHomePage, PaymentPage, UserMemberPage } from './member-pages'
import { BuyContext } from '../../common/buy'

afterEach(cleanup)

const spec = (specsId: number, name: string, cents: number, over: Partial<PurchaseInfo> = {}): PurchaseInfo => ({
  specsId,
  name,
  price: cents,
  currentPriceText: `¥${(cents / 100).toFixed(2)}`,
  coupons: [],
  displayButtonText: '立即开通',
  ...over,
})
const VIP: GoodsByType = {
  vip: {
    title: '开通会员',
    name: '港美汇会员',
    link: '/member',
    purchaseInfos: [
      spec(101, '黄金会员·月卡', 9_900, { tag: '黄金会员' }),
      spec(102, '黄金会员·季卡', 26_800, { tag: '黄金会员', originalPriceText: '¥297.00', badge: '券后¥258.00' }),
      spec(201, '铂金会员·月卡', 19_900, { tag: '铂金会员' }),
    ],
  },
}
const nowS = Math.floor(NOW_MS / 1000)
const DAY = 86_400

function open(ui: React.ReactElement, answers: Record<string, FakeAnswer>, session: SessionActor = testSession(loginInfoFixture({ id: 9 })), path = '/member') {
  const http = contractHttp(answers)
  return { http, ...renderUi(<WithSession actor={session}>{ui}</WithSession>, { path, services: makeServices({ http }) }) }
}

describe('/member', () => {
  it('shows the tiers with prices, and each buy action goes to /member/payment with the goods id', async () => {
    open(<MemberHomePage />, { 'purchase.goodsList': VIP })
    const tiers = await screen.findByRole('list', { name: '开通会员' })
    expect(within(tiers).getByText('¥268.00')).toBeTruthy()
    expect(within(tiers).getByText('原价 ¥297.00')).toBeTruthy()
    expect(within(tiers).getByText('券后¥258.00')).toBeTruthy()
    expect(within(tiers).getByRole('link', { name: '立即开通 铂金会员·月卡' }).getAttribute('href')).toBe('/member/payment?goodsId=201')
  })

  it("shows a member's icon and expiry with the days left; an expired one shows no icon", async () => {
    const member = testSession(loginInfoFixture({ id: 9, membership: { type: 'gold', expireTimestamp: nowS + 10 * DAY - 60, icon: '/icons/gold.svg' } }))
    open(<MemberHomePage />, { 'purchase.goodsList': VIP }, member)
    const state = await screen.findByTestId('member-state')
    expect(within(state).getByRole('img', { name: '会员标识' }).getAttribute('src')).toBe('/icons/gold.svg')
    expect(state.textContent).toContain('黄金会员 · 有效期至 2024-03-25')
    expect(state.textContent).toContain('剩余 10 天')
    cleanup()
    const lapsed = testSession(loginInfoFixture({ id: 9, membership: { type: 'gold', expireTimestamp: nowS - 60, icon: '/icons/gold.svg' } }))
    open(<MemberHomePage />, { 'purchase.goodsList': VIP }, lapsed)
    const gone = await screen.findByTestId('member-state')
    expect(within(gone).queryByRole('img')).toBeNull()
    expect(gone.textContent).toContain('会员已过期')
  })

  it('a guest is offered the login, and sees the tiers', async () => {
    open(<MemberHomePage />, { 'purchase.goodsList': VIP }, testSession())
    expect(await screen.findByText('登录后查看会员状态')).toBeTruthy()
    expect(await screen.findByRole('list', { name: '开通会员' })).toBeTruthy()
  })
})

describe('/user/member', () => {
  it("the reader's membership and a renew link", async () => {
    const member = testSession(loginInfoFixture({ id: 9, membership: { type: 'platinum', expireTimestamp: nowS + 40 * DAY, icon: '/icons/p.svg' } }))
    open(<UserMemberPage />, {}, member)
    expect((await screen.findByTestId('user-member-state')).textContent).toContain('铂金会员 · 有效期至')
    expect(screen.getByRole('link', { name: '续费' }).getAttribute('href')).toBe('/member')
  })
})

describe('/member/payment', () => {
  it('the pay button opens the order dialog on the chosen spec', async () => {
    const bought: number[] = []
    open(
      <BuyContext.Provider value={(specsId) => bought.push(specsId)}>
        <PaymentPage />
      </BuyContext.Provider>,
      { 'purchase.goodsList': VIP },
      undefined,
      '/member/payment?goodsId=102',
    )
    fireEvent.click(await screen.findByRole('button', { name: '立即购买' }))
    expect(bought).toEqual([102])
  })

  it('shows the chosen spec; a reader not yet qualified is sent to attestation, coming back here', async () => {
    const { http } = open(<PaymentPage />, { 'purchase.goodsList': VIP }, undefined, '/member/payment?goodsId=102')
    expect((await screen.findByTestId('chosen-spec')).textContent).toContain('黄金会员·季卡')
    expect(http.callsTo('purchase.goodsList')[0]!.input!.query).toEqual({ specsId: 102 })
    expect(screen.getByRole('link', { name: '去认证' }).getAttribute('href')).toBe('/member/attestation?redirect=%2Fmember%2Fpayment%3FgoodsId%3D102')
  })

  it('a qualified reader is not sent to attestation; an unknown goods id says so', async () => {
    const qualified = testSession(loginInfoFixture({ id: 9, kyc: { certification: true, svipInvestor: true } }))
    open(<PaymentPage />, { 'purchase.goodsList': VIP }, qualified, '/member/payment?goodsId=101')
    await screen.findByTestId('chosen-spec')
    expect(screen.queryByRole('link', { name: '去认证' })).toBeNull()
    cleanup()
    open(<PaymentPage />, { 'purchase.goodsList': VIP }, qualified, '/member/payment?goodsId=abc')
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '未找到该商品')
  })
})

describe('/member/articles', () => {
  it("keeps the channel feed's VIP articles, reading on while there are more pages", async () => {
    const vip = (id: number): ArticleSummary => article(id, { isVip: true, title: `会员文章 ${id}` })
    const open1 = open(<MemberArticlesPage groupId="hk" />, {
      'channels.list': [{ id: 1, type: 'hk', name: '港股', sort: 1 }],
      'channels.articles': (input: { query?: { timestamp?: number } }) =>
        input.query?.timestamp === undefined ? page([article(1), vip(2), article(3)], true) : page([vip(4), article(5)], false),
    })
    const list = await screen.findByRole('list', { name: '会员文章' })
    expect(within(list).getAllByRole('link').map((a) => a.textContent)).toEqual(['会员文章 2', '会员文章 4'])
    expect(open1.http.callsTo('channels.articles').map((c) => c.input!.params)).toEqual([{ type: 'hk' }, { type: 'hk' }])
    expect(screen.getByRole('link', { name: '港股' }).getAttribute('aria-current')).toBe('page')
  })
})

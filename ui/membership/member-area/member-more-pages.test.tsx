// @vitest-environment jsdom
// The member area's remaining pages (issue 25): each renders what its calls answer (held to the real
// contract by contractHttp), shows the reader's lock as the server gives it, and offers membership or
// the column where an article is locked. The routes take over from the 404.
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Album, AlbumContent, MemberArticle, ShopColumn, VipTier } from '../../../core/api/member-area'
import { ApiError } from '../../../core/api/api-error'
import { loginInfoFixture } from '../../../core/testing/login-info'
import { article, fakeHttp, makeServices, NOW_MS, page, renderUi, type FakeAnswer } from '../../testing/render'
import { testSession, WithSession } from '../../testing/session'
import { contractHttp } from '../attestation/contract-http'
import { App } from '../../app'
import { AlbumIndexPage, ArticleIndexPage, BlackGoldPromotePage, ChanceNoticePage, IndustryRevivalColumnPage, IndustryRevivalIntroPage, InfoSwiperPage } from './member-more-pages'

beforeAll(async () => {
  await Promise.all([import('./member-more-pages'), import('../../common/status-pages')])
}, 60_000)
beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
})
afterEach(cleanup)

const nowS = Math.floor(NOW_MS / 1000)
const member = (id: number, locked: boolean, over: Partial<MemberArticle> = {}): MemberArticle => ({ ...article(id, { isVip: true, title: `会员文章 ${id}` }), locked, equityId: 1, ...over })
const author = { id: 7, nick: '陈默', avatar: '' }
const albumOf = (over: Partial<Album> = {}): Album => ({ id: 11, name: 'AI产业链观察', brief: '从算力到应用', coverUrl: '', author, articleCount: 3, trialCount: 1, fullAccess: false, ...over })
const content = (id: number, locked: boolean, over: Partial<AlbumContent> = {}): AlbumContent => ({ id, title: `专栏文章 ${id}`, summary: '摘要', createTimestamp: nowS - id, isVip: locked, locked, ...over })
const TIERS: VipTier[] = [
  { tier: 'gold', name: '黄金会员', title: '开通黄金会员', icon: '/vip-gold.svg', specsId: 101, priceCents: 9_900, specName: '黄金会员·月卡' },
  { tier: 'platinum', name: '铂金会员', title: '开通铂金会员', icon: '/vip-platinum.svg', specsId: 201, priceCents: 19_900, specName: '铂金会员·月卡' },
  { tier: 'ultimate', name: '至尊会员', title: '开通至尊会员', icon: '/vip-ultimate.svg', specsId: 301, priceCents: 49_900, specName: '至尊会员·月卡' },
]

function open(ui: React.ReactElement, answers: Record<string, FakeAnswer>, path = '/member') {
  const http = contractHttp(answers)
  return { http, ...renderUi(<WithSession actor={testSession(loginInfoFixture({ id: 9 }))}>{ui}</WithSession>, { path, services: makeServices({ http }) }) }
}

describe('/member/chanceNotice', () => {
  it("lists the 机会提醒 equity's articles with the reader's lock, a locked one offering membership", async () => {
    const o = open(<ChanceNoticePage />, { 'vipsEquity.equityArticles': page([member(1, true), member(2, false)]) })
    const list = await screen.findByRole('list', { name: '机会提醒' })
    const items = within(list).getAllByRole('listitem')
    expect(within(items[0]!).getByText('会员专享')).toBeTruthy()
    expect(within(items[0]!).getByRole('link', { name: '开通会员阅读全文' }).getAttribute('href')).toBe('/member')
    expect(within(items[1]!).getByText('已解锁')).toBeTruthy()
    expect(within(items[1]!).queryByRole('link', { name: '开通会员阅读全文' })).toBeNull()
    expect(o.http.callsTo('vipsEquity.equityArticles')[0]!.input!.params).toEqual({ id: 1 })
  })
})

describe('/member/infoSwiper', () => {
  it('shows the slides and the newest notices', async () => {
    open(<InfoSwiperPage />, {
      'vips.web': {
        tiers: TIERS,
        swiper: [{ articleId: 5, title: '美股科技财报前瞻', summary: '摘要', coverUrl: '/c.svg', link: '/news/5', createTimestamp: nowS }],
        chanceNotices: [member(3, true)],
        equities: [],
      },
    })
    const strip = await screen.findByRole('navigation', { name: '会员资讯' })
    expect(within(strip).getByRole('link', { name: /美股科技财报前瞻/ }).getAttribute('href')).toBe('/news/5')
    expect(within(screen.getByRole('list', { name: '最新机会提醒' })).getByText('会员文章 3')).toBeTruthy()
  })
})

describe('/member/type/article-index', () => {
  it('reads every equity by default and one equity when chosen', async () => {
    const answers = {
      'vipsEquity.articleEquities': [
        { id: 1, name: '机会提醒', summary: '', route: '/member/chanceNotice', articleCount: 9 },
        { id: 2, name: '宏观策略', summary: '', route: '/member/type/article-index?equity=2', articleCount: 1 },
      ],
      'vipsEquity.allArticles': page([member(1, true)]),
      'vipsEquity.equityArticles': page([member(2, true, { equityId: 2 })]),
    }
    const all = open(<ArticleIndexPage />, answers, '/member/type/article-index')
    expect(await screen.findByText('会员文章 1')).toBeTruthy()
    expect(screen.getByRole('link', { name: '全部' }).getAttribute('aria-current')).toBe('page')
    expect(all.http.callsTo('vipsEquity.equityArticles')).toHaveLength(0)
    cleanup()
    const one = open(<ArticleIndexPage />, answers, '/member/type/article-index?equity=2')
    expect(await screen.findByText('会员文章 2')).toBeTruthy()
    expect(screen.getByRole('link', { name: '宏观策略 1 篇' }).getAttribute('aria-current')).toBe('page')
    expect(one.http.callsTo('vipsEquity.equityArticles')[0]!.input!.params).toEqual({ id: 2 })
  })
})

describe('/black-gold/promote', () => {
  it('offers platinum and ultimate (not gold) and compares the privileges by tier', async () => {
    open(<BlackGoldPromotePage />, {
      'vips.tiers': TIERS,
      'vipsEquity.list': [{ id: 4, name: '产业复兴系列', summary: '黑金产业系列专栏', tiers: ['platinum', 'ultimate'] }],
    })
    const tiers = await screen.findByRole('list', { name: '开通黑金会员' })
    expect(within(tiers).getAllByRole('listitem').map((li) => li.querySelector('.tag')!.textContent)).toEqual(['铂金会员', '至尊会员'])
    expect(within(tiers).getAllByRole('link', { name: '立即开通' }).map((a) => a.getAttribute('href'))).toEqual(['/member/payment?goodsId=201', '/member/payment?goodsId=301'])
    const row = (await screen.findByText('产业复兴系列')).closest('tr')!
    expect([...row.querySelectorAll('td')].slice(1).map((td) => td.textContent)).toEqual(['—', '✓', '✓'])
  })
})

describe('/black-gold/industry-revival', () => {
  it('intro: the series and its albums, each with its access', async () => {
    open(<IndustryRevivalIntroPage />, { 'blackGold.industryRevival': { title: '产业复兴', summary: '沿产业链寻找成长', albums: [albumOf(), albumOf({ id: 13, name: '芯片周期论', fullAccess: true })] } })
    const list = await screen.findByRole('list', { name: '产业复兴' })
    expect(within(list).getByRole('link', { name: 'AI产业链观察' }).getAttribute('href')).toBe('/black-gold/industry-revival/11')
    expect(within(list).getByText('可试读 1 篇')).toBeTruthy()
    expect(within(list).getByText('已全部解锁')).toBeTruthy()
  })
  it('an album: its trial and every article, a locked member article offering 黑金, a paid column its price', async () => {
    const o = open(<IndustryRevivalColumnPage columnId="11" />, {
      'albums.detail': albumOf(),
      'albums.trialContent': [content(1, false)],
      'albums.allContent': page([content(1, false), content(2, true), content(3, true, { specsId: 50003 })]),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'AI产业链观察' })).toBeTruthy()
    expect(within(await screen.findByRole('list', { name: '免费试读' })).getAllByRole('listitem')).toHaveLength(1)
    const all = within(await screen.findByRole('list', { name: '全部文章' })).getAllByRole('listitem')
    expect(all.map((li) => within(li).queryByRole('link', { name: '开通会员解锁' })?.getAttribute('href') ?? null)).toEqual([null, '/black-gold/promote', '/member/payment?goodsId=50003'])
    expect(o.http.callsTo('albums.detail')[0]!.input!.params).toEqual({ id: 11 })
  })
  it('a paid column offers its subscription at its price', async () => {
    open(<IndustryRevivalColumnPage columnId="1" />, {
      'albums.detail': albumOf({ id: 1, specsId: 10001, priceCents: 19_900 }),
      'albums.trialContent': [],
      'albums.allContent': page([]),
    })
    expect((await screen.findByRole('link', { name: '订阅专栏 ¥199.00' })).getAttribute('href')).toBe('/member/payment?goodsId=10001')
  })
  it('a column id that is not an id is the 404', async () => {
    open(<IndustryRevivalColumnPage columnId="abc" />, {})
    expect(await screen.findByText('404')).toBeTruthy()
    expect(screen.queryByRole('heading', { level: 1, name: 'AI产业链观察' })).toBeNull()
  })
})

describe('/album (issue 25: it was 栏目建设中)', () => {
  const shop = (id: number, over: Partial<ShopColumn> = {}): ShopColumn => ({ id, name: `专栏 ${id}`, brief: '按篇阅读', coverUrl: '', author, articleCount: 6, specsId: 10_000 + id, priceCents: 19_900, link: `/album/${id}`, ...over })
  it('the columns on sale (GET /api/shop-columns/v3, the most it gives), each opening its album /album/{id}, with its price and 订阅', async () => {
    const o = open(<AlbumIndexPage />, { 'shopColumns.list': [shop(1), shop(2, { priceCents: 9_900 })] }, '/album')
    expect(await screen.findByRole('heading', { level: 1, name: '专栏合集' })).toBeTruthy()
    const items = within(await screen.findByRole('list', { name: '专栏合集' })).getAllByRole('listitem')
    expect(items.map((li) => within(li).getByRole('link', { name: /^专栏 \d$/ }).getAttribute('href'))).toEqual(['/album/1', '/album/2'])
    expect(within(items[1]!).getByText('¥99.00')).toBeTruthy()
    expect(within(items[1]!).getByText('陈默 · 共 6 篇')).toBeTruthy()
    expect(within(items[1]!).getByRole('link', { name: '订阅 专栏 2' }).getAttribute('href')).toBe('/member/payment?goodsId=10002')
    expect(o.http.callsTo('shopColumns.list')[0]!.input!.query).toEqual({ limit: 50 })
  })
  it('with none on sale it says so; a failed read offers 重试', async () => {
    open(<AlbumIndexPage />, { 'shopColumns.list': [] }, '/album')
    expect(await screen.findByText('暂无在售专栏')).toBeTruthy()
    cleanup()
    open(<AlbumIndexPage />, { 'shopColumns.list': () => { throw new ApiError({ statusCode: 500, message: '服务繁忙' }) } }, '/album')
    expect(await screen.findByText('服务繁忙')).toBeTruthy()
  })
})

describe('an album of the series: its access and an unknown one', () => {
  it("a reader with full access is offered no purchase; an unknown column says the server's message", async () => {
    open(<IndustryRevivalColumnPage columnId="11" />, { 'albums.detail': albumOf({ fullAccess: true, specsId: 10011, priceCents: 19_900 }), 'albums.trialContent': [], 'albums.allContent': page([content(1, false)]) })
    expect(await screen.findByText(/已全部解锁/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: /订阅专栏/ })).toBeNull()
    cleanup()
    open(<IndustryRevivalColumnPage columnId="999" />, { 'albums.detail': () => { throw new ApiError({ statusCode: 404, message: '专栏不存在' }) }, 'albums.trialContent': [], 'albums.allContent': page([]) })
    expect(await screen.findByText('专栏不存在')).toBeTruthy()
  })
})

describe('the routes', () => {
  it.each([
    ['/member/chanceNotice', '机会提醒'],
    ['/member/infoSwiper', '会员资讯'],
    ['/member/type/article-index', '会员文章索引'],
    ['/black-gold/promote', '黑金会员'],
    ['/black-gold/industry-revival/intro', '产业复兴'],
    ['/album', '专栏合集'],
  ])('%s draws its page, not the 404 or 栏目建设中', async (path, heading) => {
    renderUi(<App />, { path, services: makeServices({ http: fakeHttp({ 'blackGold.industryRevival': { title: '产业复兴', summary: '', albums: [] }, 'shopColumns.list': [] }) }) })
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: '栏目建设中' })).toBeNull()
  })
  // spec 000 §2 'Layouts': the member area in the member layout, the privileges and 黑金 pages in the
  // privilege layout (both full width on the card background); it was the default layout (issue 25)
  it.each([
    ['/member', 'member'],
    ['/member/privilege', 'privilege'],
    ['/member/privilegeintro', 'privilege'],
    ['/member/usualQuestion', 'member'],
    ['/member/blackgold-intro', 'privilege'],
    ['/member/payment', 'member'],
    ['/member/success', 'member'],
    ['/member/failure', 'member'],
    ['/member/type', 'member'],
    ['/member/articles/hk', 'member'],
    ['/member/column', 'member'],
    ['/member/coreCapital', 'member'],
    ['/member/coreCapital/hk00700', 'member'],
    ['/user/member', 'member'],
    ['/member/chanceNotice', 'member'],
    ['/member/infoSwiper', 'member'],
    ['/member/type/article-index', 'member'],
    ['/black-gold/promote', 'privilege'],
    ['/black-gold/industry-revival/intro', 'privilege'],
    ['/black-gold/industry-revival/11', 'privilege'],
    ['/album', 'member'],
  ])('%s is in the %s layout, its banner across the window and its one h1 in it', async (path, layout) => {
    const { container } = renderUi(<App />, { path, services: makeServices({ http: fakeHttp({}) }) })
    const main = container.querySelector('main')!
    expect(main.getAttribute('data-layout')).toBe(layout)
    const banner = await within(main).findByTestId('member-banner')
    expect(banner.parentElement).toBe(main)
    expect(main.querySelectorAll('main')).toHaveLength(0)
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })
})

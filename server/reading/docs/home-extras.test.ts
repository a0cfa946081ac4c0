// Integration: the home extras (sub-channels, banners, recommended articles, ads, featured heads,
// their generated pictures) and subject search, against the real app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as docs from '../../../core/api/reading-docs'
import { ADS, AD_POSITION, BANNERS, FEATURED_HEADS, HOME_SHOW_TYPE, SELECTED_PER_HEAD, SUB_CHANNELS } from '../../../fixtures/reading-docs/home-extras'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { TEST_NOW } from '../../testing/test-db'
import { RECOMMEND_COUNT, RECOMMEND_WINDOW_DAYS } from './home-extras'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const expect400 = async (path: string) => {
  const res = await t.get(path)
  expect(res.status, path).toBe(400)
  expect(res.body.statusCode, path).toBe(400)
  expect(res.body.message, path).toMatch(/[\u4e00-\u9fa5]/)
}

describe('GET /api/channels/subChannels/v1', () => {
  it('lists the sub-channels of one channel in order, or all of them', async () => {
    const hk = await t.getOk(docs.subChannels, '/api/channels/subChannels/v1?type=hk')
    expect(hk.map((c) => c.name)).toEqual(SUB_CHANNELS.filter((c) => c.parentType === 'hk').map((c) => c.name))
    expect(await t.getOk(docs.subChannels, '/api/channels/subChannels/v1')).toHaveLength(SUB_CHANNELS.length)
    expect(await t.getOk(docs.subChannels, '/api/channels/subChannels/v1?type=fund')).toEqual([])
  })
  it('404 for an unknown channel, 400 for a bad one', async () => {
    expect((await t.get('/api/channels/subChannels/v1?type=nochannel')).body).toMatchObject({ statusCode: 404, message: '频道不存在' })
    await expect400('/api/channels/subChannels/v1?type=Bad%20Type!')
  })
})

describe('GET /api/channels/{type}/banner', () => {
  it('answers the home carousel with generated pictures served here', async () => {
    const list = await t.getOk(docs.channelBanner, '/api/channels/home/banner')
    expect(list.map((b) => b.title)).toEqual(BANNERS.filter((b) => b.channelType === 'home').map((b) => b.title))
    for (const b of list) {
      expect(b.imageUrl).toMatch(/^\/ad-art\/banner\/\d+\.svg$/)
      const img = await t.request(b.imageUrl)
      expect(img.status).toBe(200)
      expect(img.headers.get('Content-Type')).toBe('image/svg+xml')
    }
    expect((await t.getOk(docs.channelBanner, '/api/channels/hk/banner')).length).toBe(2)
  })
  it('zh-hk in traditional characters; 404 unknown channel; 400 bad type', async () => {
    const hk = await t.getOk(docs.channelBanner, '/api/channels/home/banner', { 'Client-Lang': 'zh-hk' })
    expect(hk[0]!.title).toContain('資金')
    expect((await t.get('/api/channels/nochannel/banner')).body).toMatchObject({ statusCode: 404 })
    await expect400('/api/channels/BAD_TYPE/banner')
  })
})

describe('GET /api/recommend/article/getList', () => {
  it('answers the most read recent articles, of one channel when asked', async () => {
    const all = await t.getOk(docs.recommendArticles, '/api/recommend/article/getList')
    expect(all).toHaveLength(RECOMMEND_COUNT)
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.readCount).toBeGreaterThanOrEqual(all[i]!.readCount)
    for (const a of all) expect(a.createTimestamp).toBeGreaterThanOrEqual(TEST_NOW - RECOMMEND_WINDOW_DAYS * 86_400)
    const us = await t.getOk(docs.recommendArticles, '/api/recommend/article/getList?channel=us&count=3')
    expect(us.length).toBeGreaterThan(0)
    expect(us.length).toBeLessThanOrEqual(3)
    for (const a of us) expect(a.channelType).toBe('us')
  })
  it('404 unknown channel; 400 bad channel or count', async () => {
    expect((await t.get('/api/recommend/article/getList?channel=nochannel')).body).toMatchObject({ statusCode: 404 })
    for (const q of ['channel=%3Cscript%3E', 'count=0', 'count=101', 'count=abc']) await expect400(`/api/recommend/article/getList?${q}`)
  })
})

describe('ad slots', () => {
  const home = ADS.filter((a) => a.showType === HOME_SHOW_TYPE)
  it('/adapi/ad/home-page answers the home ads; rendom rotates which comes first', async () => {
    const list = await t.getOk(docs.homePageAds, '/adapi/ad/home-page')
    expect(list.map((a) => a.id)).toEqual(home.map((a) => a.id))
    const rotated = await t.getOk(docs.homePageAds, '/adapi/ad/home-page?rendom=1')
    expect(rotated.map((a) => a.id)).toEqual([...home.slice(1), home[0]!].map((a) => a.id))
    expect((await t.getOk(docs.homePageAds, `/adapi/ad/home-page?rendom=${home.length}`)).map((a) => a.id)).toEqual(home.map((a) => a.id))
    await expect400('/adapi/ad/home-page?rendom=-3')
    await expect400('/adapi/ad/home-page?rendom=x')
  })
  it('/adapi/ad/web by showType; 400 without or with a bad one', async () => {
    const list = await t.getOk(docs.webAds, '/adapi/ad/web?showType=2')
    expect(list.map((a) => a.id)).toEqual(ADS.filter((a) => a.showType === 2).map((a) => a.id))
    expect(await t.getOk(docs.webAds, '/adapi/ad/web?showType=99')).toEqual([])
    await expect400('/adapi/ad/web')
    await expect400('/adapi/ad/web?showType=0')
  })
  it('/adapi/ad/key-srv/23 answers the site-wide slot with pictures; an empty slot is an empty list', async () => {
    const list = await t.getOk(docs.slotAds, `/adapi/ad/key-srv/${AD_POSITION}`)
    expect(list.length).toBe(ADS.filter((a) => a.position === AD_POSITION).length)
    for (const a of list) {
      expect(a.position).toBe(AD_POSITION)
      expect(a.imageUrl).toBe(`/ad-art/ad/${a.id}.svg`)
      const svg = await (await t.request(a.imageUrl)).text()
      expect(svg.startsWith('<svg')).toBe(true)
    }
    expect(await t.getOk(docs.slotAds, '/adapi/ad/key-srv/999')).toEqual([])
    await expect400('/adapi/ad/key-srv/abc')
  })
  it('pictures: 400 for an unknown kind or a bad id', async () => {
    for (const p of ['/ad-art/logo/1.svg', '/ad-art/ad/0.svg', '/ad-art/ad/abc.svg', '/ad-art/ad/1.png', '/ad-art/ad/9999999.svg']) {
      expect((await t.request(p)).status, p).toBe(400)
    }
  })
})

describe('featured heads', () => {
  it('/api/featured/all/head lists the heads in order with their article counts', async () => {
    const heads = await t.getOk(docs.featuredHeads, '/api/featured/all/head')
    expect(heads.map((h) => h.title)).toEqual(FEATURED_HEADS.map((h) => h.title))
    for (const h of heads) {
      expect(h.articleCount).toBeGreaterThan(0)
      expect(h.imageUrl).toBe(`/ad-art/featured/${h.id}.svg`)
    }
  })
  it('/api/featured/head/{id} answers one head with its articles of its channel', async () => {
    const head = await t.getOk(docs.featuredHead, '/api/featured/head/2')
    expect(head.title).toBe('美股观察')
    expect(head.articles).toHaveLength(head.articleCount)
    for (const a of head.articles) expect(a.channelType).toBe('us')
    expect((await t.get('/api/featured/head/99')).body).toMatchObject({ statusCode: 404, message: '精选栏目不存在' })
    await expect400('/api/featured/head/0')
  })
  it('/api/featured/list/selectedContent pages the selected articles, head by head', async () => {
    const first = await t.getOk(docs.featuredSelected, '/api/featured/list/selectedContent?page=1&count=5')
    expect(first.total).toBe(FEATURED_HEADS.length * SELECTED_PER_HEAD)
    expect(first.list).toHaveLength(5)
    expect(first.hasMore).toBe(true)
    const head1 = await t.getOk(docs.featuredHead, '/api/featured/head/1')
    expect(first.list.slice(0, SELECTED_PER_HEAD).map((a) => a.id)).toEqual(head1.articles.slice(0, SELECTED_PER_HEAD).map((a) => a.id))
    const rest = await t.getOk(docs.featuredSelected, '/api/featured/list/selectedContent?page=2&count=10')
    expect(rest.list.length).toBe(first.total! - 10)
    expect(rest.hasMore).toBe(false)
    await expect400('/api/featured/list/selectedContent?page=0')
    await expect400('/api/featured/list/selectedContent?count=1000')
  })
})

describe('GET /api/subject/search/v1', () => {
  it('finds subjects by Chinese words in the title or brief, title matches first', async () => {
    const r = await t.getOk(docs.subjectSearch, `/api/subject/search/v1?keyword=${encodeURIComponent('港股')}`)
    expect(r.list.length).toBeGreaterThan(2)
    const titles = r.list.map((s) => s.title)
    const firstBriefOnly = titles.findIndex((x) => !x.includes('港股'))
    expect(firstBriefOnly).toBeGreaterThan(0)
    for (const x of titles.slice(firstBriefOnly)) expect(x).not.toContain('港股')
    for (const s of r.list) expect(s.title + s.brief).toContain('港股')
  })
  it('every term must match; case-insensitive; LIKE characters are literal', async () => {
    const both = await t.getOk(docs.subjectSearch, `/api/subject/search/v1?keyword=${encodeURIComponent('etf 定投')}`)
    expect(both.list.map((s) => s.title)).toEqual(['ETF与指数投资'])
    expect((await t.getOk(docs.subjectSearch, `/api/subject/search/v1?keyword=${encodeURIComponent('%')}`)).list).toEqual([])
    expect((await t.getOk(docs.subjectSearch, `/api/subject/search/v1?keyword=${encodeURIComponent('没有这个专题')}`)).total).toBe(0)
  })
  it('pages by page and count', async () => {
    const all = await t.getOk(docs.subjectSearch, `/api/subject/search/v1?keyword=${encodeURIComponent('港股')}&count=100`)
    const p1 = await t.getOk(docs.subjectSearch, `/api/subject/search/v1?keyword=${encodeURIComponent('港股')}&count=2`)
    const p2 = await t.getOk(docs.subjectSearch, `/api/subject/search/v1?keyword=${encodeURIComponent('港股')}&count=2&page=2`)
    expect([...p1.list, ...p2.list].map((s) => s.id)).toEqual(all.list.slice(0, 4).map((s) => s.id))
    expect(p1.hasMore).toBe(true)
    expect(p1.total).toBe(all.total)
  })
  it('400 for a missing, blank or too long keyword, or bad paging', async () => {
    await expect400('/api/subject/search/v1')
    expect((await t.get('/api/subject/search/v1?keyword=%20%20')).body).toMatchObject({ statusCode: 400, message: '请输入搜索关键词' })
    await expect400(`/api/subject/search/v1?keyword=${'港'.repeat(51)}`)
    await expect400(`/api/subject/search/v1?keyword=a&page=0`)
    await expect400(`/api/subject/search/v1?keyword=a&count=0`)
  })
})

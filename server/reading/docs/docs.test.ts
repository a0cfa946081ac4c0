// Integration: documents, agreements, deep research and the news filter list against the real app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as docs from '../../../core/api/reading-docs'
import { AGREEMENTS, DOCUMENTS, SITE_DOC_PARAMS } from '../../../fixtures/reading-docs/documents'
import { generateResearch } from '../../../fixtures/reading-docs/research'
import { generateFixtures } from '../../../fixtures/generate'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { TEST_NOW } from '../../testing/test-db'
import { endOfDay } from './news-filter'

const research = generateResearch(TEST_NOW)
const fixtures = generateFixtures(TEST_NOW)
const PLACEHOLDER = /\{\{\s*[A-Za-z0-9_]+\s*\}\}/
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const texts = (blocks: readonly { text: string }[]) => blocks.map((b) => b.text).join('\n')

describe('GET /api/documents/{name}', () => {
  it.each(['user-agreement', 'privacy', 'disclaimer', 'about', 'contact'])('%s: the footer document, every placeholder filled', async (name) => {
    const doc = await t.getOk(docs.documentByName, `/api/documents/${name}`)
    const source = DOCUMENTS.find((d) => d.name === name)!
    expect(doc.name).toBe(name)
    expect(doc.title).toBe(source.title)
    expect(doc.blocks.length).toBeGreaterThan(2)
    expect(texts(doc.blocks)).not.toMatch(PLACEHOLDER)
    expect(texts(doc.blocks)).toContain(SITE_DOC_PARAMS.siteName)
  })

  it('structures the body into headings, paragraphs and items', async () => {
    const doc = await t.getOk(docs.documentByName, '/api/documents/user-agreement')
    expect(doc.title).toBe('用户协议')
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toContain('一、账号注册与使用')
    expect(doc.blocks.some((b) => b.kind === 'item')).toBe(true)
    expect(texts(doc.blocks)).toContain(`生效日期：${SITE_DOC_PARAMS.effectiveDate}`)
  })

  it('answers zh-hk in traditional characters', async () => {
    const doc = await t.getOk(docs.documentByName, '/api/documents/privacy', { 'Client-Lang': 'zh-hk' })
    // Hong Kong wording (core/locale/hk-wording.ts): 個人資料, the Privacy Ordinance's term, not 個人信息
    expect(texts(doc.blocks)).toContain('個人資料')
    expect(texts(doc.blocks)).not.toContain('個人信息')
  })

  it('404 for an unknown name, 400 for a bad one', async () => {
    expect((await t.get('/api/documents/no-such-doc')).body).toMatchObject({ statusCode: 404, message: '文档不存在' })
    const bad = await t.get('/api/documents/Bad_Name!')
    expect(bad.status).toBe(400)
    expect(bad.body.statusCode).toBe(400)
  })
})

describe('GET /api/agreements/route/{id}/v1', () => {
  it('lists the route agreements in order, the paramMap filled over the site parameters', async () => {
    const list = await t.getOk(docs.routeAgreements, '/api/agreements/route/2/v1')
    expect(list.map((a) => a.id)).toEqual(AGREEMENTS.filter((a) => a.routeId === 2).map((a) => a.id))
    const risk = list[0]!
    expect(risk.title).toBe('风险揭示书')
    expect(risk.paramMap).toEqual({ productName: '港股精选组合', riskLevel: 'R4（中高风险）', userName: '投资者' })
    expect(texts(risk.blocks)).toContain('“港股精选组合”风险等级为R4（中高风险）')
    for (const a of list) expect(texts(a.blocks)).not.toMatch(PLACEHOLDER)
  })

  it('404 for a route without agreements, 400 for a bad id', async () => {
    expect((await t.get('/api/agreements/route/999/v1')).body).toMatchObject({ statusCode: 404, message: '协议不存在' })
    for (const bad of ['0', 'abc', '-1', '1.5']) expect((await t.get(`/api/agreements/route/${bad}/v1`)).status).toBe(400)
  })
})

describe('research reports', () => {
  const free = research.filter((r) => !r.isPay).sort((a, b) => b.createTimestamp - a.createTimestamp || b.id - a.id)
  const paid = research.filter((r) => r.isPay).sort((a, b) => b.createTimestamp - a.createTimestamp || b.id - a.id)

  it('seeds about 40 pieces, free and paid', () => {
    expect(research).toHaveLength(40)
    expect(free.length).toBeGreaterThan(10)
    expect(paid.length).toBeGreaterThan(5)
  })

  it('free: numbered pages, newest first, total and hasMore, stock names', async () => {
    const first = await t.getOk(docs.freeResearchReports, '/api/research-report-groups/1/free-research-reports?count=10')
    expect(first.list.map((r) => r.id)).toEqual(free.slice(0, 10).map((r) => r.id))
    expect(first.total).toBe(free.length)
    expect(first.hasMore).toBe(true)
    expect(first.list.every((r) => !r.isPay && r.priceCents === 0)).toBe(true)
    const r0 = first.list[0]!
    expect(r0.stocks[0]!.name).toBe(fixtures.stocks.find((s) => s.id === free[0]!.stocks[0])!.name)
    const last = await t.getOk(docs.freeResearchReports, `/api/research-report-groups/1/free-research-reports?count=10&page=${Math.ceil(free.length / 10)}`)
    expect(last.hasMore).toBe(false)
  })

  it('paid: the createTimestamp cursor walks every paid report once', async () => {
    const seen: number[] = []
    let cursor: number | undefined
    for (let guard = 0; guard < 20; guard++) {
      const page = await t.getOk(docs.payResearchReports, `/api/research-report-groups/1/pay-research-reports?count=4${cursor ? `&createTimestamp=${cursor}` : ''}`)
      seen.push(...page.list.map((r) => r.id))
      expect(page.list.every((r) => r.isPay && r.priceCents > 0)).toBe(true)
      if (!page.hasMore) break
      cursor = page.list[page.list.length - 1]!.createTimestamp
    }
    expect(seen).toEqual(paid.map((r) => r.id))
  })

  it('unknown group 404; bad page, count or cursor 400', async () => {
    expect((await t.get('/api/research-report-groups/7/free-research-reports')).body).toMatchObject({ statusCode: 404, message: '研报分组不存在' })
    expect((await t.get('/api/research-report-groups/7/pay-research-reports')).status).toBe(404)
    for (const path of [
      '/api/research-report-groups/x/free-research-reports',
      '/api/research-report-groups/1/free-research-reports?page=0',
      '/api/research-report-groups/1/free-research-reports?count=500',
      '/api/research-report-groups/1/pay-research-reports?createTimestamp=abc',
      '/api/research-report-groups/1/pay-research-reports?count=0',
    ])
      expect((await t.get(path)).status, path).toBe(400)
  })

  it('detail: a free report in full, with related reports of the same stock first', async () => {
    const src = free[0]!
    const d = await t.getOk(docs.rssDetail, `/data/api/rss/detail?id=${src.id}`)
    expect(d.title).toBe(src.title)
    expect(d.locked).toBe(false)
    expect(d.paragraphs).toEqual(src.paragraphs)
    expect(d.related.length).toBeGreaterThan(0)
    expect(d.related.map((r) => r.id)).not.toContain(src.id)
  })

  it('detail: a paid report shows only its preview', async () => {
    const src = paid[0]!
    const d = await t.getOk(docs.rssDetail, `/data/api/rss/detail?id=${src.id}`)
    expect(d.locked).toBe(true)
    expect(d.paragraphs).toEqual(src.paragraphs.slice(0, 1))
  })

  it('detail: unknown 404, missing or bad id 400', async () => {
    expect((await t.get('/data/api/rss/detail?id=9999')).body).toMatchObject({ statusCode: 404, message: '研报不存在' })
    for (const q of ['', '?id=', '?id=abc', '?id=0']) expect((await t.get(`/data/api/rss/detail${q}`)).status).toBe(400)
  })
})

describe('GET /api/news/filter/list', () => {
  const sorted = [...fixtures.articles].sort((a, b) => b.createTimestamp - a.createTimestamp || b.id - a.id)

  it('page 1 of all news: 20 newest, with total and page count', async () => {
    const r = await t.getOk(docs.newsFilterList, '/api/news/filter/list')
    expect(r.list.map((a) => a.id)).toEqual(sorted.slice(0, 20).map((a) => a.id))
    expect(r.total).toBe(fixtures.articles.length)
    expect(r.pageCount).toBe(Math.ceil(fixtures.articles.length / 20))
    expect(r.page).toBe(1)
    expect(r.hasMore).toBe(true)
  })

  it('filters by type and pages', async () => {
    const hk = sorted.filter((a) => a.newsType === 'hk')
    const r = await t.getOk(docs.newsFilterList, '/api/news/filter/list?type=hk&count=5&page=2')
    expect(r.list.map((a) => a.id)).toEqual(hk.slice(5, 10).map((a) => a.id))
    expect(r.total).toBe(hk.length)
    const all = await t.getOk(docs.newsFilterList, '/api/news/filter/list?type=all&count=5')
    expect(all.total).toBe(fixtures.articles.length)
  })

  it('createDate keeps news of that day (UTC+8) and before', async () => {
    const pivot = sorted[Math.floor(sorted.length / 2)]!
    const day = new Date((pivot.createTimestamp + 8 * 3600) * 1000).toISOString().slice(0, 10)
    const r = await t.getOk(docs.newsFilterList, `/api/news/filter/list?createDate=${day}&count=100`)
    const expected = sorted.filter((a) => a.createTimestamp < endOfDay(day))
    expect(r.total).toBe(expected.length)
    expect(r.list[0]!.id).toBe(expected[0]!.id)
    expect(r.list.map((a) => a.id)).toContain(pivot.id)
  })

  it('an unknown type is an empty list; bad input 400', async () => {
    const r = await t.getOk(docs.newsFilterList, '/api/news/filter/list?type=nothing')
    expect(r).toMatchObject({ list: [], total: 0, hasMore: false, pageCount: 1 })
    for (const q of ['createDate=2025-13-01', 'createDate=yesterday', 'count=0', 'count=101', 'page=0', 'type=%3Cb%3E'])
      expect((await t.get(`/api/news/filter/list?${q}`)).status, q).toBe(400)
  })
})

describe('endOfDay', () => {
  it('is midnight UTC+8 after the day', () => {
    expect(endOfDay('2025-11-14')).toBe(Date.UTC(2025, 10, 14, 16) / 1000)
  })
})

describe('zh-hk bylines', () => {
  it('converts report institution and analyst', async () => {
    const src = research.find((r) => !r.isPay && r.institution === '华南证券研究部')
    expect(src).toBeDefined()
    if (!src) return
    const d = await t.getOk(docs.rssDetail, `/data/api/rss/detail?id=${src.id}`, { 'Client-Lang': 'zh-hk' })
    expect(d.institution).toBe('華南證券研究部')
  })
})

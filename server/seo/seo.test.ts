// @vitest-environment jsdom
// Integration (issue 11): each page's head as the server sends it, /sitemap.xml and /rss.xml, on the real app.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { SITEMAP_LIMITS, RSS_ITEMS, escapeXml } from './feeds'
import { toHk } from '../i18n/to-hk'
import { withPriceColours } from './price-colours'

let t: TestApp
let staticDir: string
const INDEX =
  '<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <meta charset="UTF-8" />\n    <title>港美汇 - 港股美股资讯与投资者社区</title>\n' +
  '    <meta name="description" content="港美汇：港股、美股新闻资讯、7×24 快讯、行情数据与投资者社区" />\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n'
const html = { Accept: 'text/html' }
/** what a description of `s` should be: one line, at most 120 characters with an ellipsis */
const clipped = (s: string) => {
  const flat = s.replace(/\s+/g, ' ').trim()
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat
}

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'gmh-seo-'))
  writeFileSync(join(staticDir, 'index.html'), INDEX)
  t = await createTestApp({ staticDir })
})
afterAll(async () => {
  await t?.close()
  rmSync(staticDir, { recursive: true, force: true })
})

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await t.request(`http://gmh.test${path}`, { headers: { ...html, ...headers } })
  expect(res.status, path).toBe(200)
  return new DOMParser().parseFromString(await res.text(), 'text/html')
}
const meta = (doc: Document, property: string) => doc.querySelector(`meta[property="${property}"]`)?.getAttribute('content')
const xml = (text: string, type: 'application/xml' | 'text/xml' = 'application/xml') => {
  const doc = new DOMParser().parseFromString(text, type)
  expect(doc.querySelector('parsererror'), text.slice(0, 300)).toBeNull()
  return doc
}

describe('the head of each page', () => {
  it('/news/{id}: the article title, summary, cover, canonical URL and lang', async () => {
    const a = await t.db.kysely.selectFrom('articles').select(['id', 'title', 'summary']).orderBy('id').executeTakeFirstOrThrow()
    const doc = await page(`/news/${a.id}`)
    expect(doc.title).toBe(`${a.title} - 港美汇`)
    expect(doc.documentElement.lang).toBe('zh-CN')
    expect(meta(doc, 'og:title')).toBe(`${a.title} - 港美汇`)
    expect(meta(doc, 'og:type')).toBe('article')
    expect(meta(doc, 'og:description')).toBe(clipped(a.summary))
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(meta(doc, 'og:description'))
    expect(meta(doc, 'og:image')).toMatch(/^http:\/\/gmh\.test\/covers\/\d+\.svg$/)
    expect(meta(doc, 'og:url')).toBe(`http://gmh.test/news/${a.id}`)
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`http://gmh.test/news/${a.id}`)
    expect(doc.querySelectorAll('title')).toHaveLength(1)
    expect(doc.querySelector('script#initial-data')).not.toBeNull()
  })

  it('in the traditional script by cookie or /zh-hk prefix, with lang zh-HK', async () => {
    const a = await t.db.kysely.selectFrom('articles').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow()
    for (const [path, headers] of [[`/news/${a.id}`, { Cookie: 'lang=zh-hk' }], [`/zh-hk/news/${a.id}`, {}]] as const) {
      const doc = await page(path, headers)
      expect(doc.documentElement.lang, path).toBe('zh-HK')
      expect(doc.title, path).toBe(`${toHk(a.title)} - 港美匯`)
      expect(meta(doc, 'og:locale')).toBe('zh_HK')
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`http://gmh.test/news/${a.id}`)
    }
  })

  it('home, lists, a flash, a stock, a column and a subject each have their own title; unknown ids the site head', async () => {
    const flash = await t.db.kysely.selectFrom('flashes').select(['id', 'content']).orderBy('id').executeTakeFirstOrThrow()
    const stock = await t.db.kysely.selectFrom('stocks').select(['id', 'name']).where('id', '=', 'hk00700').executeTakeFirstOrThrow()
    const column = await t.db.kysely.selectFrom('columns').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow()
    const subject = await t.db.kysely.withTables<{ subjects: { id: number; title: string } }>().selectFrom('subjects').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow()
    expect((await page('/')).title).toBe('港美汇 - 港股美股资讯与投资者社区')
    expect(meta(await page('/'), 'og:type')).toBe('website')
    expect((await page('/news')).title).toBe('新闻 - 港美汇')
    expect((await page('/live')).title).toBe('快讯 - 港美汇')
    const live = await page(`/live/${flash.id}`)
    expect(meta(live, 'og:description')).toBe(clipped(flash.content))
    expect((await page('/stock/hk00700')).title).toBe(`${stock.name} (00700) - 港美汇`)
    expect((await page(`/column/page/${column.id}`)).title).toBe(`${column.name} - 港美汇`)
    expect((await page(`/subject/${subject.id}`)).title).toBe(`${subject.title} - 港美汇`)
    expect((await page('/news/999999999')).title).toBe('港美汇 - 港股美股资讯与投资者社区')
    expect((await page('/news/999999999')).querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('http://gmh.test/news/999999999')
  })

  it('escapes what it puts in the head', async () => {
    const id = Number(
      (
        await t.db.kysely
          .insertInto('articles')
          .values({ title: '"><script>alert(1)</script> $& 标题', summary: "a'b<c", paragraphs: ['x'], channel_type: 'hk', author_id: 1, tags: [], stocks: [], create_timestamp: 1 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    )
    const res = await t.request(`/news/${id}`, { headers: html })
    const text = await res.text()
    expect(text).not.toContain('<script>alert(1)')
    const doc = new DOMParser().parseFromString(text, 'text/html')
    expect(doc.title).toBe('"><script>alert(1)</script> $& 标题 - 港美汇')
    expect(meta(doc, 'og:description')).toBe("a'b<c")
  })
})

describe('the reader\'s price colours on <html> (issue 24)', () => {
  it('follow the price_colours cookie, beside the lang, on a server-rendered page and a plain one', async () => {
    const attr = (doc: Document) => doc.documentElement.getAttribute('data-price-colours')
    expect(attr(await page('/stock/hk00700'))).toBe('redUp')
    expect(attr(await page('/stock/hk00700', { Cookie: 'price_colours=greenUp' }))).toBe('greenUp')
    expect(attr(await page('/my/setting', { Cookie: 'price_colours=greenUp' }))).toBe('greenUp')
    expect(attr(await page('/', { Cookie: 'price_colours=%22%3E%3Cscript%3E' }))).toBe('redUp')
    const hk = await page('/market', { Cookie: 'lang=zh-hk; price_colours=greenUp' })
    expect([hk.documentElement.lang, attr(hk)]).toEqual(['zh-HK', 'greenUp'])
    expect(hk.title).toContain('港美匯') // the head is still rewritten after the attribute is added
  })
  it('withPriceColours sets the attribute once, keeping the others', () => {
    expect(withPriceColours('<html lang="zh-CN"><head>', 'greenUp')).toBe('<html lang="zh-CN" data-price-colours="greenUp"><head>')
    expect(withPriceColours('<html lang="zh-HK" data-price-colours="greenUp">', 'redUp')).toBe('<html lang="zh-HK" data-price-colours="redUp">')
    expect(withPriceColours("<html data-price-colours='x' lang=\"zh-CN\">", 'greenUp')).toBe('<html lang="zh-CN" data-price-colours="greenUp">')
  })
})

describe('/sitemap.xml', () => {
  it('is well-formed XML listing news, flashes, columns, subjects and stocks, bounded', async () => {
    const res = await t.request('http://gmh.test/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('application/xml')
    expect(res.headers.get('Set-Cookie')).toBeNull()
    const doc = xml(await res.text())
    const locs = [...doc.getElementsByTagName('loc')].map((l) => l.textContent ?? '')
    const newest = await t.db.kysely.selectFrom('articles').select('id').orderBy('create_timestamp', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow()
    const flash = await t.db.kysely.selectFrom('flashes').select('id').orderBy('create_timestamp', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(locs).toContain('http://gmh.test/')
    expect(locs).toContain(`http://gmh.test/news/${newest.id}`)
    expect(locs).toContain(`http://gmh.test/live/${flash.id}`)
    expect(locs).toContain('http://gmh.test/stock/hk00700')
    expect(locs.some((l) => /\/column\/page\/\d+$/.test(l))).toBe(true)
    expect(locs.some((l) => /\/subject\/\d+$/.test(l))).toBe(true)
    const limit = Object.values(SITEMAP_LIMITS).reduce((a, b) => a + b, 0) + 7
    expect(locs.length).toBeLessThanOrEqual(limit)
    expect(locs.filter((l) => l.includes('/news/')).length).toBeLessThanOrEqual(SITEMAP_LIMITS.news)
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
  })
})

describe('/rss.xml', () => {
  it('is well-formed RSS 2.0 of the newest news and flashes, newest first, escaped', async () => {
    const { id } = await t.db.kysely
      .insertInto('articles')
      .values({ title: 'R&D <投入> "增长"', summary: '营收 & 利润 ]]> <b>', paragraphs: ['x'], channel_type: 'hk', author_id: 1, tags: [], stocks: [], create_timestamp: 4_000_000_000 })
      .returning('id')
      .executeTakeFirstOrThrow()
    const res = await t.request('http://gmh.test/rss.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('application/rss+xml')
    const doc = xml(await res.text())
    expect(doc.documentElement.tagName).toBe('rss')
    expect(doc.documentElement.getAttribute('version')).toBe('2.0')
    const items = [...doc.getElementsByTagName('item')]
    expect(items.length).toBe(RSS_ITEMS)
    expect(items[0]!.getElementsByTagName('title')[0]!.textContent).toBe('R&D <投入> "增长"')
    expect(items[0]!.getElementsByTagName('description')[0]!.textContent).toBe('营收 & 利润 ]]> <b>')
    expect(items[0]!.getElementsByTagName('link')[0]!.textContent).toBe(`http://gmh.test/news/${id}`)
    const links = items.map((i) => i.getElementsByTagName('link')[0]!.textContent ?? '')
    expect(links.some((l) => l.includes('/live/'))).toBe(true)
    expect(links.some((l) => l.includes('/news/'))).toBe(true)
    const dates = items.map((i) => Date.parse(i.getElementsByTagName('pubDate')[0]!.textContent ?? ''))
    expect(dates.every((d) => Number.isFinite(d))).toBe(true)
    expect([...dates].sort((a, b) => b - a)).toEqual(dates)
  })

  it('escapeXml drops characters XML forbids', () => {
    expect(escapeXml('a\u0001b&<')).toBe('ab&amp;&lt;')
  })
})

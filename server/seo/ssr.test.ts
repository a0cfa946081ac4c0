// @vitest-environment jsdom
// Integration (issue 11): the first screen of /news/{id} is in the HTML, as a reader without
// JavaScript (a crawler) fetches it, rendered by the built server entry (ui/server-entry.tsx).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsDetail } from '../../core/api/content'
import { createTestApp, type TestApp } from '../testing/test-app'
import { sheetsOf } from './ssr'
import { ssrBuildDir } from '../testing/ssr-build'
import { FREE_ARTICLE_PARAGRAPHS } from '../membership/paywall'
import { urlOfCall } from './first-screen'
import { firstCallKey, firstCalls, type FirstCall } from '../../core/api/first-screen'

let t: TestApp
let dir: string
beforeAll(async () => {
  dir = ssrBuildDir()
  t = await createTestApp({ staticDir: dir })
}, 400_000)
afterAll(async () => {
  await t?.close()
})

const fetchPage = async (path: string, headers: Record<string, string> = {}) => {
  const res = await t.request(path, { headers: { Accept: 'text/html', ...headers } })
  expect(res.status).toBe(200)
  const text = await res.text()
  return { text, doc: new DOMParser().parseFromString(text, 'text/html') }
}

describe('server-rendered /news/{id}', () => {
  it('holds the article title and body inside #root, from the same data the browser gets', async () => {
    const a = await t.db.kysely.selectFrom('articles').select(['id', 'title', 'paragraphs']).where('is_vip', '=', false).orderBy('id').executeTakeFirstOrThrow()
    const { doc } = await fetchPage(`/news/${a.id}`)
    const main = doc.querySelector('#root article')
    expect(main?.querySelector('h1')?.textContent).toBe(a.title)
    const paragraphs = [...(main?.querySelectorAll('p') ?? [])].map((p) => p.textContent)
    for (const p of a.paragraphs) expect(paragraphs).toContain(p)
    // the browser's detail machine starts loaded from the inlined article: no second fetch needed
    const inlined = JSON.parse(doc.getElementById('initial-data')?.textContent ?? '{}') as { answers?: Record<string, unknown> }
    expect(inlined.answers?.[firstCallKey(firstCalls.news(a.id))]).toMatchObject({ id: a.id, title: a.title })
  })

  it('in the reader’s script (zh-hk by cookie)', async () => {
    const a = await t.db.kysely.selectFrom('articles').select(['id']).where('is_vip', '=', false).orderBy('id').executeTakeFirstOrThrow()
    const guest = await t.getOk(newsDetail, `/api/news/${a.id}/v3`, { 'Client-Lang': 'zh-hk' })
    const { doc } = await fetchPage(`/news/${a.id}`, { Cookie: 'lang=zh-hk' })
    expect(doc.querySelector('#root article h1')?.textContent).toBe(guest.title)
    expect(doc.querySelector('#root nav[aria-label]')).not.toBeNull()
  })

  it('a VIP article holds no more than the API answers a guest', async () => {
    const vip = await t.db.kysely.selectFrom('articles').select(['id', 'title']).where('is_vip', '=', true).orderBy('id').executeTakeFirstOrThrow()
    const guest = await t.getOk(newsDetail, `/api/news/${vip.id}/v3`)
    const { doc } = await fetchPage(`/news/${vip.id}`)
    // the article's own paragraphs; the buy prompt under the free part (ui/content/locked-prompt.tsx) is the site's text
    const shown = [...doc.querySelectorAll('#root article p')].filter((p) => !p.closest('[data-testid="locked-prompt"]')).map((p) => p.textContent ?? '')
    expect(doc.querySelector('#root [data-testid="locked-prompt"]')).not.toBeNull()
    expect(doc.querySelector('#root article h1')?.textContent).toBe(vip.title)
    for (const text of shown) expect([guest.summary, ...guest.paragraphs]).toContain(text)
  })

  it('a VIP article’s server HTML (page and inlined data) holds none of its paid part (issue 13 paywall)', async () => {
    const vip = await t.db.kysely.selectFrom('articles').select(['id', 'paragraphs']).where('is_vip', '=', true).orderBy('id').executeTakeFirstOrThrow()
    const paid = vip.paragraphs.slice(FREE_ARTICLE_PARAGRAPHS)
    expect(paid.length).toBeGreaterThan(0)
    const { text, doc } = await fetchPage(`/news/${vip.id}`)
    expect(doc.querySelector('#root article p')).not.toBeNull()
    for (const p of paid) expect(text).not.toContain(JSON.stringify(p).slice(1, -1).slice(0, 40))
    for (const p of vip.paragraphs.slice(0, FREE_ARTICLE_PARAGRAPHS)) expect(doc.querySelector('#root article')?.textContent).toContain(p)
  })

  it('an unknown article renders the frame while loading (as the browser’s first render); other pages are left to the browser', async () => {
    const missing = await fetchPage('/news/999999999')
    expect(missing.doc.querySelector('#root header')).not.toBeNull()
    expect(missing.doc.querySelector('#root article')).toBeNull()
    const other = await fetchPage('/market/hotRange/hk')
    expect(other.doc.querySelector('#root')?.children).toHaveLength(0)
  })

  it('the server build is never served to readers', async () => {
    const res = await t.request('/server/server-entry.js')
    expect(res.status).toBe(404)
  })
})

// Every server-rendered page (core/api/first-screen.ts): its HTML, fetched without JavaScript, holds
// the page's real content, read here from the seed through the API a guest calls.
describe('server-rendered first screens', () => {
  type Page<T> = { list: T[]; hasMore: boolean }
  const answer = async <T,>(call: FirstCall): Promise<T> => {
    const res = await t.get(urlOfCall(call))
    expect(res.body.statusCode, urlOfCall(call)).toBe(200)
    return res.body.result as T
  }
  const rootText = async (path: string) => {
    const { doc, text: html } = await fetchPage(path)
    const root = doc.querySelector('#root')
    expect(root?.children.length, path).toBeGreaterThan(0)
    // whole and in order: no boundary left pending or outlined behind an inline script (our CSP
    // blocks inline scripts, and the browser would then drop the server's HTML and render anew)
    expect(html.slice(html.indexOf('<div id="root">')), path).not.toMatch(/<script|<template|<!--\$[?!]-->/)
    return { text: root?.textContent ?? '', root: root!, doc }
  }

  it('home and /tag/{type}: the feed’s articles and the flashes', async () => {
    const feed = await answer<Page<{ title: string }>>(firstCalls.homeFeed('home'))
    const lives = await answer<Page<{ title: string; content: string }>>(firstCalls.sideLives())
    const { text } = await rootText('/')
    for (const a of feed.list.slice(0, 5)) expect(text).toContain(a.title)
    expect(text).toContain(lives.list[0]!.title || lives.list[0]!.content)
    const us = await answer<Page<{ title: string }>>(firstCalls.homeFeed('us'))
    expect((await rootText('/tag/us')).text).toContain(us.list[0]!.title)
  })

  it('/news and /live: the first page of the list', async () => {
    const news = await answer<Page<{ title: string }>>(firstCalls.newsPage(1, 'all'))
    expect((await rootText('/news')).text).toContain(news.list[0]!.title)
    const lives = await answer<Page<{ id: number; content: string }>>(firstCalls.lives(false))
    expect((await rootText('/live')).text).toContain(lives.list[0]!.content)
    const one = lives.list[1]!
    expect((await rootText(`/live/${one.id}`)).text).toContain(one.content)
  })

  it('/hotpost: the chart’s posts and the hot topics', async () => {
    const chart = await answer<Page<{ content: string }>>(firstCalls.hotpostChart('day', 1))
    const topics = await answer<{ topicName: string }[]>(firstCalls.hotTopics())
    const { text } = await rootText('/hotpost')
    expect(text).toContain(chart.list[0]!.content.slice(0, 20))
    expect(text).toContain(topics[0]!.topicName)
    const week = await answer<Page<{ content: string }>>(firstCalls.hotpostChart('week', 1))
    expect((await rootText('/hotpost/week')).text).toContain(week.list[0]!.content.slice(0, 20))
  })

  it('the column pages: columns, columnists, a column and its album', async () => {
    const columns = await answer<Page<{ id: number; name: string }>>(firstCalls.columns('recommend', 1))
    expect((await rootText('/column')).text).toContain(columns.list[0]!.name)
    const people = await answer<Page<{ nick: string }>>(firstCalls.columnists(1))
    expect((await rootText('/column/columnist')).text).toContain(people.list[0]!.nick)
    const id = columns.list[0]!.id
    const articles = await answer<Page<{ title: string }>>(firstCalls.columnArticles(id, false, 1))
    const page = await rootText(`/column/page/${id}`)
    expect(page.text).toContain(columns.list[0]!.name)
    if (articles.list[0]) expect(page.text).toContain(articles.list[0].title)
    expect((await rootText(`/album/${id}`)).text).toContain(columns.list[0]!.name)
  })

  it('the subject pages: the subjects, and a subject with its contents', async () => {
    const subjects = await answer<Page<{ id: number; title: string }>>(firstCalls.subjects(1))
    expect((await rootText('/subject')).text).toContain(subjects.list[0]!.title)
    const id = subjects.list[0]!.id
    const contents = await answer<Page<{ kind: string; article?: { title: string }; flash?: { content: string } }>>(firstCalls.subjectContents(id, false))
    const { text } = await rootText(`/subject/${id}`)
    expect(text).toContain(subjects.list[0]!.title)
    const first = contents.list[0]
    if (first) expect(text).toContain(first.kind === 'article' ? first.article!.title : first.flash!.content.slice(0, 20))
  })

  it('every class of the server HTML is styled before any script runs (no jump when a lazy page’s stylesheet arrives)', async () => {
    for (const path of ['/news/1', '/hotpost', '/stock/hk00700', '/subject', '/market']) {
      const { doc } = await fetchPage(path)
      const css = [...doc.querySelectorAll('head style')].map((s) => s.textContent ?? '').join('\n')
      const linked = [...doc.querySelectorAll('head link[rel="stylesheet"]')].map((l) => l.getAttribute('href') ?? '')
      const entryCss = linked.map((href) => readFileSync(join(dir, href), 'utf8')).join('\n')
      const classes = new Set([...doc.querySelectorAll('#root [class]')].flatMap((el) => [...el.classList]))
      expect(classes.size, path).toBeGreaterThan(5)
      for (const c of classes) expect(`${css}\n${entryCss}`, `${path}: .${c}`).toContain(`.${c}`)
    }
  })

  it('nothing blocks the first paint: the entry stylesheet is inlined, and only the lazy styles the page uses come with it', async () => {
    const all = sheetsOf(dir, readFileSync(join(dir, 'index.html'), 'utf8'))
    expect(all.entry.length).toBeGreaterThan(0)
    const lazyTotal = all.lazy.reduce((n, s) => n + s.css.length, 0)
    for (const path of ['/news/1', '/market']) {
      const { doc } = await fetchPage(path)
      expect(doc.querySelectorAll('head link[rel="stylesheet"]'), path).toHaveLength(0)
      for (const sheet of all.entry) expect(doc.querySelector(`head style[data-href="${sheet.href}"]`)?.textContent, path).toBe(sheet.css)
      const inlined = doc.querySelector('head style[data-lazy-styles]')?.textContent ?? ''
      const used = new Set([...doc.querySelectorAll('#root [class]')].flatMap((el) => [...el.classList]))
      const included = all.lazy.filter((s) => inlined.includes(s.css))
      expect(included.length, path).toBeGreaterThan(0)
      for (const sheet of all.lazy) expect(included.includes(sheet), `${path}: ${sheet.href}`).toBe([...sheet.classes].some((c) => used.has(c)))
      expect(inlined.length, path).toBeLessThan(lazyTotal / 2)
    }
  })

  it('nothing of the scripts is on the path to the first paint: a server-rendered page asks for them at low priority, a page the browser draws keeps the default', async () => {
    const index = new DOMParser().parseFromString(readFileSync(join(dir, 'index.html'), 'utf8'), 'text/html')
    const scripts = (d: Document) => [...d.querySelectorAll('script[type="module"][src]')].map((s) => s.getAttribute('src'))
    const preloads = (d: Document) => [...d.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))
    expect(scripts(index)).toHaveLength(1)
    expect(preloads(index).length).toBeGreaterThan(0)
    for (const path of ['/', '/news/1', '/stock/hk00700', '/market']) {
      const { doc } = await fetchPage(path)
      expect(doc.querySelector('#root')?.children.length, path).toBeGreaterThan(0)
      // the same scripts as the build's index.html, each at low priority
      expect(scripts(doc), path).toEqual(scripts(index))
      expect(preloads(doc), path).toEqual(preloads(index))
      for (const el of doc.querySelectorAll('script[type="module"], link[rel="modulepreload"]')) expect(el.getAttribute('fetchpriority'), `${path}: ${el.outerHTML}`).toBe('low')
    }
    const { doc } = await fetchPage('/my/setting')
    expect(doc.querySelector('#root')?.children.length).toBe(0)
    expect(scripts(doc)).toEqual(scripts(index))
    for (const el of doc.querySelectorAll('script[type="module"], link[rel="modulepreload"]')) expect(el.hasAttribute('fetchpriority'), el.outerHTML).toBe(false)
  })

  it('/market: the index cards, the first rankings page, the boards, the hot ranges and the leaderboard', async () => {
    const indices = await answer<{ name: string }[]>(firstCalls.marketIndices())
    const ranks = await answer<Page<{ name: string }>>(firstCalls.marketRankings('hk', 'changePercent', 'desc', 1, 20))
    const boards = await answer<{ name: string }[]>(firstCalls.marketBoards('changePercent', 'desc'))
    const ranges = await answer<Page<{ name: string }>>(firstCalls.marketHotRanges())
    const leaders = await answer<{ name: string }[]>(firstCalls.marketLeaderboard())
    expect(indices.length * ranks.list.length * boards.length * ranges.list.length * leaders.length).toBeGreaterThan(0)
    const { root } = await rootText('/market')
    expect([...root.querySelectorAll('[data-testid="indices"] a')].map((a) => a.getAttribute('href'))).toEqual(indices.map((q) => `/stock/${(q as unknown as { id: string }).id}`))
    const rows = [...root.querySelectorAll('[data-testid="rankings"] tbody tr')]
    expect(rows).toHaveLength(ranks.list.length)
    const text = root.textContent ?? ''
    for (const named of [boards[0]!, ranges.list[0]!, leaders[0]!]) expect(text).toContain(named.name)
  })

  it('/stock/{id}: the quote head; the chart’s box is left for the browser', async () => {
    const quote = await answer<{ name: string; codeDisp: string }>(firstCalls.quoteInfo('hk', '00700'))
    const { root } = await rootText('/stock/hk00700')
    expect([...root.querySelectorAll('h1')].map((h) => h.textContent).join(' ')).toContain(`${quote.name}${quote.codeDisp}`)
    expect(root.querySelector('[data-testid="stock-price"]')?.textContent).toMatch(/\d/)
    const chart = root.querySelector('[data-testid="stock-chart-box"]')
    expect(chart).not.toBeNull()
    expect(chart?.children).toHaveLength(0)
  })
})

// Integration: the content endpoints of spec 000 §7 against the real app and a seeded database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as content from '../../core/api/content'
import { generateFixtures } from '../../fixtures/generate'
import { createTestApp, type TestApp } from '../testing/test-app'
import { TEST_NOW } from '../testing/test-db'

const fixtures = generateFixtures(TEST_NOW)
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const isNewestFirst = (items: readonly { id: number; createTimestamp: number }[]) =>
  items.every((x, i) => i === 0 || items[i - 1]!.createTimestamp > x.createTimestamp || (items[i - 1]!.createTimestamp === x.createTimestamp && items[i - 1]!.id > x.id))

/** Follows a timestamp cursor to the end; returns every id seen, in order. */
async function walkArticles(path: (timestamp?: number) => string, endpoint: typeof content.channelArticles | typeof content.newsList) {
  const all: content.ArticleSummary[] = []
  let cursor: number | undefined
  for (let guard = 0; guard < 100; guard++) {
    const page = await t.getOk(endpoint, path(cursor))
    all.push(...page.list)
    if (!page.hasMore) return all
    cursor = page.list[page.list.length - 1]!.createTimestamp
  }
  throw new Error('cursor never ended')
}

describe('GET /api/channels/v3', () => {
  it('lists the channels in order', async () => {
    const channels = await t.getOk(content.listChannels, '/api/channels/v3')
    expect(channels.map((c) => c.type)).toEqual([...fixtures.channels].sort((a, b) => a.sort - b.sort).map((c) => c.type))
    expect(channels[0]).toEqual({ id: 1, type: 'hk', name: '港股', sort: 1 })
  })
})

describe('GET /api/channels/{type}/articles/v8', () => {
  it('home: the newest 20 of every channel, with author, channel name and stock names', async () => {
    const page = await t.getOk(content.channelArticles, '/api/channels/home/articles/v8')
    expect(page.list).toHaveLength(20)
    expect(page.hasMore).toBe(true)
    expect(isNewestFirst(page.list)).toBe(true)
    const newest = [...fixtures.articles].sort((a, b) => b.createTimestamp - a.createTimestamp)[0]!
    const first = page.list[0]!
    expect(first.id).toBe(newest.id)
    expect(first.title).toBe(newest.title)
    const author = fixtures.users.find((u) => u.id === newest.authorId)!
    expect(first.author).toEqual({ id: author.id, nick: author.nick, avatar: author.avatar })
    expect(first.channelName).toBe(fixtures.channels.find((c) => c.type === newest.channelType)!.name)
    expect(first.stocks).toEqual(newest.stocks.map((id) => ({ id, name: fixtures.stocks.find((s) => s.id === id)!.name })))
  })

  it('pages by timestamp to the end with no duplicates and no gaps', async () => {
    const all = await walkArticles((ts) => `/api/channels/home/articles/v8?count=37${ts ? `&timestamp=${ts}` : ''}`, content.channelArticles)
    expect(all.map((a) => a.id).sort((a, b) => a - b)).toEqual(fixtures.articles.map((a) => a.id).sort((a, b) => a - b))
    expect(isNewestFirst(all)).toBe(true)
  })

  it('one channel holds only its own articles, all of them', async () => {
    const all = await walkArticles((ts) => `/api/channels/us/articles/v8?count=10${ts ? `&timestamp=${ts}` : ''}`, content.channelArticles)
    expect(all.every((a) => a.channelType === 'us' && a.channelName === '美股')).toBe(true)
    expect(all).toHaveLength(fixtures.articles.filter((a) => a.channelType === 'us').length)
  })

  it('completes a group of equal timestamps rather than skipping part of it at a page boundary', async () => {
    // three articles share one second, older than everything seeded
    const ts = Math.min(...fixtures.articles.map((a) => a.createTimestamp)) - 100
    const rows = [0, 1, 2].map((i) => ({
      title: `同一秒的文章${i}`,
      paragraphs: ['正文'],
      channel_type: 'fund',
      author_id: 1,
      column_id: null,
      tags: [],
      stocks: [],
      create_timestamp: ts,
    }))
    const inserted = await t.db.kysely.insertInto('articles').values(rows).returning('id').execute()
    try {
      const fundTotal = fixtures.articles.filter((a) => a.channelType === 'fund').length + 3
      // a page size that ends the first page on the first of the three
      const all = await walkArticles(
        (cursor) => `/api/channels/fund/articles/v8?count=${fundTotal - 2}${cursor ? `&timestamp=${cursor}` : ''}`,
        content.channelArticles,
      )
      expect(all).toHaveLength(fundTotal)
      expect(new Set(all.map((a) => a.id)).size).toBe(fundTotal)
      expect(all.slice(-3).map((a) => a.id)).toEqual(inserted.map((r) => r.id).sort((a, b) => b - a))
    } finally {
      await t.db.kysely.deleteFrom('articles').where('id', 'in', inserted.map((r) => r.id)).execute()
    }
  })

  it('rejects bad input with 400 and a message naming the field', async () => {
    for (const [path, message] of [
      ['/api/channels/home/articles/v8?count=0', '参数错误：count 应为 1 到 100 的整数'],
      ['/api/channels/home/articles/v8?count=abc', '参数错误：count 应为 1 到 100 的整数'],
      ['/api/channels/home/articles/v8?count=101', '参数错误：count 应为 1 到 100 的整数'],
      ['/api/channels/home/articles/v8?timestamp=-5', '参数错误：timestamp 应为非负整数'],
      ['/api/channels/a%2Fb/articles/v8', '参数错误：type 格式不正确'],
      ['/api/channels/HOME/articles/v8', '参数错误：type 格式不正确'],
    ] as const) {
      const { status, body } = await t.get(path)
      expect({ path, status, body }).toEqual({ path, status: 400, body: { statusCode: 400, message, result: null } })
    }
  })

  it('answers 404 for a channel that does not exist', async () => {
    const { status, body } = await t.get('/api/channels/nosuch/articles/v8')
    expect(status).toBe(404)
    expect(body).toEqual({ statusCode: 404, message: '频道不存在', result: null })
  })
})

describe('news', () => {
  it('GET /api/news/type/filterLabel lists the filters, all first', async () => {
    const labels = await t.getOk(content.newsFilterLabels, '/api/news/type/filterLabel')
    expect(labels).toEqual(fixtures.newsTypes)
  })

  it('GET /api/news/list/v2 pages from 1 with the total', async () => {
    const first = await t.getOk(content.newsListPage, '/api/news/list/v2')
    expect(first.list).toHaveLength(20)
    expect(first.total).toBe(fixtures.articles.length)
    expect(first.hasMore).toBe(true)
    const ids: number[] = []
    for (let page = 1; ; page++) {
      const p = await t.getOk(content.newsListPage, `/api/news/list/v2?page=${page}&limit=50`)
      ids.push(...p.list.map((a) => a.id))
      if (!p.hasMore) break
    }
    expect(ids).toHaveLength(fixtures.articles.length)
    expect(new Set(ids).size).toBe(fixtures.articles.length)
    const beyond = await t.getOk(content.newsListPage, '/api/news/list/v2?page=99&limit=50')
    expect(beyond).toEqual({ list: [], hasMore: false, total: fixtures.articles.length, page: 99 })
  })

  it('GET /api/news/list/v2 filters by type (all = no filter)', async () => {
    const research = fixtures.articles.filter((a) => a.newsType === 'research')
    const p = await t.getOk(content.newsListPage, '/api/news/list/v2?type=research&limit=100')
    expect(p.total).toBe(research.length)
    expect(p.list.map((a) => a.id).sort((a, b) => a - b)).toEqual(research.map((a) => a.id).sort((a, b) => a - b))
    const all = await t.getOk(content.newsListPage, '/api/news/list/v2?type=all')
    expect(all.total).toBe(fixtures.articles.length)
  })

  it('GET /api/news/list/v2 rejects bad pages', async () => {
    expect((await t.get('/api/news/list/v2?page=0')).body.message).toBe('参数错误：page 应为不大于 2147483647 的正整数')
    expect((await t.get('/api/news/list/v2?limit=1000')).body.message).toBe('参数错误：limit 应为 1 到 100 的整数')
  })

  it('GET /api/news pages by timestamp within a type', async () => {
    const all = await walkArticles((ts) => `/api/news?type=hk&count=15${ts ? `&timestamp=${ts}` : ''}`, content.newsList)
    const hk = fixtures.articles.filter((a) => a.newsType === 'hk')
    expect(all.map((a) => a.id).sort((a, b) => a - b)).toEqual(hk.map((a) => a.id).sort((a, b) => a - b))
    expect(isNewestFirst(all)).toBe(true)
  })

  it('GET /api/news/{id}/v3 gives the paragraphs, source and 6 related articles', async () => {
    const article = fixtures.articles.find((a) => a.tags.length > 0 && a.stocks.length > 0)!
    const detail = await t.getOk(content.newsDetail, `/api/news/${article.id}/v3`)
    expect(detail.id).toBe(article.id)
    expect(detail.paragraphs).toEqual(article.paragraphs)
    expect(detail.source).toBe(article.source)
    expect(detail.tags).toEqual(article.tags)
    expect(detail.related).toHaveLength(6)
    expect(detail.related.some((r) => r.id === article.id)).toBe(false)
    for (const r of detail.related) {
      expect(r.channelType === article.channelType || r.tags.some((tag) => article.tags.includes(tag))).toBe(true)
    }
    // the most related comes first: it shares at least as many tags as any other
    const shared = (tags: readonly string[]) => tags.filter((x) => article.tags.includes(x)).length
    const counts = detail.related.map((r) => shared(r.tags))
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
  })

  it('GET /api/news/{id}/v3: 404 for an unknown id, 400 for a bad one', async () => {
    expect(await t.get('/api/news/999999/v3')).toMatchObject({ status: 404, body: { statusCode: 404, message: '文章不存在', result: null } })
    expect(await t.get('/api/news/-1/v3')).toMatchObject({ status: 400, body: { statusCode: 400, message: '参数错误：id 应为不大于 2147483647 的正整数' } })
    expect(await t.get('/api/news/abc/v3')).toMatchObject({ status: 400, body: { statusCode: 400, message: '参数错误：id 应为不大于 2147483647 的正整数' } })
  })
})

describe('live flashes', () => {
  it('GET /api/live-channels/all/lives: newest 20 first', async () => {
    const page = await t.getOk(content.allLives, '/api/live-channels/all/lives')
    expect(page.list).toHaveLength(20)
    expect(page.hasMore).toBe(true)
    expect(isNewestFirst(page.list)).toBe(true)
    expect(page.list[0]!.id).toBe([...fixtures.flashes].sort((a, b) => b.createTimestamp - a.createTimestamp)[0]!.id)
  })

  it('pages with liveId to the end, no duplicates, no gaps', async () => {
    const ids: number[] = []
    let liveId: number | undefined
    for (;;) {
      const page = await t.getOk(content.allLives, `/api/live-channels/all/lives?limit=60${liveId ? `&liveId=${liveId}` : ''}`)
      ids.push(...page.list.map((f) => f.id))
      if (!page.hasMore) break
      liveId = page.list[page.list.length - 1]!.id
    }
    expect(ids).toHaveLength(fixtures.flashes.length)
    expect(new Set(ids).size).toBe(fixtures.flashes.length)
  })

  it('onlyShowImportant keeps the important ones only, all of them', async () => {
    const ids: number[] = []
    let liveId: number | undefined
    for (;;) {
      const page = await t.getOk(content.allLives, `/api/live-channels/all/lives?onlyShowImportant=true&limit=30${liveId ? `&liveId=${liveId}` : ''}`)
      expect(page.list.every((f) => f.important)).toBe(true)
      ids.push(...page.list.map((f) => f.id))
      if (!page.hasMore) break
      liveId = page.list[page.list.length - 1]!.id
    }
    expect(ids.sort((a, b) => a - b)).toEqual(fixtures.flashes.filter((f) => f.important).map((f) => f.id).sort((a, b) => a - b))
    const off = await t.getOk(content.allLives, '/api/live-channels/all/lives?onlyShowImportant=0&limit=100')
    expect(off.list.some((f) => !f.important)).toBe(true)
  })

  it('timestamp returns only newer flashes', async () => {
    const sorted = [...fixtures.flashes].sort((a, b) => b.createTimestamp - a.createTimestamp)
    const since = sorted[5]!.createTimestamp
    const page = await t.getOk(content.allLives, `/api/live-channels/all/lives?timestamp=${since}`)
    expect(page.list.map((f) => f.id)).toEqual(sorted.slice(0, 5).map((f) => f.id))
    expect(page.hasMore).toBe(false)
  })

  it('rejects bad flags and limits', async () => {
    expect((await t.get('/api/live-channels/all/lives?onlyShowImportant=yes')).body).toEqual({
      statusCode: 400,
      message: '参数错误：onlyShowImportant 应为 true、false、1 或 0 之一',
      result: null,
    })
    expect((await t.get('/api/live-channels/all/lives?limit=0')).status).toBe(400)
    expect((await t.get('/api/live-channels/all/lives?liveId=x')).status).toBe(400)
  })

  it('GET /api/live/{id}/v1 gives the flash with the older one before and the newer one after', async () => {
    const sorted = [...fixtures.flashes].sort((a, b) => a.createTimestamp - b.createTimestamp)
    const mid = sorted[100]!
    const d = await t.getOk(content.liveDetail, `/api/live/${mid.id}/v1`)
    expect(d.flash.id).toBe(mid.id)
    expect(d.flash.content).toBe(mid.content)
    expect(d.previous?.id).toBe(sorted[99]!.id)
    expect(d.next?.id).toBe(sorted[101]!.id)
    const oldest = await t.getOk(content.liveDetail, `/api/live/${sorted[0]!.id}/v1`)
    expect(oldest.previous).toBeNull()
    const newest = await t.getOk(content.liveDetail, `/api/live/${sorted[sorted.length - 1]!.id}/v1`)
    expect(newest.next).toBeNull()
  })

  it('GET /api/live/{id}/v1: 404 for an unknown flash', async () => {
    expect(await t.get('/api/live/987654/v1')).toMatchObject({ status: 404, body: { message: '快讯不存在', result: null } })
    expect((await t.get('/api/live/0/v1')).status).toBe(400)
  })
})

describe('GET /api/config/info/configs/v2', () => {
  it('answers the site configuration', async () => {
    expect(await t.getOk(content.siteConfig, '/api/config/info/configs/v2')).toEqual(fixtures.config)
  })
})

describe('Client-Lang: zh-hk', () => {
  const hk = { 'Client-Lang': 'zh-hk' }
  it('converts titles, names, nicks and tags to Hong Kong traditional', async () => {
    const article = fixtures.articles.find((a) => a.title.includes('腾讯') || a.summary.includes('腾讯'))!
    const cn = await t.getOk(content.newsDetail, `/api/news/${article.id}/v3`)
    const tw = await t.getOk(content.newsDetail, `/api/news/${article.id}/v3`, hk)
    const cnText = JSON.stringify([cn.title, cn.summary, cn.paragraphs])
    const hkText = JSON.stringify([tw.title, tw.summary, tw.paragraphs])
    expect(cnText).toContain('腾讯')
    expect(hkText).toContain('騰訊')
    expect(hkText).not.toContain('腾讯')
    expect(tw.id).toBe(cn.id)
    expect(tw.coverUrl).toBe(cn.coverUrl)
    expect(tw.channelType).toBe(cn.channelType)
  })

  it('uses the Hong Kong stock name and converts channel names', async () => {
    const tencent = fixtures.stocks.find((s) => s.id === 'hk00700')!
    const article = fixtures.articles.find((a) => a.stocks.includes('hk00700'))!
    const tw = await t.getOk(content.newsDetail, `/api/news/${article.id}/v3`, hk)
    expect(tw.stocks).toContainEqual({ id: 'hk00700', name: tencent.nameHk })
    const channels = await t.getOk(content.listChannels, '/api/channels/v3', hk)
    expect(channels.find((c) => c.type === 'macro')!.name).toBe('宏觀')
    const flashes = await t.getOk(content.allLives, '/api/live-channels/all/lives?limit=100', hk)
    const cnFlashes = await t.getOk(content.allLives, '/api/live-channels/all/lives?limit=100')
    expect(flashes.list.map((f) => f.id)).toEqual(cnFlashes.list.map((f) => f.id))
    expect(flashes.list.some((f, i) => f.content !== cnFlashes.list[i]!.content)).toBe(true)
  })
})

describe('POST /s/ (client logs)', () => {
  // the site's own page: same origin (server/content/logs.test.ts covers who else may not send)
  const post = (body: string, headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' }) =>
    t.request('/s/', { method: 'POST', body, headers })

  it("stores the logs and answers the text 'well done'", async () => {
    const res = await post(JSON.stringify({ fileDate: '2025-11-14', logArray: ['a', '第二行'], logPageNo: 1 }))
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('well done')
    const rows = await t.db.kysely.selectFrom('logs').selectAll().where('file_date', '=', '2025-11-14').execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ page_no: 1, lines: ['a', '第二行'], received_at: TEST_NOW })
  })

  it('answers 400 for malformed JSON or a bad body, 413 for more than 16 KiB', async () => {
    const bad = await post('{"fileDate": ')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ statusCode: 400, message: '参数错误：请求体不是有效的 JSON', result: null })
    const missing = await post(JSON.stringify({ logArray: [], logPageNo: 0 }))
    expect(await missing.json()).toEqual({ statusCode: 400, message: '参数错误：缺少 fileDate', result: null })
    const wrong = await post(JSON.stringify({ fileDate: 'x', logArray: 'nope', logPageNo: 0 }))
    expect(wrong.status).toBe(400)
    const empty = await post('')
    expect(empty.status).toBe(400)
    const huge = await post(JSON.stringify({ fileDate: 'x', logArray: ['x'.repeat(1024 * 1024)], logPageNo: 0 }))
    expect(huge.status).toBe(413)
    expect(await huge.json()).toEqual({ statusCode: 413, message: '请求内容过大', result: null })
  })
})

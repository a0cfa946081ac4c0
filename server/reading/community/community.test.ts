// Integration: the community endpoints (spec 000 §7 'Posts', 'Community', tags) against the real app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as api from '../../../core/api/reading-community'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { TEST_NOW } from '../../testing/test-db'
import { authHeaders, signInForTest } from '../../accounts/session'
import { OFFICIAL_USER_IDS, POST_COUNT } from '../../../fixtures/reading-community/community'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const heat = (p: api.PostSummary) => p.likeCount + 2 * p.commentCount + Math.trunc(p.readCount / 100)

async function expect400(path: string) {
  const r = await t.get(path)
  expect(r.status, path).toBe(400)
  expect(r.body.statusCode).toBe(400)
  expect(r.body.message).toMatch(/[\u4e00-\u9fff]/)
}
async function expect404(path: string, message: string) {
  const r = await t.get(path)
  expect(r.status, path).toBe(404)
  expect(r.body).toEqual({ statusCode: 404, message, result: null })
}

describe('seed', () => {
  it('holds the generated posts', async () => {
    const month = await t.getOk(api.postsChart, '/api/posts/chart?type=month&limit=100')
    expect(month.total).toBeGreaterThan(0)
    expect(month.total).toBeLessThanOrEqual(POST_COUNT)
  })
})

describe('GET /api/posts/chart', () => {
  it('defaults to the day chart, 10 per page, hottest first, all within the window', async () => {
    const day = await t.getOk(api.postsChart, '/api/posts/chart')
    expect(day.list.length).toBeLessThanOrEqual(api.CHART_LIMIT)
    expect(day.list.length).toBeGreaterThan(0)
    for (const p of day.list) expect(p.createTimestamp).toBeGreaterThanOrEqual(TEST_NOW - 86_400)
    const heats = day.list.map(heat)
    expect(heats).toEqual([...heats].sort((a, b) => b - a))
  })
  it('pages the week chart without repeats and ends with hasMore false', async () => {
    const seen: number[] = []
    let total = 0
    for (let page = 1; page < 100; page++) {
      const r = await t.getOk(api.postsChart, `/api/posts/chart?type=week&page=${page}&limit=25`)
      total = r.total ?? 0
      seen.push(...r.list.map((p) => p.id))
      if (!r.hasMore) break
    }
    expect(seen.length).toBe(total)
    expect(new Set(seen).size).toBe(seen.length)
    const month = await t.getOk(api.postsChart, '/api/posts/chart?type=month')
    expect(month.total!).toBeGreaterThanOrEqual(total)
  })
  it('answers posts with authors, stocks and counts', async () => {
    const [p] = (await t.getOk(api.postsChart, '/api/posts/chart?type=month&limit=1')).list
    expect(p!.author.nick).not.toBe('')
    expect(p!.stocks.length).toBeGreaterThan(0)
    expect(p!.content).toContain(p!.stocks[0]!.name)
  })
  it('rejects bad input with 400', async () => {
    await expect400('/api/posts/chart?type=year')
    await expect400('/api/posts/chart?page=0')
    await expect400('/api/posts/chart?limit=1000')
    await expect400('/api/posts/chart?limit=abc')
  })
})

describe('GET /api/post/{id}/v3 and /api/recommend/posts', () => {
  it('answers one post and 404 for an unknown one', async () => {
    const p = await t.getOk(api.postDetail, '/api/post/1/v3')
    expect(p.id).toBe(1)
    await expect404('/api/post/999999/v3', '帖子不存在')
    await expect400('/api/post/abc/v3')
    await expect400('/api/post/0/v3')
  })
  it('converts to traditional for zh-hk', async () => {
    const cn = await t.getOk(api.postDetail, '/api/post/2/v3')
    const hk = await t.getOk(api.postDetail, '/api/post/2/v3', { 'Client-Lang': 'zh-hk' })
    expect(hk.id).toBe(cn.id)
    if (/[这们说为]/.test(cn.content)) expect(hk.content).not.toBe(cn.content)
  })
  it('recommends related posts first, never the post itself', async () => {
    const base = await t.getOk(api.postDetail, '/api/post/3/v3')
    const rec = await t.getOk(api.recommendPosts, '/api/recommend/posts?postId=3&count=5')
    expect(rec.length).toBe(5)
    expect(rec.map((p) => p.id)).not.toContain(3)
    const ids = new Set(base.stocks.map((s) => s.id))
    expect(rec[0]!.stocks.some((s) => ids.has(s.id))).toBe(true)
    const hot = await t.getOk(api.recommendPosts, '/api/recommend/posts')
    expect(hot.length).toBe(6)
    await expect404('/api/recommend/posts?postId=999999', '帖子不存在')
    await expect400('/api/recommend/posts?count=0')
    await expect400('/api/recommend/posts?postId=x')
  })
})

describe('topics', () => {
  it('lists 10 hot topics by read count', async () => {
    const hot = await t.getOk(api.hotTopics, '/api/hot/topic/list/v1')
    expect(hot.length).toBe(10)
    const reads = hot.map((x) => x.readCount)
    expect(reads).toEqual([...reads].sort((a, b) => b - a))
    expect(hot[0]).toMatchObject({ topicId: expect.any(Number), topicName: expect.any(String) })
  })
  it('pages the topic list', async () => {
    const p1 = await t.getOk(api.topicList, '/api/community/topic-list?page=1&count=10')
    const p2 = await t.getOk(api.topicList, '/api/community/topic-list?page=2&count=10')
    expect(p1.hasMore).toBe(true)
    expect(p2.hasMore).toBe(false)
    expect(p1.list.length + p2.list.length).toBe(p1.total)
    await expect400('/api/community/topic-list?page=-1')
  })
  it('answers a topic and its posts, newest first; 404 for an unknown topic', async () => {
    const topic = await t.getOk(api.topicDetail, '/api/community/topics/1/v1')
    expect(topic.topicId).toBe(1)
    const posts = await t.getOk(api.topicPosts, '/api/community/topics/1/posts/v1?count=50')
    expect(posts.total).toBe(topic.postCount)
    for (const p of posts.list) expect(p.topic?.topicId).toBe(1)
    const times = posts.list.map((p) => p.createTimestamp)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    await expect404('/api/community/topics/9999/v1', '话题不存在')
    await expect404('/api/community/topics/9999/posts/v1', '话题不存在')
    await expect400('/api/community/topics/abc/v1')
    await expect400('/api/community/topics/1/posts/v1?count=0')
  })
})

describe('GET /api/community/recommend/list/v1', () => {
  it('recommends users to a guest, none followed', async () => {
    const list = await t.getOk(api.recommendUsers, '/api/community/recommend/list/v1')
    expect(list.length).toBe(12)
    expect(list.every((u) => !u.isFollow)).toBe(true)
    await expect400('/api/community/recommend/list/v1?count=500')
  })
  it('shows the follow state to a signed-in reader and leaves the reader out', async () => {
    const cookie = await signInForTest(t, 30)
    const before = await t.getOk(api.recommendUsers, '/api/community/recommend/list/v1?count=50', { Cookie: cookie })
    expect(before.map((u) => u.id)).not.toContain(30)
    // the seed's follow graph has readers following some already: take the first that neither 30 nor 31 follows
    const cookie31 = await signInForTest(t, 31)
    const followedBy31 = new Set((await t.getOk(api.recommendUsers, '/api/community/recommend/list/v1?count=50', { Cookie: cookie31 })).filter((u) => u.isFollow).map((u) => u.id))
    const target = before.find((u) => !u.isFollow && !followedBy31.has(u.id))!
    expect(before.some((u) => u.isFollow)).toBe(true)
    const res = await t.request('/api/friendships/follow', {
      method: 'POST',
      headers: { ...authHeaders(cookie), 'Content-Type': 'application/json' },
      body: JSON.stringify({ destUserId: target.id }),
    })
    expect(res.status).toBe(200)
    const after = await t.getOk(api.recommendUsers, '/api/community/recommend/list/v1?count=50', { Cookie: cookie })
    expect(after.find((u) => u.id === target.id)).toMatchObject({ isFollow: true, fans: target.fans + 1 })
    // another reader sees the same user, not followed by them
    const other = await t.getOk(api.recommendUsers, '/api/community/recommend/list/v1?count=50', { Cookie: cookie31 })
    expect(other.find((u) => u.id === target.id)?.isFollow).toBe(false)
  })
})

describe('tags', () => {
  it('lists every tag with its article count, most used first', async () => {
    const tags = await t.getOk(api.tagsAll, '/api/tags/all')
    expect(tags.length).toBeGreaterThan(3)
    const counts = tags.map((x) => x.count)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    const top = tags[0]!
    const page = await t.getOk(api.tagArticles, `/api/tags/articles?tags=${encodeURIComponent(top.tag)}&page=1&count=5`)
    expect(page.total).toBe(top.count)
    for (const a of page.list) expect(a.tags).toContain(top.tag)
  })
  it('404 for an unknown tag, 400 for a missing or too long one', async () => {
    await expect404(`/api/tags/articles?tags=${encodeURIComponent('不存在的标签')}`, '标签不存在')
    await expect400('/api/tags/articles')
    await expect400(`/api/tags/articles?tags=${'长'.repeat(40)}`)
    await expect400('/api/tags/articles?tags=港股&count=0')
  })
})

describe('trade headlines and official', () => {
  it('mixes important flashes and company news, newest first', async () => {
    const r = await t.getOk(api.tradeHeadlines, '/api/tradeHeadlines/v1?count=60')
    expect(new Set(r.list.map((h) => h.kind))).toEqual(new Set(['flash', 'article']))
    const times = r.list.map((h) => h.createTimestamp)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(r.list.every((h) => h.title !== '')).toBe(true)
    await expect400('/api/tradeHeadlines/v1?page=a')
  })
  it('lists only the editorial accounts', async () => {
    const arts = await t.getOk(api.officialArticles, '/api/official/articles/v1')
    expect(arts.list.length).toBeGreaterThan(0)
    for (const a of arts.list) expect(OFFICIAL_USER_IDS).toContain(a.author.id)
    const posts = await t.getOk(api.officialPosts, '/api/official/posts/v1')
    expect(posts.list.length).toBeGreaterThan(0)
    for (const p of posts.list) expect(OFFICIAL_USER_IDS).toContain(p.author.id)
    await expect400('/api/official/posts/v1?count=101')
    await expect400('/api/official/articles/v1?page=0')
  })
})

// Read-time visibility (spec 000 §4; issue 12): content under review or rejected is visible to its
// author only, wherever it is read, and the local moderation's automatic approval counts on reads
// as soon as its time has come — without any posting call in between (a GET writes nothing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostingClient, type PostingClient } from '../testing/posting-client'
import { LOCAL_REVIEW_DELAY_MS } from './moderation'

let t: PostingClient
beforeAll(async () => {
  t = await createPostingClient()
})
afterAll(() => t.close())

const idsOf = (list: { id: number }[]) => list.map((p) => Number(p.id))

describe('a post under review', () => {
  it('is read by its author only (post, chart, comments), and by everyone once its review time has passed', async () => {
    const post = await t.ok('POST', '/api/community/dynamic/v3', t.owner, { content: '审核中的帖子' })
    const path = `/api/post/${post.id}/v3`
    expect((await t.call('GET', path, t.guest)).status).toBe(404)
    expect((await t.call('GET', path, t.other)).status).toBe(404)
    const own = await t.call('GET', path, t.owner)
    expect(own.status).toBe(200)
    expect(own.body.result.status).toBe('reviewing')
    // the author's read is not handed to the next reader (the detail is not cached)
    expect((await t.call('GET', path, t.guest)).status).toBe(404)
    expect(idsOf((await t.ok('GET', '/api/posts/chart?type=day&limit=100', t.guest)).list)).not.toContain(post.id)
    expect((await t.call('GET', `/api/comments/dynamic/${post.id}/v2`, t.guest)).status).toBe(404)
    expect((await t.call('GET', `/api/comments/dynamic/${post.id}/v2`, t.owner)).status).toBe(200)

    t.advance(LOCAL_REVIEW_DELAY_MS + 1_000)
    const seen = await t.call('GET', path, t.guest)
    expect(seen.status).toBe(200)
    expect(seen.body.result.status).toBe('approved')
    expect((await t.call('GET', `/api/comments/dynamic/${post.id}/v2`, t.other)).status).toBe(200)
    // another address than the first read's (the chart is cached for a second of real time)
    expect(idsOf((await t.ok('GET', '/api/posts/chart?type=day&limit=99', t.guest)).list)).toContain(post.id)
  })

  it('a rejected post stays with its author, marked rejected', async () => {
    const post = await t.ok('POST', '/api/community/dynamic/v3', t.owner, { content: '将被拒绝的帖子' })
    expect((await t.decide('post', post.id, false)).status).toBe(200)
    t.advance(LOCAL_REVIEW_DELAY_MS + 1_000)
    expect((await t.call('GET', `/api/post/${post.id}/v3`, t.guest)).status).toBe(404)
    expect((await t.call('GET', `/api/post/${post.id}/v3`, t.other)).status).toBe(404)
    expect((await t.ok('GET', `/api/post/${post.id}/v3`, t.owner)).status).toBe('rejected')
  })
})

describe('a comment under review', () => {
  it('is listed for its author only until approved by time', async () => {
    const postId = await t.approvedPost(t.owner)
    const c = await t.ok('POST', '/api/comments/v2', t.other, { source: 'post', refId: postId, content: '审核中的评论' })
    const list = (h: Record<string, string>) => t.ok('GET', `/api/comments/dynamic/${postId}/v2`, h)
    expect(idsOf((await list(t.guest)).list)).not.toContain(c.id)
    expect(idsOf((await list(t.owner)).list)).not.toContain(c.id)
    const mine = (await list(t.other)).list.find((x: { id: number }) => x.id === c.id)
    expect(mine.status).toBe('reviewing')
    t.advance(LOCAL_REVIEW_DELAY_MS + 1_000)
    const now = (await list(t.guest)).list.find((x: { id: number }) => x.id === c.id)
    expect(now?.status).toBe('approved')
  })
})

// Messages on the real app (issue 12): made by likes, comments, replies, follows, mentions and
// reviews; per reader; a comment's notice waits until the comment is approved; unread counts in the
// groups, the login info and /api/user/map-unread-count. Marked read by POST /api/message/v2/read, and
// (issue 25) by opening a list with the spec's GET from our pages (carrying our CSRF token).
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostingClient, type PostingClient } from '../testing/posting-client'
import { MESSAGE_TEXTS } from './messages'

let t: PostingClient
beforeAll(async () => {
  t = await createPostingClient()
})
afterAll(() => t.close())

type Group = { sourceType: string; type: string; unreadCount: number; link: string; lastContent: string }
const groups = async (h: Record<string, string>) => (await t.ok('GET', '/api/messageGroups/v1', h)) as { list: Group[]; unCheck: number }
const unread = async (h: Record<string, string>, type: string) => (await groups(h)).list.find((g) => g.type === type)!.unreadCount
const list = async (h: Record<string, string>, source: string, type: string) => (await t.ok('GET', `/api/message/v2/${source}/${type}`, h)).list as { content: string; actor: { id: number } | null; link: string; read: boolean }[]
/** The session cookie alone, as a link or an image from another site would send it: no X-CSRF-Token. */
const cookieOnly = (h: Record<string, string>) => ({ Cookie: h.Cookie! })
const loginUnread = async (h: Record<string, string>) => ((await t.ok('GET', '/api/user/get/v2', h)) as { message: { unCheck: number } }).message.unCheck
const readAll = () => t.ok('POST', '/api/message/v2/read', t.owner, {})

describe('who may read messages', () => {
  it('guests get 401 on every message endpoint; bad types 400', async () => {
    for (const [m, p] of [['GET', '/api/messageGroups/v1'], ['GET', '/api/message/v2/interaction/like'], ['GET', '/api/message/v2/notification/review'], ['POST', '/api/message/v2/read']]) {
      const a = await t.call(m!, p!, t.guest)
      expect(a.status, p).toBe(401)
      expect(a.body.message).toBe('请先登录')
    }
    expect((await t.call('GET', '/api/message/v2/interaction/nope', t.owner)).status).toBe(400)
    expect((await t.call('GET', '/api/message/v2/notification/like', t.owner)).status).toBe(400)
    expect((await t.call('POST', '/api/message/v2/read', t.owner, { type: 'x' })).status).toBe(400)
  })

  it('the groups link to /message/{sourceType}/{type} (the panel takes the last two segments)', async () => {
    const g = await groups(t.owner)
    expect(g.list.map((x) => x.link)).toEqual([
      '/message/interaction/comment', '/message/interaction/like', '/message/interaction/mention', '/message/interaction/follow',
      '/message/notification/review', '/message/notification/system',
    ])
  })
})

describe('likes and follows', () => {
  it("another reader's like tells the owner (once), the owner's own like tells nobody; a list read without our token marks nothing", async () => {
    await readAll()
    const postId = await t.approvedPost(t.owner)
    await t.ok('POST', `/api/post/${postId}/like/add`, t.other)
    await t.ok('POST', `/api/post/${postId}/like/add`, t.other)
    await t.ok('POST', `/api/post/${postId}/like/add`, t.owner)
    expect(await unread(t.owner, 'like')).toBe(1)
    const items = await list(cookieOnly(t.owner), 'interaction', 'like')
    expect(items[0]).toMatchObject({ content: MESSAGE_TEXTS.likedPost, actor: { id: t.otherId }, link: `/p/${postId}`, read: false })
    expect(await unread(t.owner, 'like')).toBe(1) // a GET without our token changed nothing
    expect(await unread(t.other, 'like')).toBe(0) // per reader
    expect((await t.ok('GET', '/api/user/map-unread-count', t.owner)).unCheck).toBe((await groups(t.owner)).unCheck)
  })

  it('a new fan tells the followee once', async () => {
    await readAll()
    await t.ok('POST', '/api/friendships/unfollow', t.other, { destUserId: t.ownerId })
    await t.ok('POST', '/api/friendships/follow', t.other, { destUserId: t.ownerId })
    await t.ok('POST', '/api/friendships/follow', t.other, { destUserId: t.ownerId })
    expect(await unread(t.owner, 'follow')).toBe(1)
    expect((await list(t.owner, 'interaction', 'follow'))[0]).toMatchObject({ content: MESSAGE_TEXTS.followed, link: `/user/${t.otherId}` })
  })
})

describe('comments, replies and mentions', () => {
  it('a comment tells the post author only once it is approved; a reply tells the replied-to author', async () => {
    await readAll()
    const postId = await t.approvedPost(t.owner)
    const c = await t.ok('POST', '/api/comments/v2', t.other, { source: 'post', refId: postId, content: '写得好' })
    expect(await unread(t.owner, 'comment')).toBe(0) // under review: visible to its author only
    expect((await t.decide('comment', c.id)).status).toBe(200)
    expect(await unread(t.owner, 'comment')).toBe(1)
    expect((await list(t.owner, 'interaction', 'comment'))[0]!.content).toBe(`${MESSAGE_TEXTS.commentedPost}：写得好`)
    const reply = await t.ok('POST', '/api/comments/v2', t.owner, { source: 'post', refId: postId, content: '谢谢', replyCommentId: c.id })
    await t.decide('comment', reply.id)
    expect((await list(t.other, 'interaction', 'comment'))[0]!.content).toBe(`${MESSAGE_TEXTS.repliedComment}：谢谢`)
  })

  it('a mention (a user id in refContents) tells that user once the post is approved', async () => {
    const before = await unread(t.owner, 'mention')
    const post = await t.ok('POST', '/api/community/dynamic/v3', t.other, { content: '请教一下', refContents: [String(t.ownerId), 'hk00700'] })
    expect(await unread(t.owner, 'mention')).toBe(before)
    await t.decide('post', post.id)
    expect(await unread(t.owner, 'mention')).toBe(before + 1)
  })
})

describe('review notifications and marking read', () => {
  it('a rejection tells the author and records a violation; POST read clears one group, then all', async () => {
    const post = await t.ok('POST', '/api/community/dynamic/v3', t.owner, { content: '会被拒绝' })
    await t.decide('post', post.id, false)
    expect((await list(t.owner, 'notification', 'review'))[0]!.content).toContain(MESSAGE_TEXTS.postRejected)
    const v = (await sql<{ n: number }>`SELECT count(*) AS n FROM violations WHERE source = 'post' AND ref_id = ${post.id}`.execute(t.db.kysely)).rows[0]!
    expect(Number(v.n)).toBe(1)
    const postId = await t.approvedPost(t.owner)
    await t.ok('POST', `/api/post/${postId}/like/add`, t.other)
    expect(await unread(t.owner, 'like')).toBeGreaterThan(0)
    const left = await t.ok('POST', '/api/message/v2/read', t.owner, { sourceType: 'interaction', type: 'like' })
    expect(await unread(t.owner, 'like')).toBe(0)
    expect(await unread(t.owner, 'review')).toBeGreaterThan(0)
    expect(left.unCheck).toBe((await groups(t.owner)).unCheck)
    expect((await readAll()).unCheck).toBe(0)
    expect((await t.ok('GET', '/api/user/get/v2', t.owner)).message?.unCheck ?? 0).toBe(0)
  })
})

describe('opening a list reads it (issue 25: the bell stayed at 3 after reading all three)', () => {
  it('a guest gets 401 and reads nothing', async () => {
    for (const p of ['/api/message/v2/interaction/like', '/api/message/v2/notification/review']) {
      const a = await t.call('GET', p, t.guest)
      expect(a.status, p).toBe(401)
    }
  })

  it("the reader opens a group from our pages: what it lists and everything older is read, at once in the login info (kept a second), the groups and map-unread-count; others' counts are theirs", async () => {
    const mine = [await t.approvedPost(t.owner, '第一篇'), await t.approvedPost(t.owner, '第二篇'), await t.approvedPost(t.owner, '第三篇')]
    const theirs = await t.approvedPost(t.other)
    await readAll() // the approvals' notices
    await t.ok('POST', '/api/message/v2/read', t.other, {})
    for (const id of mine) await t.ok('POST', `/api/post/${id}/like/add`, t.other)
    await t.ok('POST', `/api/post/${theirs}/like/add`, t.owner)
    expect(await loginUnread(t.owner)).toBe(3) // the login info is now kept for a second
    expect(await unread(t.other, 'like')).toBe(1)
    const items = await list(t.owner, 'interaction', 'like')
    expect(items.slice(0, 3).map((m) => m.read)).toEqual([false, false, false]) // as they were when opened: the view marks the new ones
    expect(await loginUnread(t.owner)).toBe(0)
    expect((await groups(t.owner)).unCheck).toBe(0)
    expect((await t.ok('GET', '/api/user/map-unread-count', t.owner)).unCheck).toBe(0)
    expect((await list(t.owner, 'interaction', 'like'))[0]!.read).toBe(true)
    expect(await unread(t.other, 'like')).toBe(1) // another reader's messages are not touched
  })

  it('one group opened leaves the others unread; a message that arrives after the list was read is unread', async () => {
    const postId = await t.approvedPost(t.owner)
    const next = await t.approvedPost(t.owner, '又一篇')
    await readAll()
    await t.ok('POST', `/api/post/${postId}/like/add`, t.other)
    await t.ok('POST', '/api/friendships/unfollow', t.other, { destUserId: t.ownerId })
    await t.ok('POST', '/api/friendships/follow', t.other, { destUserId: t.ownerId })
    expect(await loginUnread(t.owner)).toBe(2)
    await list(t.owner, 'interaction', 'follow')
    expect(await unread(t.owner, 'follow')).toBe(0)
    expect(await unread(t.owner, 'like')).toBe(1)
    expect(await loginUnread(t.owner)).toBe(1)
    await list(t.owner, 'interaction', 'like')
    expect(await loginUnread(t.owner)).toBe(0)
    await t.ok('POST', `/api/post/${next}/like/add`, t.other)
    expect(await loginUnread(t.owner)).toBe(1)
    expect((await list(cookieOnly(t.owner), 'interaction', 'like'))[0]!.read).toBe(false)
  })

  it('the notification lists read the same way', async () => {
    await readAll()
    const post = await t.ok('POST', '/api/community/dynamic/v3', t.owner, { content: '等待审核' })
    await t.decide('post', post.id)
    expect(await unread(t.owner, 'review')).toBe(1)
    await list(cookieOnly(t.owner), 'notification', 'review')
    expect(await loginUnread(t.owner)).toBe(1)
    await list(t.owner, 'notification', 'review')
    expect(await loginUnread(t.owner)).toBe(0)
  })
})

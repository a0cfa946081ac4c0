// Posting and interaction on the real app (issue 12): every endpoint × {guest, other user, owner},
// bad input (400 with a Chinese message, never 500), CSRF, the review states of the local moderation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createTestApp, type TestApp } from '../testing/test-app'
import { authHeaders, signInForTest } from '../accounts/session'
import { LOOPBACK, socketEnv } from '../testing/socket-env'
import { POSTING_MESSAGES as M } from '../../core/posting/limits'
import { LINK_MESSAGES } from '../../core/validation/link'
import { jsonCalls } from '../testing/json-calls'

let t: TestApp
let owner: Record<string, string>
let other: Record<string, string>
let ownerId: number
let otherId: number
let newsId: number
let topicId: number
/** a guest: a CSRF token (so the request passes the CSRF check) but no session */
const guest = { Cookie: 'csrf_token=guesttoken', 'X-CSRF-Token': 'guesttoken' }

const { call, ok } = jsonCalls(() => t.app)
/** the public post as readers see it */
const postOf = async (id: number): Promise<any> => (await t.get(`/api/post/${id}/v3`)).body.result
const decide = (kind: 'post' | 'comment', id: number, approve = true) =>
  call('POST', '/api/sandbox/moderation/v1', guest, { kind, id, approve }, LOOPBACK)

async function approvedPost(headers = owner, content = '腾讯今天涨了'): Promise<number> {
  const post = await ok('POST', '/api/community/dynamic/v3', headers, { content })
  expect((await decide('post', post.id)).status).toBe(200)
  return post.id
}
async function approvedComment(postId: number, headers = other, extra: Record<string, unknown> = {}): Promise<number> {
  const c = await ok('POST', '/api/comments/v2', headers, { source: 'post', refId: postId, content: '同意', ...extra })
  expect((await decide('comment', c.id)).status).toBe(200)
  return c.id
}

beforeAll(async () => {
  t = await createTestApp()
  const users = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL ORDER BY id LIMIT 2`.execute(t.db.kysely)).rows
  ownerId = Number(users[0]!.id)
  otherId = Number(users[1]!.id)
  owner = authHeaders(await signInForTest(t, ownerId))
  other = authHeaders(await signInForTest(t, otherId))
  newsId = Number((await sql<{ id: number }>`SELECT id FROM articles ORDER BY id LIMIT 1`.execute(t.db.kysely)).rows[0]!.id)
  topicId = Number((await sql<{ id: number }>`SELECT id FROM topics ORDER BY id LIMIT 1`.execute(t.db.kysely)).rows[0]!.id)
})
afterAll(async () => {
  await t.close()
})

describe('publishing a discussion post', () => {
  it('the owner publishes: HTML stripped with line breaks kept, under review, hidden from others until approved', async () => {
    const post = await ok('POST', '/api/community/dynamic/v3', owner, {
      title: '  看好腾讯 ',
      topicId,
      content: '<p>第一行</p><p>第二<b>行</b><script>alert(1)</script></p>',
      pictureUrls: ['/pictures/a.png'],
      refContents: ['hk00700'],
    })
    expect(post).toMatchObject({ kind: 'discussion', status: 'reviewing', title: '看好腾讯', content: '第一行\n第二行', html: '' })
    expect((await t.get(`/api/post/${post.id}/v3`)).status).toBe(404)
    expect(await decide('post', post.id)).toMatchObject({ status: 200, body: { result: { status: 'approved' } } })
    expect((await t.get(`/api/post/${post.id}/v3`)).body.result).toMatchObject({ id: post.id, content: '第一行\n第二行' })
  })
  it('approves by itself once the local moderation delay has passed', async () => {
    const post = await ok('POST', '/api/community/dynamic/v3', owner, { content: '等一分钟' })
    await sql`UPDATE posts SET review_due = ${0} WHERE id = ${post.id}`.execute(t.db.kysely) // the delay has passed
    await ok('POST', '/api/text/moderate/moment/v1', owner, { content: '任何文字' }) // any posting call settles due reviews
    expect((await t.get(`/api/post/${post.id}/v3`)).status).toBe(200)
  })
  it('a guest gets 401 请先登录; without the CSRF token 403', async () => {
    expect(await call('POST', '/api/community/dynamic/v3', guest, { content: 'x' })).toMatchObject({ status: 401, body: { message: '请先登录' } })
    expect((await call('POST', '/api/community/dynamic/v3', { Cookie: owner.Cookie! }, { content: 'x' })).status).toBe(403)
    expect((await call('POST', '/api/community/dynamic/v3', { ...owner, 'X-CSRF-Token': 'wrong' }, { content: 'x' })).status).toBe(403)
  })
  it('bad input answers 400 with a Chinese message', async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ content: '   <p> </p>' }, M.emptyBody],
      [{ content: '赌 博 带你发财' }, M.forbiddenWords],
      [{ content: 'x', topicId: 2_000_000_000 }, M.topicNotFound],
      [{ content: 'x', topicId: 2 ** 31 }, /参数错误/],
      [{ content: 'x', pictureUrls: ['javascript:alert(1)'] }, M.badImage],
      [{ content: 'x', pictureUrls: Array.from({ length: 10 }, () => '/pictures/a.png') }, /参数错误/],
      [{ content: 'a\u0000b' }, /参数错误/],
      [{ content: 'x'.repeat(60_001) }, /参数错误/],
      [{ content: 'x'.repeat(20_001) }, M.contentTooLong],
      [{ title: 'x'.repeat(101), content: 'x' }, /参数错误/],
      [{}, /参数错误/],
      ['{not json', /参数错误/],
    ]
    for (const [body, message] of cases) {
      const a = await call('POST', '/api/community/dynamic/v3', owner, body)
      expect({ body, status: a.status }).toEqual({ body, status: 400 })
      expect(a.body.message).toMatch(message)
    }
  })
})

describe('deleting a post', () => {
  for (const path of ['/api/community/dynamic/{id}', '/api/post/{id}/delete']) {
    const method = path.endsWith('delete') ? 'POST' : 'DELETE'
    it(`${method} ${path}: guest 401, other 403, owner 200 and gone; unknown 404; bad id 400`, async () => {
      const id = await approvedPost()
      const at = path.replace('{id}', String(id))
      expect((await call(method, at, guest)).status).toBe(401)
      expect(await call(method, at, other)).toMatchObject({ status: 403, body: { message: M.notOwner } })
      expect(await call(method, at, owner)).toMatchObject({ status: 200, body: { result: true } })
      expect((await t.get(`/api/post/${id}/v3`)).status).toBe(404)
      expect((await call(method, at, owner)).status).toBe(404)
      expect((await call(method, path.replace('{id}', 'abc'), owner)).status).toBe(400)
      expect((await call(method, path.replace('{id}', '99999999999'), owner)).status).toBe(400)
    })
  }
  it("another reader cannot learn of a post under review: 404, not 403", async () => {
    const post = await ok('POST', '/api/community/dynamic/v3', owner, { content: '审核中' })
    expect((await call('DELETE', `/api/community/dynamic/${post.id}`, other)).status).toBe(404)
    expect((await call('DELETE', `/api/community/dynamic/${post.id}`, owner)).status).toBe(200)
  })
})

describe('likes and favourites of posts', () => {
  it('like/unlike: guest 401, other and owner 200, counted once per reader', async () => {
    const id = await approvedPost()
    expect((await call('POST', `/api/post/${id}/like/add`, guest)).status).toBe(401)
    expect(await ok('POST', `/api/post/${id}/like/add`, other)).toEqual({ liked: true, likeCount: 1 })
    expect(await ok('POST', `/api/post/${id}/like/add`, other)).toEqual({ liked: true, likeCount: 1 })
    expect(await ok('POST', `/api/post/${id}/like/add`, owner)).toEqual({ liked: true, likeCount: 2 })
    expect(await ok('POST', `/api/post/${id}/like/delete`, other)).toEqual({ liked: false, likeCount: 1 })
    expect((await postOf(id)).likeCount).toBe(1)
    expect((await call('POST', '/api/post/0/like/add', owner)).status).toBe(400)
    expect((await call('POST', '/api/post/2000000000/like/add', owner)).status).toBe(404)
  })
  it('under review: the author gets 403 内容审核中, others 404', async () => {
    const post = await ok('POST', '/api/community/dynamic/v3', owner, { content: '还在审核' })
    expect(await call('POST', `/api/post/${post.id}/like/add`, owner)).toMatchObject({ status: 403, body: { message: M.underReview } })
    expect((await call('POST', `/api/post/${post.id}/like/add`, other)).status).toBe(404)
    expect((await call('POST', `/api/post/${post.id}/fav/add`, other)).status).toBe(404)
    expect((await call('POST', '/api/comments/v2', other, { source: 'post', refId: post.id, content: 'hi' })).status).toBe(404)
  })
  it('favourite: /post/{id}/fav/add, /favorite/v2 and DELETE /favorite/{source}/{id}/v2, posts and news', async () => {
    const id = await approvedPost()
    expect((await call('POST', `/api/post/${id}/fav/add`, guest)).status).toBe(401)
    expect(await ok('POST', `/api/post/${id}/fav/add`, other)).toEqual({ favorited: true, favCount: 1 })
    expect(await ok('POST', '/api/favorite/v2', owner, { source: 'post', id })).toEqual({ favorited: true, favCount: 2 })
    expect(await ok('DELETE', `/api/favorite/post/${id}/v2`, other)).toEqual({ favorited: false, favCount: 1 })
    expect(await ok('POST', '/api/favorite/v2', other, { source: 'news', id: newsId })).toMatchObject({ favorited: true })
    expect(await ok('DELETE', `/api/favorite/news/${newsId}/v2`, other)).toMatchObject({ favorited: false })
    expect((await call('POST', '/api/favorite/v2', guest, { source: 'news', id: newsId })).status).toBe(401)
    expect((await call('DELETE', `/api/favorite/news/${newsId}/v2`, guest)).status).toBe(401)
    expect((await call('POST', '/api/favorite/v2', owner, { source: 'news', id: 2_000_000_000 })).body.message).toBe(M.newsNotFound)
    expect((await call('POST', '/api/favorite/v2', owner, { source: 'video', id: 1 })).status).toBe(400)
    expect((await call('DELETE', `/api/favorite/video/1/v2`, owner)).status).toBe(400)
    expect((await call('POST', '/api/favorite/v2', owner, { source: 'post', id: -1 })).body.message).toMatch(/参数错误/)
  })
})

describe('comments and replies', () => {
  it('comment on a post and on news, reply, reply of a reply; under review until approved', async () => {
    const postId = await approvedPost()
    const c = await ok('POST', '/api/comments/v2', other, { source: 'post', refId: postId, content: '<p>说得好</p><p>第二行</p>' })
    expect(c).toMatchObject({ source: 'post', refId: postId, content: '说得好\n第二行', status: 'reviewing', replyCommentId: null, author: { id: otherId } })
    // the author of a comment under review cannot be replied to by others
    expect((await call('POST', '/api/comments/v2', owner, { source: 'post', refId: postId, content: 'r', replyCommentId: c.id })).status).toBe(404)
    await decide('comment', c.id)
    expect((await postOf(postId)).commentCount).toBe(1)
    const reply = await ok('POST', '/api/comments/v2', owner, { source: 'post', refId: postId, content: '谢谢', replyCommentId: c.id })
    expect(reply).toMatchObject({ replyCommentId: c.id, replyUser: { id: otherId } })
    await decide('comment', reply.id)
    const deeper = await ok('POST', '/api/comments/v2', other, { source: 'post', refId: postId, content: '不客气', replyCommentId: reply.id })
    expect(deeper).toMatchObject({ replyCommentId: reply.id, replyUser: { id: ownerId } })
    const root = (await sql<{ reply_count: number }>`SELECT reply_count FROM comments WHERE id = ${c.id}`.execute(t.db.kysely)).rows[0]!
    expect(Number(root.reply_count)).toBe(2)
    const news = await ok('POST', '/api/comments/v2', owner, { source: 'news', refId: newsId, content: '好消息' })
    expect(news).toMatchObject({ source: 'news', refId: newsId })
  })
  it('guest 401; bad input 400 with a Chinese message', async () => {
    const postId = await approvedPost()
    expect((await call('POST', '/api/comments/v2', guest, { source: 'post', refId: postId, content: 'x' })).status).toBe(401)
    const otherPost = await approvedPost()
    const cid = await approvedComment(otherPost)
    const cases: [unknown, string | RegExp, number][] = [
      [{ source: 'post', refId: postId, content: '' }, M.emptyBody, 400],
      [{ source: 'post', refId: postId, content: 'x'.repeat(2001) }, /评论不能超过2000字/, 400],
      [{ source: 'post', refId: postId, content: '洗钱' }, M.forbiddenWords, 400],
      [{ source: 'post', refId: postId, content: 'x', replyCommentId: cid }, M.replyElsewhere, 400],
      [{ source: 'post', refId: postId, content: 'x', pictureUrls: ['//evil.com/a.png'] }, M.badImage, 400],
      [{ source: 'blog', refId: postId, content: 'x' }, /参数错误/, 400],
      [{ source: 'post', refId: 2 ** 31, content: 'x' }, /参数错误/, 400],
      [{ source: 'post', refId: postId, content: 'x\u0000' }, /参数错误/, 400],
      [{ source: 'news', refId: 2_000_000_000, content: 'x' }, M.newsNotFound, 404],
      [{ source: 'post', refId: 2_000_000_000, content: 'x' }, M.postNotFound, 404],
    ]
    for (const [body, message, status] of cases) {
      const a = await call('POST', '/api/comments/v2', owner, body)
      expect({ body, status: a.status }).toEqual({ body, status })
      expect(a.body.message).toMatch(message)
    }
  })
  it('delete: guest 401, other 403, owner 200 (replies go with it), unknown 404', async () => {
    const postId = await approvedPost()
    const cid = await approvedComment(postId, other)
    const rid = await approvedComment(postId, owner, { replyCommentId: cid })
    expect((await call('DELETE', `/api/comments/${cid}/v1`, guest)).status).toBe(401)
    expect(await call('DELETE', `/api/comments/${cid}/v1`, owner)).toMatchObject({ status: 403, body: { message: M.notOwner } })
    expect(await ok('DELETE', `/api/comments/${cid}/v1`, other)).toBe(true)
    expect((await call('DELETE', `/api/comments/${rid}/v1`, owner)).status).toBe(404)
    expect((await postOf(postId)).commentCount).toBe(0)
    expect((await call('DELETE', '/api/comments/x/v1', owner)).status).toBe(400)
  })
  it('like/unlike: guest 401, other and owner 200; a comment under review 403 to its author, 404 to others', async () => {
    const postId = await approvedPost()
    const cid = await approvedComment(postId, other)
    expect((await call('POST', `/api/comments/${cid}/like/v1`, guest)).status).toBe(401)
    expect((await call('DELETE', `/api/comments/${cid}/like/v1`, guest)).status).toBe(401)
    expect(await ok('POST', `/api/comments/${cid}/like/v1`, owner)).toEqual({ liked: true, likeCount: 1 })
    expect(await ok('POST', `/api/comments/${cid}/like/v1`, other)).toEqual({ liked: true, likeCount: 2 })
    expect(await ok('DELETE', `/api/comments/${cid}/like/v1`, owner)).toEqual({ liked: false, likeCount: 1 })
    const pending = await ok('POST', '/api/comments/v2', other, { source: 'post', refId: postId, content: '待审' })
    expect(await call('POST', `/api/comments/${pending.id}/like/v1`, other)).toMatchObject({ status: 403, body: { message: M.underReview } })
    expect((await call('POST', `/api/comments/${pending.id}/like/v1`, owner)).status).toBe(404)
    expect((await call('POST', '/api/comments/0/like/v1', owner)).status).toBe(400)
  })
})

describe('long articles and drafts', () => {
  const tokens = [
    { type: 'text', text: '看好 ' },
    { type: 'stock', code: 'hk00700', name: '腾讯控股' },
    { type: 'mention', userId: 1, nick: '小明' },
    { type: 'link', url: ' www.hkex.com.hk/news ', text: '' },
    { type: 'image', url: '/pictures/chart.png' },
  ]
  it('save, update, list, publish from a draft; drafts are the owner’s alone', async () => {
    const draft = await ok('POST', '/api/columnArticleDraft/saveMyOne', owner, { title: '草稿', tokens })
    expect(draft.tokens[3]).toEqual({ type: 'link', url: 'www.hkex.com.hk/news', text: 'www.hkex.com.hk/news' })
    expect(draft.html).toContain('<a class="rt-link" href="http://www.hkex.com.hk/news" target="_blank" rel="nofollow noopener noreferrer">')
    const updated = await ok('POST', '/api/columnArticleDraft/saveMyOne', owner, { id: draft.id, title: '草稿二', tokens })
    expect(updated).toMatchObject({ id: draft.id, title: '草稿二' })
    const list = await ok('GET', '/api/columnArticleDraft/getMyList', owner)
    expect(list.list.map((d: { id: number }) => d.id)).toContain(draft.id)
    expect((await ok('GET', '/api/columnArticleDraft/getMyList', other)).list.map((d: { id: number }) => d.id)).not.toContain(draft.id)
    expect((await call('GET', '/api/columnArticleDraft/getMyList', {})).status).toBe(401)
    expect(await call('POST', '/api/columnArticleDraft/saveMyOne', other, { id: draft.id, title: 'x', tokens })).toMatchObject({ status: 404, body: { message: M.draftNotFound } })
    expect((await call('POST', '/api/columnArticleDraft/saveMyOne', guest, { title: 'x', tokens })).status).toBe(401)
    expect((await call('POST', '/api/columnArticle/publish/v1', other, { draftId: draft.id, title: 'x', tokens })).status).toBe(404)
    expect((await t.get(`/api/post/${draft.id}/v3`)).status).toBe(404) // a draft is never public
    const article = await ok('POST', '/api/columnArticle/publish/v1', owner, { draftId: draft.id, title: '正式', tokens })
    expect(article).toMatchObject({ id: draft.id, kind: 'article', status: 'reviewing', title: '正式', content: '看好 $腾讯控股$@小明www.hkex.com.hk/news' })
    expect((await ok('GET', '/api/columnArticleDraft/getMyList', owner)).list.map((d: { id: number }) => d.id)).not.toContain(draft.id)
    await decide('post', article.id)
    expect((await t.get(`/api/post/${article.id}/v3`)).body.result).toMatchObject({ title: '正式', stocks: [{ id: 'hk00700' }] })
  })
  it('delete a draft by the spec\'s GET delMyOne: guest 401, other 404, owner 200; bad id 400; never without the CSRF token', async () => {
    const draft = await ok('POST', '/api/columnArticleDraft/saveMyOne', owner, { title: 'd', tokens: [] })
    const del = (id: unknown) => `/api/columnArticleDraft/delMyOne?id=${String(id)}`
    expect((await call('GET', del(draft.id), guest)).status).toBe(401)
    expect((await call('GET', del(draft.id), other)).status).toBe(404)
    // a state change by GET still needs our X-CSRF-Token: the owner's cookie alone (a cross-site link) is refused
    const cookieOnly = { Cookie: owner.Cookie! }
    expect((await call('GET', del(draft.id), cookieOnly)).status).toBe(403)
    expect((await call('GET', del(draft.id), { ...owner, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)
    expect((await ok('GET', '/api/columnArticleDraft/getMyList', owner)).list.map((d: { id: number }) => d.id)).toContain(draft.id)
    for (const bad of ['abc', '0', '-1', '99999999999']) {
      const r = await call('GET', del(bad), owner)
      expect(r.status, bad).toBe(400)
      expect(r.body.message).toMatch(/[\u4e00-\u9fff]/)
    }
    expect((await call('GET', '/api/columnArticleDraft/delMyOne', owner)).status).toBe(400)
    expect(await ok('GET', del(draft.id), owner)).toBe(true)
    expect((await call('GET', del(draft.id), owner)).status).toBe(404)
    expect((await call('POST', '/api/columnArticleDraft/delMyOne', owner, { id: draft.id })).status).toBe(404) // one way: the spec's GET
  })
  it('the link rule is enforced on the server; bad tokens answer 400', async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ title: 't', tokens: [{ type: 'link', url: '  ', text: 'x' }] }, LINK_MESSAGES.empty],
      [{ title: 't', tokens: [{ type: 'link', url: 'javascript:alert(1)', text: 'x' }] }, LINK_MESSAGES.invalid],
      [{ title: 't', tokens: [{ type: 'link', url: 'http://evil.invalidtld', text: 'x' }] }, LINK_MESSAGES.invalid],
      [{ title: 't', tokens: [{ type: 'image', url: 'data:image/png;base64,AAAA' }] }, M.badImage],
      [{ title: 't', tokens: [{ type: 'script', text: 'x' }] }, /参数错误/],
      [{ title: 't', tokens: [{ type: 'mention', userId: 2 ** 31, nick: 'x' }] }, /参数错误/],
      [{ title: '', tokens: [{ type: 'text', text: 'x' }] }, M.emptyTitle],
      [{ title: 't', tokens: [] }, M.emptyBody],
      [{ title: 't', tokens: [{ type: 'text', text: '稳赚不赔' }] }, M.forbiddenWords],
    ]
    for (const [body, message] of cases) {
      const a = await call('POST', '/api/columnArticle/publish/v1', owner, body)
      expect({ body, status: a.status }).toEqual({ body, status: 400 })
      expect(a.body.message).toMatch(message)
    }
    expect((await call('POST', '/api/columnArticle/publish/v1', guest, { title: 't', tokens: [] })).status).toBe(401)
  })
})

describe('moderation', () => {
  it('the moderation call: signed in only; the word list without spacing tricks', async () => {
    expect((await call('POST', '/api/text/moderate/moment/v1', guest, { content: 'x' })).status).toBe(401)
    expect(await ok('POST', '/api/text/moderate/moment/v1', owner, { content: '今天天气好' })).toEqual({ pass: true })
    expect(await ok('POST', '/api/text/moderate/moment/v1', owner, { content: '代-开-发-票' })).toEqual({ pass: false })
  })
  it('the sandbox answers a loopback socket only, and only content under review', async () => {
    const post = await ok('POST', '/api/community/dynamic/v3', owner, { content: '沙盒' })
    expect((await call('POST', '/api/sandbox/moderation/v1', guest, { kind: 'post', id: post.id, approve: true })).status).toBe(404)
    expect((await call('POST', '/api/sandbox/moderation/v1', guest, { kind: 'post', id: post.id, approve: true }, socketEnv('10.0.0.8'))).status).toBe(404)
    expect(await decide('post', post.id, false)).toMatchObject({ status: 200, body: { result: { status: 'rejected' } } })
    expect((await decide('post', post.id, true)).status).toBe(404)
    expect((await t.get(`/api/post/${post.id}/v3`)).status).toBe(404)
  })
})

describe('comment lists', () => {
  it('/comments/dynamic/{id}/v2: approved threads newest first with replies; own under review to its author only; cursor', async () => {
    const postId = await approvedPost()
    const first = await approvedComment(postId, other)
    const reply = await approvedComment(postId, owner, { replyCommentId: first })
    await sql`UPDATE comments SET create_timestamp = create_timestamp - 10 WHERE id IN (${first}, ${reply})`.execute(t.db.kysely)
    const second = await approvedComment(postId, owner)
    const pending = await ok('POST', '/api/comments/v2', other, { source: 'post', refId: postId, content: '待审评论' })
    const ids = (page: { list: { id: number }[] }) => page.list.map((c) => c.id)
    const asGuest = await ok('GET', `/api/comments/dynamic/${postId}/v2`, {})
    expect(ids(asGuest)).toEqual([second, first])
    expect(asGuest.list[1].replies.map((r: { id: number }) => r.id)).toEqual([reply])
    expect(ids(await ok('GET', `/api/comments/dynamic/${postId}/v2`, owner))).toEqual([second, first])
    expect(ids(await ok('GET', `/api/comments/dynamic/${postId}/v2`, other))).toContain(pending.id)
    const page1 = await ok('GET', `/api/comments/dynamic/${postId}/v2?count=1`, {})
    expect({ ids: ids(page1), hasMore: page1.hasMore }).toEqual({ ids: [second], hasMore: true })
    const page2 = await ok('GET', `/api/comments/dynamic/${postId}/v2?count=1&createTimestamp=${page1.list[0].createTimestamp}`, {})
    expect(ids(page2)).toEqual([first])
    expect((await call('GET', '/api/comments/dynamic/2000000000/v2', {})).status).toBe(404)
    expect((await call('GET', '/api/comments/dynamic/abc/v2', {})).status).toBe(400)
    expect((await call('GET', `/api/comments/dynamic/${postId}/v2?count=0`, {})).status).toBe(400)
  })
  it('/comments/article/{id}/v2: comments on news', async () => {
    const c = await ok('POST', '/api/comments/v2', owner, { source: 'news', refId: newsId, content: '资讯评论' })
    await decide('comment', c.id)
    expect((await ok('GET', `/api/comments/article/${newsId}/v2`, {})).list.map((x: { id: number }) => x.id)).toContain(c.id)
    expect((await call('GET', '/api/comments/article/2000000000/v2', {})).body.message).toBe(M.newsNotFound)
  })
})

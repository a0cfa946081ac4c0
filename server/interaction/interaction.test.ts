// The rest of posting and interaction on the real app (issue 12; core/api/interaction.ts): every
// endpoint × {guest, other user, owner}, bad input 400 with a Chinese message, the review states and
// the closed-comments message.
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostingClient, type PostingClient } from '../testing/posting-client'
import { phoneTarget } from '../accounts/codes'
import { POSTING_MESSAGES as M } from '../../core/posting/limits'
import { DYNAMIC_MESSAGES, EDITOR_ROLE, PIN_MAX } from './dynamics'
import { SOCIAL_MESSAGES } from './social'
import { APPLY_MESSAGES } from './column-apply'

let t: PostingClient
let newsId: number
beforeAll(async () => {
  t = await createPostingClient()
  newsId = Number((await sql<{ id: number }>`SELECT id FROM articles ORDER BY id LIMIT 1`.execute(t.db.kysely)).rows[0]!.id)
})
afterAll(() => t.close())

const NOT_LOGGED_IN = '请先登录'
async function expectGuest401(method: string, path: string, body?: unknown) {
  const a = await t.call(method, path, t.guest, body)
  expect(a.status, `${method} ${path}`).toBe(401)
  expect(a.body.message).toBe(NOT_LOGGED_IN)
}
const ids = (list: { id: number }[]) => list.map((x) => Number(x.id))

describe('dynamics', () => {
  it('detail: guest and other see approved only; the owner sees own under review with 内容审核中; liked for the reader', async () => {
    const p = await t.ok('POST', '/api/community/dynamic/v3', t.owner, { content: '动态详情' })
    const path = `/api/community/dynamic/detail/${p.id}/v2`
    expect((await t.call('GET', path, t.guest)).status).toBe(404)
    expect((await t.call('GET', path, t.other)).status).toBe(404)
    const own = await t.ok('GET', path, t.owner)
    expect(own).toMatchObject({ status: 'reviewing', reviewMessage: M.underReview, liked: false })
    await t.decide('post', p.id)
    await t.ok('POST', '/api/community/dynamic/like', t.other, { model: 'dynamic', id: p.id })
    expect(await t.ok('GET', path, t.other)).toMatchObject({ status: 'approved', reviewMessage: '', liked: true, likeCount: 1 })
    expect((await t.ok('GET', path, t.guest)).liked).toBe(false)
    expect((await t.ok('DELETE', `/api/community/dynamic/like/dynamic/like/${p.id}`, t.other)).likeCount).toBe(0)
    await expectGuest401('POST', '/api/community/dynamic/like', { model: 'dynamic', id: p.id })
    await expectGuest401('DELETE', `/api/community/dynamic/like/dynamic/like/${p.id}`)
    expect((await t.call('GET', '/api/community/dynamic/detail/abc/v2', t.guest)).status).toBe(400)
  })

  it('my-dynamics: others see approved ones; the owner every status, pinned first; guests name a user', async () => {
    const approved = await t.approvedPost(t.owner, '公开的动态')
    const reviewing = await t.ok('POST', '/api/community/dynamic/v3', t.owner, { content: '审核中的动态' })
    const asOther = await t.ok('GET', `/api/community/dynamic/my-dynamics/v2?userId=${t.ownerId}&count=100`, t.other)
    expect(ids(asOther.list)).toContain(approved)
    expect(ids(asOther.list)).not.toContain(reviewing.id)
    expect(ids((await t.ok('GET', `/api/community/dynamic/my-dynamics/v2?userId=${t.ownerId}&count=100`, t.guest)).list)).not.toContain(reviewing.id)
    await expectGuest401('GET', '/api/community/dynamic/my-dynamics/v2')
    // pin: owner only, at most PIN_MAX
    expect((await t.call('PUT', '/api/community/dynamic/top/v1', t.other, { dynamicId: approved, top: true })).body.message).toBe(DYNAMIC_MESSAGES.notOwner)
    await expectGuest401('PUT', '/api/community/dynamic/top/v1', { dynamicId: approved, top: true })
    await t.ok('PUT', '/api/community/dynamic/top/v1', t.owner, { dynamicId: approved, top: true })
    const mine = await t.ok('GET', '/api/community/dynamic/my-dynamics/v2?count=5', t.owner)
    expect(mine.list[0]).toMatchObject({ id: approved, top: true })
    expect(ids(mine.list)).toContain(reviewing.id)
    for (let i = 1; i < PIN_MAX; i++) await t.ok('PUT', '/api/community/dynamic/top/v1', t.owner, { dynamicId: await t.approvedPost(t.owner, `置顶${i}`), top: true })
    const over = await t.call('PUT', '/api/community/dynamic/top/v1', t.owner, { dynamicId: await t.approvedPost(t.owner, '多一条'), top: true })
    expect(over.status).toBe(400)
    expect(over.body.message).toBe(DYNAMIC_MESSAGES.pinLimit)
  })

  it("closed comments: only the author switches; a new comment then answers 403 该内容已限制评论", async () => {
    const id = await t.approvedPost(t.owner, '限制评论的帖子')
    await expectGuest401('PUT', '/api/community/dynamic/comment-switch/v1', { dynamicId: id, closed: true })
    expect((await t.call('PUT', '/api/community/dynamic/comment-switch/v1', t.other, { dynamicId: id, closed: true })).status).toBe(403)
    await t.ok('PUT', '/api/community/dynamic/comment-switch/v1', t.owner, { dynamicId: id, closed: true })
    const refused = await t.call('POST', '/api/comments/v2', t.other, { source: 'post', refId: id, content: '评论' })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(M.commentsRestricted)
    expect((await t.ok('GET', `/api/community/dynamic/detail/${id}/v2`, t.guest)).commentsClosed).toBe(true)
    await t.ok('PUT', '/api/community/dynamic/comment-switch/v1', t.owner, { dynamicId: id, closed: false })
    expect((await t.call('POST', '/api/comments/v2', t.other, { source: 'post', refId: id, content: '评论' })).status).toBe(200)
  })

  it('essence: editors only; top content lists essence dynamics', async () => {
    const id = await t.approvedPost(t.owner, '精华候选')
    await expectGuest401('PUT', '/api/community/dynamic/essence/v1', { dynamicId: id, essence: true })
    expect((await t.call('PUT', '/api/community/dynamic/essence/v1', t.owner, { dynamicId: id, essence: true })).status).toBe(403)
    await sql`UPDATE users SET roles = array_append(roles, ${EDITOR_ROLE}) WHERE id = ${t.otherId}`.execute(t.db.kysely)
    await t.ok('PUT', '/api/community/dynamic/essence/v1', t.other, { dynamicId: id, essence: true })
    expect(ids(await t.ok('GET', '/api/topContent/list?count=50', t.guest))).toContain(id)
  })

  it('follow home: followed users’ approved dynamics and one’s own; guests 401', async () => {
    await expectGuest401('GET', '/api/follow/home/v1')
    await t.ok('POST', '/api/friendships/follow', t.other, { destUserId: t.ownerId })
    const approved = await t.approvedPost(t.owner, '关注的人的动态')
    const hidden = await t.ok('POST', '/api/community/dynamic/v3', t.owner, { content: '关注的人审核中的' })
    const mine = await t.ok('POST', '/api/community/dynamic/v3', t.other, { content: '我自己审核中的' })
    const home = ids((await t.ok('GET', '/api/follow/home/v1?count=100', t.other)).list)
    expect(home).toContain(approved)
    expect(home).toContain(mine.id)
    expect(home).not.toContain(hidden.id)
  })

  it('hot-content application: the author, once, on approved content', async () => {
    const id = await t.approvedPost(t.owner, '申请热门')
    await expectGuest401('POST', '/api/hotContent/application/apply', { dynamicId: id })
    expect((await t.call('POST', '/api/hotContent/application/apply', t.other, { dynamicId: id })).status).toBe(403)
    expect(await t.ok('POST', '/api/hotContent/application/apply', t.owner, { dynamicId: id, reason: '优质' })).toMatchObject({ status: 'pending' })
    expect((await t.call('POST', '/api/hotContent/application/apply', t.owner, { dynamicId: id })).body.message).toBe(DYNAMIC_MESSAGES.alreadyApplied)
    const reviewing = await t.ok('POST', '/api/community/dynamic/v3', t.owner, { content: '还在审核' })
    expect((await t.call('POST', '/api/hotContent/application/apply', t.owner, { dynamicId: reviewing.id })).body.message).toBe(M.underReview)
  })
})

describe('stock comments', () => {
  it('post, comment, like, unlike, delete: guest 401, other 403 on delete, owner 200', async () => {
    await expectGuest401('PUT', '/api/stock-comment/post', { content: '看好', stocks: ['hk00700'] })
    const post = await t.ok('PUT', '/api/stock-comment/post', t.owner, { content: '看好腾讯', stocks: ['hk00700'] })
    expect(post.status).toBe('reviewing')
    expect((await t.call('PUT', '/api/stock-comment/post', t.owner, { content: 'x', stocks: [] })).status).toBe(400)
    expect((await t.call('PUT', '/api/stock-comment/comment', t.other, { content: '同意', postId: post.id })).status).toBe(404) // under review: not there for others
    await t.decide('post', post.id)
    const c = await t.ok('PUT', '/api/stock-comment/comment', t.other, { content: '同意', postId: post.id })
    await t.decide('comment', c.id)
    expect((await t.ok('PUT', '/api/stock-comment/like', t.owner, { type: 'comment', id: c.id })).likeCount).toBe(1)
    expect((await t.ok('PUT', '/api/stock-comment/like', t.other, { type: 'post', id: post.id })).likeCount).toBe(1)
    expect((await t.ok('DELETE', `/api/stock-comment/like/post/${post.id}`, t.other)).likeCount).toBe(0)
    await expectGuest401('PUT', '/api/stock-comment/like', { type: 'post', id: post.id })
    await expectGuest401('DELETE', `/api/stock-comment/post/${post.id}`)
    expect((await t.call('DELETE', `/api/stock-comment/post/${post.id}`, t.other)).status).toBe(403)
    await t.ok('DELETE', `/api/stock-comment/post/${post.id}`, t.owner)
    expect((await t.call('GET', `/api/post/${post.id}/v3`, t.owner)).status).toBe(404)
  })
})

describe('shares', () => {
  it('ten shares of one item at the same moment all answer the one code (never a 500 from the unique key)', async () => {
    const id = await t.approvedPost(t.owner, '同时分享的帖子')
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.call('POST', '/api/share/v1', t.other, { source: 'post', id })))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(new Set(answers.map((a) => (a.body as { result: { code: string } }).result.code)).size).toBe(1)
  })
  it('codes for approved content; public for guests; the author’s own under review 403', async () => {
    const id = await t.approvedPost(t.owner, '值得分享的帖子')
    await expectGuest401('POST', '/api/share/v1', { source: 'post', id })
    const s1 = await t.ok('POST', '/api/share/v1', t.other, { source: 'post', id })
    expect(s1.code).toMatch(/^[A-Za-z0-9]{12}$/)
    expect(s1.url).toBe(`/p/${id}`)
    expect((await t.ok('POST', '/api/share/v2', t.other, { source: 'post', id })).code).toBe(s1.code)
    expect(await t.ok('GET', `/api/share/public/${s1.code}/v1`, t.guest)).toMatchObject({ source: 'post', id, author: { id: t.ownerId } })
    const news = await t.ok('POST', '/api/share/v2', t.owner, { source: 'news', id: newsId })
    expect(news.url).toBe(`/news/${newsId}`)
    const reviewing = await t.ok('POST', '/api/community/dynamic/v3', t.owner, { content: '审核中不能分享' })
    expect((await t.call('POST', '/api/share/v1', t.owner, { source: 'post', id: reviewing.id })).status).toBe(403)
    expect((await t.call('POST', '/api/share/v1', t.other, { source: 'post', id: reviewing.id })).status).toBe(404)
    const gone = await t.call('GET', '/api/share/public/NOPE12345678/v1', t.guest)
    expect(gone.status).toBe(404)
    expect(gone.body.message).toBe(SOCIAL_MESSAGES.shareNotFound)
    expect((await t.call('GET', '/api/share/public/%3Cscript%3E/v1', t.guest)).status).toBe(400)
  })
})

describe('share and favourite from the post, news and article pages (issue 25)', () => {
  it('share v1 and v2: a guest gets 401 (the page opens the login dialog); a reader gets a code whose public page a guest reads', async () => {
    const id = await t.approvedPost(t.owner, '分享给朋友的帖子')
    for (const v of ['v1', 'v2']) {
      await expectGuest401('POST', `/api/share/${v}`, { source: 'post', id })
      await expectGuest401('POST', `/api/share/${v}`, { source: 'news', id: newsId })
    }
    const post = await t.ok('POST', '/api/share/v2', t.other, { source: 'post', id })
    const news = await t.ok('POST', '/api/share/v2', t.other, { source: 'news', id: newsId })
    const plainGuest = {} // no cookie at all: a link opened in a new browser
    expect(await t.ok('GET', `/api/share/public/${post.code}/v1`, plainGuest)).toMatchObject({ code: post.code, source: 'post', id, url: `/p/${id}`, title: post.title, author: { id: t.ownerId } })
    expect(await t.ok('GET', `/api/share/public/${news.code}/v1`, plainGuest)).toMatchObject({ code: news.code, source: 'news', id: newsId, url: `/news/${newsId}`, title: news.title })
    expect(await t.ok('GET', `/api/share/public/${news.code}/v1`, t.owner)).toMatchObject({ id: newsId }) // a signed-in reader too
  })

  it('favourite state of a news article: a guest reads the count (never favourited), a reader their own; add and delete change both', async () => {
    const path = `/api/favorite/news/${newsId}/v2`
    const before = (await t.ok('GET', path, t.guest)) as { favorited: boolean; favCount: number }
    expect(before.favorited).toBe(false)
    expect(await t.ok('GET', path, t.other)).toEqual({ favorited: false, favCount: before.favCount })
    await expectGuest401('POST', '/api/favorite/v2', { source: 'news', id: newsId })
    await expectGuest401('DELETE', path)
    expect(await t.ok('POST', '/api/favorite/v2', t.other, { source: 'news', id: newsId })).toEqual({ favorited: true, favCount: before.favCount + 1 })
    expect(await t.ok('POST', '/api/favorite/v2', t.other, { source: 'news', id: newsId })).toEqual({ favorited: true, favCount: before.favCount + 1 }) // twice is once
    expect(await t.ok('GET', path, t.other)).toEqual({ favorited: true, favCount: before.favCount + 1 })
    expect(await t.ok('GET', path, t.owner)).toEqual({ favorited: false, favCount: before.favCount + 1 })
    expect(await t.ok('GET', path, t.guest)).toEqual({ favorited: false, favCount: before.favCount + 1 })
    expect((await t.ok('GET', '/api/user/fav/v1', t.other)).list.some((f: { id: number }) => Number(f.id) === newsId)).toBe(true)
    expect(await t.ok('DELETE', path, t.other)).toEqual({ favorited: false, favCount: before.favCount })
    expect(await t.ok('GET', path, t.other)).toEqual({ favorited: false, favCount: before.favCount })
  })

  it('favourite state: posts as the post page has them; what is not there 404, bad input 400', async () => {
    const id = await t.approvedPost(t.owner, '收藏数的帖子')
    await t.ok('POST', `/api/post/${id}/fav/add`, t.other)
    expect(await t.ok('GET', `/api/favorite/post/${id}/v2`, t.guest)).toEqual({ favorited: false, favCount: 1 })
    expect(await t.ok('GET', `/api/favorite/post/${id}/v2`, t.other)).toEqual({ favorited: true, favCount: 1 })
    const reviewing = await t.ok('POST', '/api/community/dynamic/v3', t.owner, { content: '审核中' })
    expect((await t.call('GET', `/api/favorite/post/${reviewing.id}/v2`, t.guest)).status).toBe(404)
    const missing = await t.call('GET', '/api/favorite/news/2000000000/v2', t.guest)
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe(M.newsNotFound)
    expect((await t.call('GET', '/api/favorite/video/1/v2', t.guest)).status).toBe(400)
    expect((await t.call('GET', '/api/favorite/news/abc/v2', t.guest)).status).toBe(400)
  })
})

describe('complaints, violations and appeals', () => {
  it('complain: guest 401; other 200 (once); the owner about themself 400; unknown 404', async () => {
    const id = await t.approvedPost(t.owner, '被举报的帖子')
    await expectGuest401('POST', '/api/user/complain/post/v1', { id, reason: 'spam' })
    const a = await t.ok('POST', '/api/user/complain/post/v1', t.other, { id, reason: 'spam', content: '广告' })
    expect((await t.ok('POST', '/api/user/complain/post/v1', t.other, { id, reason: 'spam' })).id).toBe(a.id)
    expect((await t.call('POST', '/api/user/complain/post/v1', t.owner, { id, reason: 'spam' })).body.message).toBe(SOCIAL_MESSAGES.ownContent)
    expect((await t.call('POST', '/api/user/complain/user/v1', t.other, { id: 2_000_000_000, reason: 'abuse' })).status).toBe(404)
    expect((await t.call('POST', '/api/user/complain/post/v1', t.other, { id, reason: 'nonsense' })).status).toBe(400)
    expect((await t.ok('POST', `/api/user/complain/news/v1`, t.other, { id: newsId, reason: 'other' })).id).toBeGreaterThan(0)
  })

  it('a rejected post has a violation its author reads and appeals once; others get 404 / null', async () => {
    const post = await t.ok('POST', '/api/community/dynamic/v3', t.owner, { content: '将被判违规' })
    await t.decide('post', post.id, false)
    const v = await t.ok('GET', `/api/user/violation/post/${post.id}/v1`, t.owner)
    expect(v).toMatchObject({ source: 'post', refId: post.id, appealStatus: 'none' })
    expect(await t.ok('GET', `/api/user/violation/post/${post.id}/v1`, t.other)).toBeNull()
    await expectGuest401('GET', `/api/violation/${v.id}/v1`)
    expect((await t.call('GET', `/api/violation/${v.id}/v1`, t.other)).status).toBe(404)
    expect((await t.ok('GET', `/api/violation/${v.id}/v1`, t.owner)).id).toBe(v.id)
    await expectGuest401('POST', '/api/user/appeal/v1', { violationId: v.id, content: '误判' })
    expect((await t.call('POST', '/api/user/appeal/v1', t.other, { violationId: v.id, content: '误判' })).status).toBe(404)
    expect((await t.ok('POST', '/api/user/appeal/v1', t.owner, { violationId: v.id, content: '误判' })).appealStatus).toBe('pending')
    expect((await t.call('POST', '/api/user/appeal/v1', t.owner, { violationId: v.id, content: '再申诉' })).body.message).toBe(SOCIAL_MESSAGES.appealed)
  })

  it('risk tips are public; a post names one of them or none', async () => {
    const tips = await t.ok('GET', '/api/riskTip/v1', t.guest)
    expect(tips.length).toBeGreaterThan(0)
    expect(tips[0]).toMatchObject({ id: 1, name: expect.any(String) })
    expect((await t.call('POST', '/api/community/dynamic/v3', t.owner, { content: '带风险类别', riskTipId: tips[0].id })).status).toBe(200)
    const bad = await t.call('POST', '/api/community/dynamic/v3', t.owner, { content: '未知类别', riskTipId: 999_999 })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe(M.riskTipNotFound)
  })
})

describe('personal reads', () => {
  it('guests get 401 on every personal read', async () => {
    for (const p of ['/api/post/my-publish', '/api/post/total/v1', '/api/user/fav/v1', '/api/post/read-history', '/api/comment/my', '/api/comment/to-me/v1']) await expectGuest401('GET', p)
    await expectGuest401('POST', '/api/post/read-history', { source: 'news', id: newsId })
  })

  it('my-publish and total: the reader’s own, every status; filters by status', async () => {
    const reviewing = await t.ok('POST', '/api/community/dynamic/v3', t.other, { content: '我的审核中' })
    const approved = await t.approvedPost(t.other, '我的已通过')
    const all = ids((await t.ok('GET', '/api/post/my-publish?count=100', t.other)).list)
    expect(all).toEqual(expect.arrayContaining([reviewing.id, approved]))
    expect(ids((await t.ok('GET', '/api/post/my-publish?count=100&status=reviewing', t.other)).list)).not.toContain(approved)
    expect(ids((await t.ok('GET', '/api/post/my-publish?count=100', t.owner)).list)).not.toContain(approved)
    const total = await t.ok('GET', '/api/post/total/v1', t.other)
    expect(total.total).toBe(total.approved + total.reviewing + total.rejected)
    expect(total.reviewing).toBeGreaterThan(0)
    expect((await t.call('GET', '/api/post/my-publish?status=draftish', t.other)).status).toBe(400)
  })

  it('favourites and reading history: the reader’s own, newest first; what is gone is left out', async () => {
    const id = await t.approvedPost(t.owner, '收藏的帖子')
    await t.ok('POST', '/api/favorite/v2', t.other, { source: 'post', id })
    await t.ok('POST', '/api/favorite/v2', t.other, { source: 'news', id: newsId })
    const favs = (await t.ok('GET', '/api/user/fav/v1', t.other)).list
    expect(favs.map((f: { source: string; id: number }) => `${f.source}:${f.id}`)).toEqual(expect.arrayContaining([`post:${id}`, `news:${newsId}`]))
    expect((await t.ok('GET', '/api/user/fav/v1', t.owner)).list.some((f: { id: number; source: string }) => f.source === 'post' && f.id === id)).toBe(false)
    await t.ok('POST', '/api/post/read-history', t.other, { source: 'post', id })
    t.advance(1_000) // the newer read comes first
    await t.ok('POST', '/api/post/read-history', t.other, { source: 'news', id: newsId })
    expect((await t.ok('GET', '/api/post/read-history', t.other)).list[0]).toMatchObject({ source: 'news', id: newsId })
    const hidden = await t.ok('POST', '/api/community/dynamic/v3', t.owner, { content: '别人看不到' })
    expect((await t.call('POST', '/api/post/read-history', t.other, { source: 'post', id: hidden.id })).status).toBe(404)
    await t.ok('POST', `/api/post/${id}/delete`, t.owner)
    expect((await t.ok('GET', '/api/user/fav/v1', t.other)).list.some((f: { id: number; source: string }) => f.source === 'post' && f.id === id)).toBe(false)
  })

  it('my comments (every status) and comments to me (approved, by others)', async () => {
    const id = await t.approvedPost(t.owner, '等评论')
    const c = await t.ok('POST', '/api/comments/v2', t.other, { source: 'post', refId: id, content: '第一条评论' })
    expect((await t.ok('GET', '/api/comment/my', t.other)).list[0]).toMatchObject({ id: c.id, status: 'reviewing', target: { link: `/p/${id}` } })
    expect(ids((await t.ok('GET', '/api/comment/to-me/v1', t.owner)).list)).not.toContain(c.id)
    await t.decide('comment', c.id)
    expect(ids((await t.ok('GET', '/api/comment/to-me/v1', t.owner)).list)).toContain(c.id)
    expect(ids((await t.ok('GET', '/api/comment/to-me/v1', t.other)).list)).not.toContain(c.id)
  })
})

describe('column-author application', () => {
  const ID_CARD = '11010519491231002X'
  const PHONE = '13800138000'
  async function issueCode(code: string) {
    const { target } = phoneTarget('86', PHONE)
    const at = Date.parse('2026-01-01') // any time: the test app's clock is fixed; expires far ahead
    await sql`INSERT INTO verification_codes (channel, target, purpose, code_hash, created_at, expires_at)
      VALUES ('sms', ${target}, 'bind', ${createHash('sha256').update(`${target}\u0000${code}`).digest('hex')}, ${at}, ${at + 10 * 365 * 86_400_000})`.execute(t.db.kysely)
  }
  const body = (extra: Record<string, unknown> = {}) => ({ type: 'personal', name: '张三', idCard: ID_CARD, articleLinks: ['https://example.com/a'], countryCode: '86', phone: PHONE, verificationCode: '123456', email: 'a@example.com', ...extra })

  it('status none → apply (code checked) → status reviewing; once; edit own only; guests 401', async () => {
    await expectGuest401('GET', '/api/column/apply/user/apply-status/v1')
    await expectGuest401('GET', '/api/column/apply/user/apply/v1')
    await expectGuest401('POST', '/api/column/apply/v2', body())
    expect(await t.ok('GET', '/api/column/apply/user/apply-status/v1', t.owner)).toEqual({ status: 'none', id: null, reason: '' })
    expect(await t.ok('GET', '/api/column/apply/user/apply/v1', t.owner)).toBeNull()
    expect((await t.call('POST', '/api/column/apply/v2', t.owner, body())).status).toBe(400) // no code issued
    expect((await t.call('POST', '/api/column/apply/v2', t.owner, body({ idCard: '110105194912310021' }))).body.message).toBe(APPLY_MESSAGES.idCard)
    expect((await t.call('POST', '/api/column/apply/v2', t.owner, body({ type: 'enterprise' }))).body.message).toBe(APPLY_MESSAGES.enterpriseName)
    await issueCode('123456')
    const a = await t.ok('POST', '/api/column/apply/v2', t.owner, body())
    expect(a).toMatchObject({ status: 'reviewing', idCard: '110***********002X', phone: '138****8000' })
    expect(await t.ok('GET', '/api/column/apply/user/apply-status/v1', t.owner)).toEqual({ status: 'reviewing', id: a.id, reason: '' })
    await issueCode('654321')
    expect((await t.call('POST', '/api/column/apply/v2', t.owner, body({ verificationCode: '654321' }))).body.message).toBe(APPLY_MESSAGES.exists)
    expect((await t.call('PUT', `/api/column/apply/${a.id}/v1`, t.other, body({ verificationCode: '654321' }))).status).toBe(404)
    await expectGuest401('PUT', `/api/column/apply/${a.id}/v1`, body())
    const edited = await t.ok('PUT', `/api/column/apply/${a.id}/v1`, t.owner, body({ type: 'enterprise', verificationCode: '654321', enterpriseName: '港美汇科技', businessLicenseNum: '91110000', businessLicensePicture: '/file/202611/0123456789abcdef0123456789abcdef.png' }))
    expect(edited).toMatchObject({ type: 'enterprise', enterpriseName: '港美汇科技', status: 'reviewing' })
    expect(await t.ok('GET', '/api/column/apply/user/apply/v1', t.other)).toBeNull()
  })
})

// The social side of a paid circle's content on the real app (issue 27's leftovers): one moment by id,
// its comments (list, like, delete), sharing a moment (its public page shows the circle's intro and the
// moment's title and summary, never the body), complaining about a moment or a comment, a reviewer taking
// one down and its author reading the violation — each × {guest, stranger (not a member), member, owner};
// the file search filtered in SQL; 社群 read as 社羣 by a zh-hk reader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hono } from 'hono'
import { createApp } from '../app'
import { GENEROUS_WRITE_LIMITS } from '../testing/test-app'
import { createTestDb, TEST_NOW, type TestDb } from '../testing/test-db'
import { addUserRole } from '../accounts/users-repository'
import { authHeaders, NOT_LOGGED_IN, signInForTest } from '../accounts/session'
import { LOOPBACK } from '../testing/socket-env'
import { jsonCalls } from '../testing/json-calls'
import * as api from '../../core/api/circles'
import * as social from '../../core/api/circle-social'
import { sharePublic, violationDetail } from '../../core/api/interaction'
import { CIRCLE_MESSAGES as M, SAMPLE_CHARS } from '../../core/circles/limits'
import { CIRCLE_REVIEWER_ROLE } from '../../core/circles/access'
import { SOCIAL_MESSAGES } from '../interaction/social'
import { FIXTURE_CIRCLES } from '../../fixtures/circles/circles'


let t: TestDb
let app: Hono
let nowMs = TEST_NOW * 1000
const H: Record<string, Record<string, string>> = {}
const ID: Record<string, number> = {}
let circle = 0
/** a moment of the owner's with a long body (the paid part is its end), and a member's anonymous question */
let moment = 0
let question = 0
const SECRET = '第三段才是付费正文：目标价与止损位在这里'
const BODY = `${'这是一段只给圈子成员看的长文，'.repeat(6)}${SECRET}`

const { call, decoded: decodeOk } = jsonCalls(() => app, LOOPBACK)
/** A draft through PUT /api/review/v1, approved by the local moderation's clock. */
async function submit(who: string, body: Record<string, unknown>): Promise<number> {
  const a = await call('PUT', '/api/review/v1', H[who]!, { momentId: circle, ...body })
  expect(a.status, JSON.stringify(a.body)).toBe(200)
  nowMs += 120_000
  return Number(a.body.result.dynamicId)
}
const comment = async (who: string, content: string): Promise<number> => {
  await submit(who, { replyId: moment, content })
  const list = await decodeOk(social.circleComments, 'GET', `/api/moment/dynamic/${moment}/comments/v1`, H[who]!)
  return list.list.find((c) => c.content === content)!.id
}

beforeAll(async () => {
  t = await createTestDb()
  app = createApp({ db: t.db, clock: () => nowMs, staticDir: '/nonexistent-static-dir', writeLimits: GENEROUS_WRITE_LIMITS })
  const k = t.db.kysely
  circle = Number((await k.selectFrom('circles').select('id').where('name', '=', FIXTURE_CIRCLES[0]!.name).executeTakeFirstOrThrow()).id)
  const rows = await k.selectFrom('circle_members').selectAll().where('circle_id', '=', circle).orderBy('join_timestamp').execute()
  const valid = rows.filter((r) => Number(r.expire_timestamp) > TEST_NOW)
  ID.member = Number(valid[0]!.user_id)
  ID.member2 = Number(valid[1]!.user_id)
  ID.owner = Number((await k.selectFrom('circles').select('owner_id').where('id', '=', circle).executeTakeFirstOrThrow()).owner_id)
  const inCircle = new Set(rows.map((r) => Number(r.user_id)))
  const outsiders = await k.selectFrom('users').select('id').where('is_columnist', '=', false).where('nick', 'not like', '港美汇%').where('merged_into', 'is', null).orderBy('id', 'desc').limit(20).execute()
  const free = outsiders.map((r) => Number(r.id)).filter((id) => !inCircle.has(id) && id !== ID.owner)
  ID.stranger = free[0]!
  ID.reviewer = free[1]!
  await addUserRole(t.db, ID.reviewer, CIRCLE_REVIEWER_ROLE)
  for (const [name, id] of Object.entries(ID)) H[name] = authHeaders(await signInForTest(t.db, id))
  H.guest = { Cookie: 'csrf_token=guesttoken', 'X-CSRF-Token': 'guesttoken' }
  moment = await submit('owner', { title: '本周调仓思路', content: BODY, pictureUrls: ['/pictures/circle-chart.png'] })
  question = await submit('member2', { content: '圈主怎么看下周的非农数据？', questionType: 'anonymity' })
}, 180_000)
afterAll(() => t.close())

const OUTSIDERS = { guest: M.loginFirst, stranger: M.joinFirst } as const

describe('one moment and its comments: GET /api/moment/dynamic/{id}/v1 and /comments/v1', () => {
  it.each(Object.entries(OUTSIDERS))('%s is refused with the circle\'s message', async (who, message) => {
    for (const path of [`/api/moment/dynamic/${moment}/v1`, `/api/moment/dynamic/${moment}/comments/v1`]) {
      const a = await call('GET', path, H[who]!)
      expect(a.status, path).toBe(403)
      expect(a.body.message).toBe(message)
    }
  })

  it.each(['member', 'owner'])('%s reads the moment whole and its comments', async (who) => {
    const d = await decodeOk(social.circleDynamicDetail, 'GET', `/api/moment/dynamic/${moment}/v1`, H[who]!)
    expect(d.content).toBe(BODY)
    const list = await decodeOk(social.circleComments, 'GET', `/api/moment/dynamic/${moment}/comments/v1?page=1&count=5`, H[who]!)
    expect(list.page).toBe(1)
  })

  it('an unknown moment is 404; a bad id is 400, never a 500', async () => {
    expect((await call('GET', '/api/moment/dynamic/2147483000/v1', H.member!)).status).toBe(404)
    expect((await call('GET', '/api/moment/dynamic/abc/comments/v1', H.member!)).status).toBe(400)
    expect((await call('GET', `/api/moment/dynamic/${moment}/comments/v1?count=1000`, H.member!)).status).toBe(400)
  })

  it('the anonymous asker: the owner sees who asked (marked anonymous); another member sees no one', async () => {
    const forOwner = await decodeOk(social.circleDynamicDetail, 'GET', `/api/moment/dynamic/${question}/v1`, H.owner!)
    expect(forOwner.anonymous).toBe(true)
    expect(forOwner.author?.id).toBe(ID.member2)
    const forMember = await call('GET', `/api/moment/dynamic/${question}/v1`, H.member!)
    expect(forMember.body.result.author).toBeNull()
    expect(JSON.stringify(forMember.body)).not.toContain(`"id":${ID.member2},`)
  })

  it('comments page newest first, each with the reader\'s like and whether the reader may delete it', async () => {
    const mine = await comment('member', '第一条评论')
    const theirs = await comment('member2', '第二条评论')
    const forMember = await decodeOk(social.circleComments, 'GET', `/api/moment/dynamic/${moment}/comments/v1?count=1`, H.member!)
    expect(forMember.list.map((c) => c.id)).toEqual([theirs])
    expect(forMember.total).toBeGreaterThanOrEqual(2)
    const all = await decodeOk(social.circleComments, 'GET', `/api/moment/dynamic/${moment}/comments/v1`, H.member!)
    expect(all.list.find((c) => c.id === mine)!.canDelete).toBe(true)
    expect(all.list.find((c) => c.id === theirs)!.canDelete).toBe(false)
    const forOwner = await decodeOk(social.circleComments, 'GET', `/api/moment/dynamic/${moment}/comments/v1`, H.owner!)
    expect(forOwner.list.every((c) => c.canDelete)).toBe(true)
    const d = await decodeOk(social.circleDynamicDetail, 'GET', `/api/moment/dynamic/${moment}/v1`, H.member!)
    expect(d.commentCount).toBe(all.total)
  })
})

describe('liking a comment: POST and DELETE /api/moment/comment/{id}/like/v1', () => {
  it('guest 401, stranger 403; a member and the owner like once each, and unlike', async () => {
    const id = await comment('member2', '值得点赞的评论')
    const path = `/api/moment/comment/${id}/like/v1`
    expect((await call('POST', path, H.guest!)).body.message).toBe(NOT_LOGGED_IN)
    const s = await call('POST', path, H.stranger!)
    expect([s.status, s.body.message]).toEqual([403, M.joinFirst])
    expect(await decodeOk(social.circleCommentLike, 'POST', path, H.member!)).toEqual({ liked: true, likeCount: 1 })
    expect(await decodeOk(social.circleCommentLike, 'POST', path, H.member!)).toEqual({ liked: true, likeCount: 1 })
    expect(await decodeOk(social.circleCommentLike, 'POST', path, H.owner!)).toEqual({ liked: true, likeCount: 2 })
    const list = await decodeOk(social.circleComments, 'GET', `/api/moment/dynamic/${moment}/comments/v1`, H.member!)
    expect(list.list.find((c) => c.id === id)).toMatchObject({ liked: true, likeCount: 2 })
    expect(await decodeOk(social.circleCommentUnlike, 'DELETE', path, H.member!)).toEqual({ liked: false, likeCount: 1 })
    expect((await call('POST', '/api/moment/comment/2147483000/like/v1', H.member!)).status).toBe(404)
  })

  it('a reviewer reads but does not like', async () => {
    const id = await comment('member', '审核员只看不赞')
    const a = await call('POST', `/api/moment/comment/${id}/like/v1`, H.reviewer!)
    expect([a.status, a.body.message]).toEqual([403, M.membersOnly])
  })
})

describe('deleting a comment: DELETE /api/moment/comment/{id}/v1', () => {
  it('guest 401, stranger 403, a member not their own 403; the author and the owner delete', async () => {
    const a = await comment('member2', '成员二的评论')
    const b = await comment('member2', '成员二的另一条评论')
    expect((await call('DELETE', `/api/moment/comment/${a}/v1`, H.guest!)).status).toBe(401)
    expect((await call('DELETE', `/api/moment/comment/${a}/v1`, H.stranger!)).status).toBe(403)
    const other = await call('DELETE', `/api/moment/comment/${a}/v1`, H.member!)
    expect([other.status, other.body.message]).toEqual([403, M.notYourComment])
    expect(await decodeOk(social.circleCommentDelete, 'DELETE', `/api/moment/comment/${a}/v1`, H.member2!)).toBe(true)
    expect(await decodeOk(social.circleCommentDelete, 'DELETE', `/api/moment/comment/${b}/v1`, H.owner!)).toBe(true)
    const list = await decodeOk(social.circleComments, 'GET', `/api/moment/dynamic/${moment}/comments/v1?count=100`, H.owner!)
    expect(list.list.some((c) => c.id === a || c.id === b)).toBe(false)
    expect((await call('DELETE', `/api/moment/comment/${a}/v1`, H.member2!)).status).toBe(404)
  })
})

describe('sharing a circle moment: POST /api/share/v2 and GET /api/share/public/{code}/v1', () => {
  it('guest 401, stranger 403 (it is not theirs to see); a member and the owner get a code', async () => {
    expect((await call('POST', '/api/share/v2', H.guest!, { source: 'circleDynamic', id: moment })).status).toBe(401)
    const s = await call('POST', '/api/share/v2', H.stranger!, { source: 'circleDynamic', id: moment })
    expect([s.status, s.body.message]).toEqual([403, M.joinFirst])
    const m = await call('POST', '/api/share/v2', H.member!, { source: 'circleDynamic', id: moment })
    expect(m.status).toBe(200)
    expect(m.body.result.url).toBe(`/chiefCircle/comment/${moment}`)
    expect((await call('POST', '/api/share/v2', H.owner!, { source: 'circleDynamic', id: moment })).status).toBe(200)
  })

  it.each(['guest', 'stranger', 'member', 'owner'])('the public page for a %s: the circle\'s intro and the title and summary — never the paid body or its pictures', async (who) => {
    const code = (await call('POST', '/api/share/v2', H.member!, { source: 'circleDynamic', id: moment })).body.result.code as string
    const raw = await call('GET', `/api/share/public/${code}/v1`, H[who]!)
    const s = await decodeOk(sharePublic, 'GET', `/api/share/public/${code}/v1`, H[who]!)
    expect(s.title).toBe('本周调仓思路')
    expect(Array.from(s.summary).length).toBeLessThanOrEqual(SAMPLE_CHARS + 1)
    expect(s.pictureUrls).toEqual([])
    expect(s.circle).toMatchObject({ id: circle, name: FIXTURE_CIRCLES[0]!.name, intro: FIXTURE_CIRCLES[0]!.intro, paid: true })
    expect(JSON.stringify(raw.body)).not.toContain(SECRET)
    expect(JSON.stringify(raw.body)).not.toContain('circle-chart.png')
  })

  it('an anonymous question shared keeps its asker hidden; a moment taken down is gone from its share page', async () => {
    const code = (await call('POST', '/api/share/v2', H.owner!, { source: 'circleDynamic', id: question })).body.result.code as string
    const s = await decodeOk(sharePublic, 'GET', `/api/share/public/${code}/v1`, H.guest!)
    expect(s.author.nick).toBe(M.anonymousNick)
    const asker = await t.db.kysely.selectFrom('users').select('nick').where('id', '=', ID.member2!).executeTakeFirstOrThrow()
    expect(JSON.stringify(s)).not.toContain(asker.nick)
    const gone = await submit('member', { content: '一条稍后被下架的动态' })
    const goneCode = (await call('POST', '/api/share/v2', H.member!, { source: 'circleDynamic', id: gone })).body.result.code as string
    await decodeOk(social.circleTakeDown, 'PUT', '/api/moment/content/take-down/v1', H.reviewer!, { type: 'circleDynamic', id: gone, reason: '广告引流' })
    const after = await call('GET', `/api/share/public/${goneCode}/v1`, H.guest!)
    expect([after.status, after.body.message]).toEqual([404, SOCIAL_MESSAGES.shareNotFound])
  })

  it('posts and news share as before (the circle is null)', async () => {
    const post = await t.db.kysely.selectFrom('posts').select('id').where('status', '=', 'approved').orderBy('id').executeTakeFirstOrThrow()
    const code = (await call('POST', '/api/share/v2', H.member!, { source: 'post', id: Number(post.id) })).body.result.code as string
    const s = await decodeOk(sharePublic, 'GET', `/api/share/public/${code}/v1`, H.guest!)
    expect([s.source, s.circle, s.url]).toEqual(['post', null, `/p/${post.id}`])
  })
})

describe('complaining: POST /api/user/complain/{type}/v1 with circleDynamic and circleComment', () => {
  it('guest 401; a stranger cannot see it (404); a member complains once; the owner not about their own', async () => {
    const body = { id: moment, reason: 'spam' }
    expect((await call('POST', '/api/user/complain/circleDynamic/v1', H.guest!, body)).status).toBe(401)
    const s = await call('POST', '/api/user/complain/circleDynamic/v1', H.stranger!, body)
    expect([s.status, s.body.message]).toEqual([404, SOCIAL_MESSAGES.targetNotFound])
    const first = await call('POST', '/api/user/complain/circleDynamic/v1', H.member!, body)
    expect(first.status).toBe(200)
    expect((await call('POST', '/api/user/complain/circleDynamic/v1', H.member!, body)).body.result.id).toBe(first.body.result.id)
    const own = await call('POST', '/api/user/complain/circleDynamic/v1', H.owner!, body)
    expect([own.status, own.body.message]).toEqual([400, SOCIAL_MESSAGES.ownContent])
    const c = await comment('member', '一条被圈主举报的评论')
    expect((await call('POST', '/api/user/complain/circleComment/v1', H.owner!, { id: c, reason: 'abuse' })).status).toBe(200)
    expect((await call('POST', '/api/user/complain/circleComment/v1', H.member!, { id: c, reason: 'abuse' })).status).toBe(400)
    expect((await call('POST', '/api/user/complain/circleComment/v1', H.member!, { id: c, reason: 'nonsense' })).status).toBe(400)
  })
})

describe('taking down and the violation: PUT /api/moment/content/take-down/v1, GET /api/violation/{id}/v1', () => {
  it('only a reviewer takes down; the author reads why, others never; the moment leaves the lists', async () => {
    const target = await submit('member', { content: '这条动态稍后会被下架' })
    const body = { type: 'circleDynamic', id: target, reason: '发布引流广告，违反圈子规范' }
    expect((await call('PUT', '/api/moment/content/take-down/v1', H.guest!, body)).status).toBe(401)
    for (const who of ['stranger', 'member', 'owner']) {
      const a = await call('PUT', '/api/moment/content/take-down/v1', H[who]!, body)
      expect([who, a.status, a.body.message]).toEqual([who, 403, M.reviewersOnly])
    }
    expect((await call('PUT', '/api/moment/content/take-down/v1', H.reviewer!, { ...body, reason: '  ' })).body.message).toBe(M.emptyReason)
    const v = await decodeOk(social.circleTakeDown, 'PUT', '/api/moment/content/take-down/v1', H.reviewer!, body)
    expect(v).toMatchObject({ source: 'circleDynamic', refId: target, reason: body.reason, subject: '这条动态稍后会被下架', appealStatus: 'none' })
    const again = await call('PUT', '/api/moment/content/take-down/v1', H.reviewer!, body)
    expect([again.status, again.body.message]).toEqual([400, M.alreadyTakenDown])
    expect(await decodeOk(violationDetail, 'GET', `/api/violation/${v.id}/v1`, H.member!)).toEqual(v)
    for (const who of ['member2', 'owner', 'stranger']) expect((await call('GET', `/api/violation/${v.id}/v1`, H[who]!)).status).toBe(404)
    expect((await call('GET', `/api/violation/${v.id}/v1`, H.guest!)).status).toBe(401)
    expect((await call('GET', `/api/user/violation/circleDynamic/${target}/v1`, H.member!)).body.result.id).toBe(v.id)
    const others = await decodeOk(api.momentContent, 'GET', `/api/moment/${circle}/content/v1?count=50`, H.member2!)
    expect(others.list.some((d) => d.dynamicId === target)).toBe(false)
    const author = await decodeOk(social.circleDynamicDetail, 'GET', `/api/moment/dynamic/${target}/v1`, H.member!)
    expect(author.status).toBe('rejected')
    const notice = await t.db.kysely.selectFrom('messages').select(['content', 'link']).where('user_id', '=', ID.member!).where('link', '=', `/violation/${v.id}`).executeTakeFirst()
    expect(notice?.content).toContain(body.reason)
  })

  it('a comment taken down: hidden from others, shown to its author as rejected', async () => {
    const c = await comment('member2', '违规评论')
    await decodeOk(social.circleTakeDown, 'PUT', '/api/moment/content/take-down/v1', H.reviewer!, { type: 'circleComment', id: c, reason: '人身攻击' })
    const forAuthor = await decodeOk(social.circleComments, 'GET', `/api/moment/dynamic/${moment}/comments/v1?count=100`, H.member2!)
    expect(forAuthor.list.find((x) => x.id === c)?.status).toBe('rejected')
    const forOthers = await decodeOk(social.circleComments, 'GET', `/api/moment/dynamic/${moment}/comments/v1?count=100`, H.member!)
    expect(forOthers.list.some((x) => x.id === c)).toBe(false)
    const like = await call('POST', `/api/moment/comment/${c}/like/v1`, H.member!)
    expect(like.status).toBe(404)
  })
})

describe('XSS through comments and reasons', () => {
  it('a comment comes back as plain text; a take-down reason as typed text (the pages show both as text)', async () => {
    await submit('member', { replyId: moment, content: '<img src=x onerror=alert(1)>看好<b onclick=alert(2)>这只</b>' })
    const list = await decodeOk(social.circleComments, 'GET', `/api/moment/dynamic/${moment}/comments/v1?count=1`, H.member!)
    const c = list.list[0]!.id
    expect(list.list[0]!.content).toBe('看好这只')
    const v = await decodeOk(social.circleTakeDown, 'PUT', '/api/moment/content/take-down/v1', H.reviewer!, { type: 'circleComment', id: c, reason: '<b onmouseover=alert(3)>违规</b>' })
    expect(v.reason).toBe('<b onmouseover=alert(3)>违规</b>')
  })
})

describe('the file search filters in the database', () => {
  it('by name, case-insensitive, % and _ literal, paged with the total', async () => {
    const files = (names: string[]) => names.map((name, i) => ({ url: `/pictures/circle-files/search-${i}.pdf`, name, extension: 'pdf' }))
    await submit('owner', { content: '', files: files(['Q3业绩PPT.pdf', 'q3_估值模型.pdf', '100%仓位复盘.pdf']) })
    const search = (keyword: string, extra = '') => decodeOk(api.dynamicFileSearch, 'GET', `/api/moment/dynamic/file/search?keyword=${encodeURIComponent(keyword)}&financialCircleId=${circle}${extra}`, H.member!)
    expect((await search('q3')).list.map((f) => f.name).sort()).toEqual(['Q3业绩PPT.pdf', 'q3_估值模型.pdf'])
    expect((await search('%')).list.map((f) => f.name)).toEqual(['100%仓位复盘.pdf'])
    expect((await search('3_')).list.map((f) => f.name)).toEqual(['q3_估值模型.pdf'])
    const page = await search('pdf', '&count=1&page=2')
    expect(page.list).toHaveLength(1)
    expect(page.total).toBeGreaterThanOrEqual(4)
    expect((await call('GET', `/api/moment/dynamic/file/search?keyword=pdf&financialCircleId=${circle}`, H.stranger!)).status).toBe(403)
  })
})

describe('zh-hk', () => {
  it('社群 in a circle\'s name and intro reads 社羣', async () => {
    const group = FIXTURE_CIRCLES.find((c) => c.name.includes('社群'))!
    const id = Number((await t.db.kysely.selectFrom('circles').select('id').where('name', '=', group.name).executeTakeFirstOrThrow()).id)
    const a = await call('GET', `/api/moment/intro/${id}/v1`, { ...H.member!, 'Client-Lang': 'zh-hk' })
    expect(a.body.result.name).toContain('社羣')
    expect(a.body.result.intro).toContain('社羣')
    expect(JSON.stringify(a.body.result)).not.toContain('社群')
  })
})

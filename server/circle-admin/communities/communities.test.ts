// The circle-admin console's communities on the real app (issue 29; core/api/circle-admin-communities.ts):
// every endpoint × {owner, admin of this circle, admin of another circle, plain member, guest}, then what
// each tab's call does to the circle as its readers see it (pinning, answering, restricting comments,
// privilege and mute, the sample, tags, the announcement, the summary), and bad input answered with a
// Chinese 400 or 404, never a 500. The community is the seeded paid circle 老周港股实战圈 (FINANCIAL_CIRCLE).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Schema from 'effect/Schema'
import type { Hono } from 'hono'
import { createApp } from '../../app'
import { GENEROUS_WRITE_LIMITS } from '../../testing/test-app'
import { createTestDb, TEST_NOW, type TestDb } from '../../testing/test-db'
import { jsonCalls } from '../../testing/json-calls'
import { authHeaders, NOT_LOGGED_IN, signInForTest } from '../../accounts/session'
import { LOOPBACK } from '../../testing/socket-env'
import { envelope, type Endpoint } from '../../../core/api/endpoint'
import * as api from '../../../core/api/circle-admin-communities'
import * as circlesApi from '../../../core/api/circles'
import { CONSOLE_MESSAGES } from '../../../core/circle-admin/access'
import { COMMUNITY_MESSAGES as M, SUMMARY_DAYS, dayStart } from '../../../core/circle-admin/communities'
import { CIRCLE_MESSAGES } from '../../../core/circles/limits'
import { FIXTURE_CIRCLES } from '../../../fixtures/circles/circles'
import * as members from '../../circles/members-repository'

let t: TestDb
let app: Hono
let nowMs = TEST_NOW * 1000
const { call, ok } = jsonCalls(() => app, LOOPBACK)
const H: Record<string, Record<string, string>> = {}
const ID: Record<string, number> = {}
let C = 0
let course = 0
/** outsiders who are made members to be removed, one each */
const spare: number[] = []
let memberPost = 0

type Role = 'owner' | 'admin' | 'otherAdmin' | 'member' | 'guest'

function decode<E extends Endpoint>(e: E, body: unknown): E['result']['Type'] {
  return (Schema.decodeUnknownSync(envelope(e.result) as unknown as Schema.Codec<{ result: unknown }, unknown>)(body)).result as E['result']['Type']
}
/** A draft through PUT /api/review/v1 by one of the people, approved by the local moderation's clock. */
async function submit(who: string, body: Record<string, unknown>, circle = C): Promise<number> {
  const a = await call('PUT', '/api/review/v1', H[who]!, { momentId: circle, ...body })
  expect(a.status, JSON.stringify(a.body)).toBe(200)
  nowMs += 120_000
  return Number(a.body.result.dynamicId)
}
const base = (id = C) => `/api/circle-admin/community/${id}`
async function newComment(text: string): Promise<number> {
  await submit('member', { replyId: memberPost, content: text })
  const page = await ok('GET', `${base()}/comments/v1?keyword=${encodeURIComponent(text)}`, H.owner!)
  return Number(page.list[0].id)
}
let tagN = 0
const newTag = async () => Number((await ok('POST', `${base()}/tag/v1`, H.owner!, { tagName: `临时${++tagN}` })).tagId)

beforeAll(async () => {
  t = await createTestDb()
  app = createApp({ db: t.db, clock: () => nowMs, staticDir: '/nonexistent-static-dir', writeLimits: GENEROUS_WRITE_LIMITS })
  const k = t.db.kysely
  const idOf = async (name: string) => Number((await k.selectFrom('circles').select(['id']).where('name', '=', name).executeTakeFirstOrThrow()).id)
  C = await idOf(FIXTURE_CIRCLES[0]!.name)
  course = await idOf('港股入门十讲')
  const userId = async (nick: string) => Number((await k.selectFrom('users').select('id').where('nick', '=', nick).orderBy('id').executeTakeFirstOrThrow()).id)
  ID.owner = await userId(FIXTURE_CIRCLES[0]!.owner)
  ID.admin = await userId(FIXTURE_CIRCLES[0]!.admins[0]!)
  // an admin of 红利收息圈: a stranger to 老周港股实战圈
  ID.otherAdmin = await userId(FIXTURE_CIRCLES[4]!.admins[0]!)
  const rows = await k.selectFrom('circle_members').selectAll().where('circle_id', '=', C).orderBy('join_timestamp').execute()
  ID.member = Number(rows.find((r) => Number(r.expire_timestamp) > TEST_NOW)!.user_id)
  // the owner is an adviser (creates communities); the admins are not
  await k.updateTable('users').set({ advisory_cert_time: TEST_NOW - 86_400 }).where('id', '=', ID.owner).execute()
  const inCircle = new Set(rows.map((r) => Number(r.user_id)))
  const outsiders = await k.selectFrom('users').select('id').where('is_columnist', '=', false).where('nick', 'not like', '港美汇%').where('merged_into', 'is', null).orderBy('id', 'desc').limit(40).execute()
  spare.push(...outsiders.map((r) => Number(r.id)).filter((id) => !inCircle.has(id) && !Object.values(ID).includes(id)))
  for (const [name, id] of Object.entries(ID)) H[name] = authHeaders(await signInForTest(t.db, id))
  H.guest = { Cookie: 'csrf_token=guesttoken', 'X-CSRF-Token': 'guesttoken' }
  memberPost = await submit('member', { content: '跟着圈主调仓，说说我的想法。' })
}, 180_000)
afterAll(() => t.close())

// --- every endpoint × every role ---------------------------------------------------------------------

interface Case {
  name: string
  /** a fresh request (its own tag, comment, question or member when the call uses one up) */
  make: () => Promise<{ method: string; path: string; body?: unknown }>
  endpoint: Endpoint
}
const q = async (content: string) => submit('member', { content, questionType: 'public' })
const spareMember = async () => {
  const id = spare.shift()!
  await members.joinFree(t.db, C, id, TEST_NOW)
  return id
}
const CASES: Case[] = [
  { name: 'detail', endpoint: api.communityDetail, make: async () => ({ method: 'GET', path: `${base()}/v1` }) },
  { name: 'edit', endpoint: api.communityEdit, make: async () => ({ method: 'PUT', path: `${base()}/v1`, body: { name: FIXTURE_CIRCLES[0]!.name, brief: FIXTURE_CIRCLES[0]!.brief } }) },
  { name: 'announcement', endpoint: api.communityAnnouncement, make: async () => ({ method: 'PUT', path: `${base()}/announcement/v1`, body: { announcement: '本周五休市，盘前策略暂停一次。' } }) },
  { name: 'posts', endpoint: api.communityPosts, make: async () => ({ method: 'GET', path: `${base()}/posts/v1?kind=all&page=1&count=5` }) },
  { name: 'set-top', endpoint: api.communityPostTop, make: async () => ({ method: 'PUT', path: `${base()}/post/top/v1`, body: { dynamicId: memberPost, top: true } }) },
  { name: 'set-essence', endpoint: api.communityPostEssence, make: async () => ({ method: 'PUT', path: `${base()}/post/essence/v1`, body: { dynamicId: memberPost, essence: true } }) },
  { name: 'set-preview', endpoint: api.communityPostPreview, make: async () => ({ method: 'PUT', path: `${base()}/post/preview/v1`, body: { dynamicId: memberPost, preview: false } }) },
  { name: 'comment switch', endpoint: api.communityPostCommentSwitch, make: async () => ({ method: 'PUT', path: `${base()}/post/comment-switch/v1`, body: { dynamicId: memberPost, commentsClosed: false } }) },
  { name: 'answer', endpoint: api.communityAnswer, make: async () => ({ method: 'POST', path: `${base()}/question/answer/v1`, body: { dynamicId: await q(`表格里的提问 ${nowMs}`), content: '看好，但注意仓位。' } }) },
  { name: 'comments', endpoint: api.communityComments, make: async () => ({ method: 'GET', path: `${base()}/comments/v1` }) },
  { name: 'comment delete', endpoint: api.communityCommentDelete, make: async () => ({ method: 'DELETE', path: `${base()}/comment/${await newComment(`要删的评论 ${nowMs}`)}/v1` }) },
  { name: 'members', endpoint: api.communityMembers, make: async () => ({ method: 'GET', path: `${base()}/members/v1` }) },
  { name: 'member switches', endpoint: api.communityMemberSet, make: async () => ({ method: 'PUT', path: `${base()}/member/${ID.member}/v1`, body: { muted: false, publishable: true } }) },
  { name: 'member remove', endpoint: api.communityMemberRemove, make: async () => ({ method: 'DELETE', path: `${base()}/member/${await spareMember()}/v1` }) },
  { name: 'tags', endpoint: api.communityTags, make: async () => ({ method: 'GET', path: `${base()}/tags/v1` }) },
  { name: 'tag create', endpoint: api.communityTagCreate, make: async () => ({ method: 'POST', path: `${base()}/tag/v1`, body: { tagName: `新标签${++tagN}` } }) },
  { name: 'tag edit', endpoint: api.communityTagEdit, make: async () => ({ method: 'PUT', path: `${base()}/tag/${await newTag()}/v1`, body: { tagName: `改名${++tagN}` } }) },
  { name: 'tag delete', endpoint: api.communityTagDelete, make: async () => ({ method: 'DELETE', path: `${base()}/tag/${await newTag()}/v1` }) },
  { name: 'summary of one', endpoint: api.communitySummary, make: async () => ({ method: 'GET', path: `/api/circle-admin/community/summary/v1?momentId=${C}` }) },
  { name: 'users of one', endpoint: api.communityUsers, make: async () => ({ method: 'GET', path: `/api/circle-admin/community/users/v1?momentId=${C}` }) },
]

/** What each role hears: the owner and this circle's admin are served; a guest is asked to log in; anyone else 403. */
function expected(role: Role, _method: string): { status: number; message?: string } {
  if (role === 'owner' || role === 'admin') return { status: 200 }
  if (role === 'guest') return { status: 401, message: NOT_LOGGED_IN }
  return { status: 403, message: CONSOLE_MESSAGES.notManager }
}

describe('every community call × {owner, admin of this circle, admin of another circle, plain member, guest}', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    for (const role of ['guest', 'member', 'otherAdmin', 'owner', 'admin'] as const) {
      const r = await c.make()
      const a = await call(r.method, r.path, H[role]!, r.body)
      const want = expected(role, r.method)
      expect(a.status, `${role} ${r.method} ${r.path} ${JSON.stringify(a.body)}`).toBe(want.status)
      if (want.message) expect(a.body.message, role).toBe(want.message)
      else decode(c.endpoint, a.body)
    }
  }, 60_000)
})

describe('the caller\'s communities: list, summary, user-admin, create', () => {
  it('the list holds what the reader owns or administers, of the community types only; a guest is asked to log in', async () => {
    const owner = decode(api.communityList, (await call('GET', '/api/circle-admin/community/list/v1', H.owner!)).body)
    expect(owner.list.map((c) => c.momentId)).toContain(C)
    expect(owner.list.find((c) => c.momentId === C)!.role).toBe('owner')
    // the owner's course is not a community
    expect(owner.list.map((c) => c.momentId)).not.toContain(course)
    const admin = await ok('GET', '/api/circle-admin/community/list/v1', H.admin!)
    expect(admin.list.find((c: api.AdminCommunity) => c.momentId === C).role).toBe('admin')
    const other = await ok('GET', '/api/circle-admin/community/list/v1', H.otherAdmin!)
    expect(other.list.map((c: api.AdminCommunity) => c.momentId)).not.toContain(C)
    expect((await ok('GET', '/api/circle-admin/community/list/v1', H.member!)).total).toBe(0)
    const guest = await call('GET', '/api/circle-admin/community/list/v1', H.guest!)
    expect([guest.status, guest.body.message]).toEqual([401, CONSOLE_MESSAGES.loginFirst])
  })

  it('searches by name, filters by type and pages', async () => {
    expect((await ok('GET', `/api/circle-admin/community/list/v1?keyword=${encodeURIComponent('实战')}`, H.owner!)).list.map((c: api.AdminCommunity) => c.momentId)).toEqual([C])
    expect((await ok('GET', '/api/circle-admin/community/list/v1?type=GROUP', H.owner!)).list.every((c: api.AdminCommunity) => c.type === 'GROUP')).toBe(true)
    const page = await ok('GET', '/api/circle-admin/community/list/v1?page=2&count=1', H.owner!)
    expect(page.page).toBe(2)
  })

  it('create: an adviser makes a 社群 with the default tag and the owner\'s 公告 tag; it is theirs to run', async () => {
    const made = decode(api.communityCreate, (await call('POST', '/api/circle-admin/community/v1', H.owner!, { name: ' 港股打新小组 ', brief: '一起研究招股书', tip: '请勿发广告' })).body)
    expect([made.name, made.type, made.role, made.tip]).toEqual(['港股打新小组', 'GROUP', 'owner', '请勿发广告'])
    const tags = await ok('GET', `${base(made.momentId)}/tags/v1`, H.owner!)
    expect(tags.map((x: api.AdminTag) => [x.tagName, x.isDefault, x.adminOnly])).toEqual([['全部', true, false], ['公告', false, true]])
    expect((await ok('GET', '/api/circle-admin/community/list/v1?type=GROUP', H.owner!)).list.map((c: api.AdminCommunity) => c.momentId)).toContain(made.momentId)
    // this circle's admin holds no advisory certification: they run circles but create none
    const a = await call('POST', '/api/circle-admin/community/v1', H.admin!, { name: '管理员的社群', brief: '简介' })
    expect([a.status, a.body.message]).toEqual([403, CONSOLE_MESSAGES.notCertified])
  })

  it('create and edit check the form with the form\'s Chinese messages', async () => {
    const bad = async (body: unknown, message: string) => {
      const a = await call('POST', '/api/circle-admin/community/v1', H.owner!, body)
      expect([a.status, a.body.message], JSON.stringify(body)).toEqual([400, message])
    }
    await bad({ name: '  ', brief: '简介' }, M.nameRequired)
    await bad({ name: '名'.repeat(31), brief: '简介' }, M.nameTooLong)
    await bad({ name: '名字', brief: '' }, M.briefRequired)
    await bad({ name: '名字', brief: '简介', intro: '介'.repeat(5001) }, M.introTooLong)
    await bad({ name: '名字', brief: '简介', tip: '须'.repeat(1001) }, M.tipTooLong)
    const e = await call('PUT', `${base()}/v1`, H.admin!, { name: '', brief: '简介' })
    expect([e.status, e.body.message]).toEqual([400, M.nameRequired])
    // beyond the schema's bounds, and a missing field: a Chinese 400, never a 500
    for (const body of [{ name: '名'.repeat(200), brief: 'x' }, { brief: 'x' }, 'not json']) {
      const a = await call('POST', '/api/circle-admin/community/v1', H.owner!, body)
      expect(a.status, JSON.stringify(body)).toBe(400)
      expect(a.body.message).toMatch(/[\u4e00-\u9fff]/)
    }
  })

  it('edit changes the words readers see', async () => {
    await ok('PUT', `${base()}/v1`, H.admin!, { name: FIXTURE_CIRCLES[0]!.name, brief: '新的简介：港股龙头每日策略', intro: FIXTURE_CIRCLES[0]!.intro })
    expect((await ok('GET', `/api/moment/intro/${C}/v1`, H.guest!)).brief).toBe('新的简介：港股龙头每日策略')
  })
})

describe('the detail tabs as the circle\'s readers see them', () => {
  it('set-top: the member\'s post pinned from the console comes first in the member\'s feed', async () => {
    const pinned = decode(api.communityPostTop, (await call('PUT', `${base()}/post/top/v1`, H.owner!, { dynamicId: memberPost, top: true })).body)
    expect(pinned.top).toBe(true)
    const feed = await ok('GET', `/api/moment/${C}/content/v1?page=1&count=3`, H.member!)
    expect(feed.list[0].dynamicId).toBe(memberPost)
    const tops = await ok('GET', `${base()}/posts/v1?kind=top`, H.admin!)
    expect(tops.list[0].dynamicId).toBe(memberPost)
    expect(tops.list.every((p: api.AdminPost) => p.top)).toBe(true)
  })

  it('qa: the console answers an unanswered question once; the member reads the answer; it moves to answered', async () => {
    const question = await q('港股通额度用完了怎么办？')
    const before = await ok('GET', `${base()}/posts/v1?kind=unanswered&count=100`, H.owner!)
    expect(before.list.map((p: api.AdminPost) => p.dynamicId)).toContain(question)
    const answered = decode(api.communityAnswer, (await call('POST', `${base()}/question/answer/v1`, H.admin!, { dynamicId: question, content: '等下一个交易日额度恢复。' })).body)
    expect(answered.answer?.content).toBe('等下一个交易日额度恢复。')
    nowMs += 120_000
    const after = await ok('GET', `${base()}/posts/v1?kind=answered&count=100`, H.owner!)
    expect(after.list.map((p: api.AdminPost) => p.dynamicId)).toContain(question)
    const member = await ok('GET', `/api/moment/${C}/content/v1?kind=answered&count=100`, H.member!)
    expect(member.list.find((p: circlesApi.CircleDynamic) => p.dynamicId === question).answer.content).toBe('等下一个交易日额度恢复。')
    const again = await call('POST', `${base()}/question/answer/v1`, H.owner!, { dynamicId: question, content: '再答一次' })
    expect([again.status, again.body.message]).toEqual([400, CIRCLE_MESSAGES.alreadyAnswered])
    const notQ = await call('POST', `${base()}/question/answer/v1`, H.owner!, { dynamicId: memberPost, content: '答' })
    expect([notQ.status, notQ.body.message]).toEqual([400, M.notQuestion])
    const empty = await call('POST', `${base()}/question/answer/v1`, H.owner!, { dynamicId: await q('空的回答？'), content: '  ' })
    expect([empty.status, empty.body.message]).toEqual([400, M.answerRequired])
  })

  it('comment: restricting comments on a post refuses the member with 该内容已限制评论; deleting removes one', async () => {
    const c = await newComment('留一条会被删掉的评论')
    await ok('DELETE', `${base()}/comment/${c}/v1`, H.owner!)
    expect((await ok('GET', `${base()}/comments/v1?keyword=${encodeURIComponent('会被删掉')}`, H.owner!)).total).toBe(0)
    const closed = await ok('PUT', `${base()}/post/comment-switch/v1`, H.owner!, { dynamicId: memberPost, commentsClosed: true })
    expect(closed.commentsClosed).toBe(true)
    const a = await call('PUT', '/api/review/v1', H.member!, { momentId: C, replyId: memberPost, content: '还能评论吗' })
    expect([a.status, a.body.message]).toEqual([403, CIRCLE_MESSAGES.commentsRestricted])
    await ok('PUT', `${base()}/post/comment-switch/v1`, H.owner!, { dynamicId: memberPost, commentsClosed: false })
    // a comment of another circle is not this community's
    const other = await call('DELETE', `${base()}/comment/2147483000/v1`, H.owner!)
    expect([other.status, other.body.message]).toEqual([404, CIRCLE_MESSAGES.commentNotFound])
  })

  it('privilege and user: a member switched off may not publish moments (still asks); muted, not even ask; the owner and admins are never switched', async () => {
    const off = decode(api.communityMemberSet, (await call('PUT', `${base()}/member/${ID.member}/v1`, H.owner!, { publishable: false })).body)
    expect([off.publishable, off.muted]).toEqual([false, false])
    let a = await call('PUT', '/api/review/v1', H.member!, { momentId: C, content: '我还能发动态吗' })
    expect([a.status, a.body.message]).toEqual([403, M.notPublishable])
    expect((await ok('GET', `/api/moment/${C}/v1`, H.member!)).access).toMatchObject({ canPost: false, canAsk: true, inputMessage: M.notPublishable })
    await q('关掉发布权限后还能提问')
    await ok('PUT', `${base()}/member/${ID.member}/v1`, H.admin!, { publishable: true, muted: true })
    a = await call('PUT', '/api/review/v1', H.member!, { momentId: C, content: '禁言了还能提问吗', questionType: 'public' })
    expect([a.status, a.body.message]).toEqual([403, M.muted])
    a = await call('PUT', '/api/review/v1', H.member!, { momentId: C, replyId: memberPost, content: '禁言了还能评论吗' })
    expect([a.status, a.body.message]).toEqual([403, M.muted])
    const people = await ok('GET', `${base()}/members/v1?count=100`, H.owner!)
    expect(people.list.find((m: api.AdminMember) => m.user.id === ID.member)).toMatchObject({ muted: true, publishable: true, role: 'member' })
    await ok('PUT', `${base()}/member/${ID.member}/v1`, H.owner!, { muted: false })
    await submit('member', { content: '解除禁言后发一条' })
    for (const who of [ID.owner, ID.admin]) {
      const m = await call('PUT', `${base()}/member/${who}/v1`, H.owner!, { muted: true })
      expect([m.status, m.body.message]).toEqual([400, M.manager])
    }
    const stranger = await call('PUT', `${base()}/member/${spare[spare.length - 1]}/v1`, H.owner!, { muted: true })
    expect([stranger.status, stranger.body.message]).toEqual([404, M.notMember])
  })

  it('user: a removed member reads the circle no more', async () => {
    const id = await spareMember()
    const h = authHeaders(await signInForTest(t.db, id))
    expect((await call('GET', `/api/moment/${C}/content/v1`, h)).status).toBe(200)
    await ok('DELETE', `${base()}/member/${id}/v1`, H.owner!)
    expect((await call('GET', `/api/moment/${C}/content/v1`, h)).status).toBe(403)
  })

  it('set-preview: the chosen post is the sample an outsider sees; a question cannot be one', async () => {
    const target = await submit('owner', { title: '样张：本周策略', content: '外人能看到这段开头，后面的策略只给会员。' })
    await ok('PUT', `${base()}/post/preview/v1`, H.owner!, { dynamicId: target, preview: true })
    const previews = (await ok('GET', `${base()}/posts/v1?kind=preview`, H.owner!)).list.map((p: api.AdminPost) => p.dynamicId)
    expect(previews).toContain(target)
    // the sample is the chosen posts (the seed chose one, the owner this one), before any other
    const intro = await ok('GET', `/api/moment/intro/${C}/v1`, H.guest!)
    expect(intro.sample.map((x: circlesApi.DynamicSample) => x.dynamicId).sort()).toEqual([...previews].sort())
    await ok('PUT', `${base()}/post/preview/v1`, H.owner!, { dynamicId: target, preview: false })
    expect((await ok('GET', `/api/moment/intro/${C}/v1`, H.guest!)).sample.map((x: circlesApi.DynamicSample) => x.dynamicId)).not.toContain(target)
    const bad = await call('PUT', `${base()}/post/preview/v1`, H.owner!, { dynamicId: await q('提问能当样张吗'), preview: true })
    expect([bad.status, bad.body.message]).toEqual([400, M.previewApprovedOnly])
  })

  it('set-essence: marked posts are the essence list', async () => {
    await ok('PUT', `${base()}/post/essence/v1`, H.admin!, { dynamicId: memberPost, essence: true })
    expect((await ok('GET', `/api/moment/${C}/content/v1?kind=essence&count=100`, H.member!)).list.map((p: circlesApi.CircleDynamic) => p.dynamicId)).toContain(memberPost)
  })

  it('tags: create, rename, delete; names are checked; the default tag stays', async () => {
    const made = await ok('POST', `${base()}/tag/v1`, H.owner!, { tagName: '港股通' })
    let a = await call('POST', `${base()}/tag/v1`, H.owner!, { tagName: ' 港股通 ' })
    expect([a.status, a.body.message]).toEqual([400, M.tagExists])
    a = await call('POST', `${base()}/tag/v1`, H.owner!, { tagName: '' })
    expect([a.status, a.body.message]).toEqual([400, M.tagRequired])
    a = await call('POST', `${base()}/tag/v1`, H.owner!, { tagName: '标'.repeat(11) })
    expect([a.status, a.body.message]).toEqual([400, M.tagTooLong])
    const renamed = await ok('PUT', `${base()}/tag/${made.tagId}/v1`, H.owner!, { tagName: '南向资金' })
    expect(renamed.tagName).toBe('南向资金')
    expect((await ok('GET', `/api/moment/tag/${C}/v1`, H.member!)).map((x: circlesApi.MomentTag) => x.tagName)).toContain('南向资金')
    const tags = await ok('GET', `${base()}/tags/v1`, H.owner!)
    const def = tags.find((x: api.AdminTag) => x.isDefault)
    for (const [method, body] of [['PUT', { tagName: '改默认' }], ['DELETE', undefined]] as const) {
      const r = await call(method, `${base()}/tag/${def.tagId}/v1`, H.owner!, body)
      expect([r.status, r.body.message]).toEqual([400, M.defaultTag])
    }
    await ok('DELETE', `${base()}/tag/${made.tagId}/v1`, H.owner!)
    expect((await ok('GET', `${base()}/tags/v1`, H.owner!)).map((x: api.AdminTag) => x.tagId)).not.toContain(made.tagId)
  })

  it('announcement: the members read it on the circle; too long is refused', async () => {
    await ok('PUT', `${base()}/announcement/v1`, H.owner!, { announcement: '周五盘前策略改到 8:30 发布。' })
    expect((await ok('GET', `/api/moment/${C}/v1`, H.member!)).announcement).toBe('周五盘前策略改到 8:30 发布。')
    const long = await call('PUT', `${base()}/announcement/v1`, H.owner!, { announcement: '公'.repeat(501) })
    expect([long.status, long.body.message]).toEqual([400, M.announcementTooLong])
  })

  it('summary: the counts and the last days add up; today\'s comment is counted today', async () => {
    const before = decode(api.communitySummary, (await call('GET', `/api/circle-admin/community/summary/v1?momentId=${C}`, H.owner!)).body)
    expect(before.communityCount).toBe(1)
    expect(before.days).toHaveLength(SUMMARY_DAYS)
    expect(before.answeredCount + before.unansweredCount).toBe(before.questionCount)
    await newComment('统计里要算上这条')
    const after = await ok('GET', `/api/circle-admin/community/summary/v1?momentId=${C}`, H.owner!)
    expect(after.commentCount).toBe(before.commentCount + 1)
    const today = dayStart(Math.floor(nowMs / 1000))
    const day = (s: api.CommunitySummary) => s.days.find((d) => d.day === today)?.comments ?? 0
    expect(day(after)).toBe(day(before) + 1)
    const all = await ok('GET', '/api/circle-admin/community/summary/v1', H.owner!)
    expect(all.communityCount).toBeGreaterThanOrEqual(1)
    expect(all.memberCount).toBeGreaterThanOrEqual(after.memberCount)
    const users = await ok('GET', `/api/circle-admin/community/users/v1?keyword=${encodeURIComponent('zz-nobody')}`, H.owner!)
    expect(users.total).toBe(0)
  })
})

describe('bad input: a Chinese 400 or 404, never a 500', () => {
  it.each([
    ['GET', '/api/circle-admin/community/abc/v1', 400],
    ['GET', '/api/circle-admin/community/2147483000/v1', 404],
    ['GET', '/api/circle-admin/community/99999999999/v1', 400],
    ['GET', `/api/circle-admin/community/${C || 1}/posts/v1?count=1000`, 400],
    ['GET', `/api/circle-admin/community/${C || 1}/posts/v1?kind=nope`, 400],
    ['GET', '/api/circle-admin/community/list/v1?type=COURSE', 400],
  ] as const)('%s %s → %i', async (method, path, status) => {
    const a = await call(method, path.replace('/0/', `/${C}/`), H.owner!)
    expect(a.status).toBe(status)
    expect(a.body.message).toMatch(/[\u4e00-\u9fff]/)
  })

  it('a course is not a community: 圈子不存在; a post of another circle is 内容不存在', async () => {
    const a = await call('GET', `${base(course)}/v1`, H.owner!)
    expect([a.status, a.body.message]).toEqual([404, CONSOLE_MESSAGES.circleNotFound])
    const other = Number((await t.db.kysely.selectFrom('circle_dynamics').select('id').where('circle_id', '<>', C).executeTakeFirstOrThrow()).id)
    const b = await call('PUT', `${base()}/post/top/v1`, H.owner!, { dynamicId: other, top: true })
    expect([b.status, b.body.message]).toEqual([404, CIRCLE_MESSAGES.dynamicNotFound])
    const c = await call('PUT', `${base()}/post/top/v1`, H.owner!, { dynamicId: 'x', top: 'yes' })
    expect(c.status).toBe(400)
  })
})

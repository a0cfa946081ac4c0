// The console's circles on the real app (issue 29; core/api/circle-admin-circles.ts): every endpoint ×
// {owner, admin of this circle, admin of another circle, plain member, guest} on the seeded 老周港股实战圈
// (owner 港股老周, admin 港漂投资日记; 海外宏观Tom administers 陈默宏观研究圈 and owns 美联储议息直播间), then
// what each call does: a new circle waits for review and a reviewer approves or rejects it, the form's
// rules answer in Chinese (never a 500), only the owner appoints admins, rights and orders are saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { jsonCalls, type Answer } from '../../testing/json-calls'
import { LOOPBACK } from '../../testing/socket-env'
import { authHeaders, signInForTest } from '../../accounts/session'
import { addUserRole, grantAdvisoryCertification } from '../../accounts/users-repository'
import type { Endpoint } from '../../../core/api/endpoint'
import * as api from '../../../core/api/circle-admin-circles'
import * as circlesApi from '../../../core/api/circles'
import { CONSOLE_MESSAGES as C } from '../../../core/circle-admin/access'
import { ADMINS_MAX, CIRCLE_ADMIN_MESSAGES as M } from '../../../core/circle-admin/circles'
import { REVIEWER_ROLE } from '../../../core/certification/certificate-form'
import { FIXTURE_CIRCLES } from '../../../fixtures/circles/circles'
import { TEST_NOW } from '../../testing/test-db'

let t: TestApp
const H: Record<string, Record<string, string>> = {}
const ID: Record<string, number> = {}
let circle = 0
const calls = jsonCalls(() => t.app, LOOPBACK)
const call = (method: string, path: string, who: string, body?: unknown): Promise<Answer> => calls.call(method, path, H[who]!, body)

/** A 200 whose envelope decodes with the endpoint's own schema. */
const ok = <E extends Endpoint>(e: E, method: string, path: string, who: string, body?: unknown) => calls.decoded(e, method, path, H[who]!, body)

const idOf = async (table: 'users' | 'circles', col: 'nick' | 'name', value: string) =>
  Number((await t.db.kysely.selectFrom(table as 'users').select('id').where(col as 'nick', '=', value).orderBy('id').executeTakeFirstOrThrow()).id)

const FORM: api.CircleFormBody = {
  type: 'FINANCIAL_CIRCLE',
  name: '测试新圈子',
  brief: '每周三篇港股研究。',
  intro: '圈主每周发布三篇港股研究，会员可提问。',
  avatar: '/file/202611/abcdef.png',
  paid: true,
  specs: [
    { months: 12, price: 29_900 },
    { months: 1, price: 3_900 },
  ],
}

beforeAll(async () => {
  t = await createTestApp()
  circle = await idOf('circles', 'name', FIXTURE_CIRCLES[0]!.name)
  ID.owner = await idOf('users', 'nick', FIXTURE_CIRCLES[0]!.owner)
  ID.admin = await idOf('users', 'nick', FIXTURE_CIRCLES[0]!.admins[0]!)
  ID.adminOther = await idOf('users', 'nick', '海外宏观Tom')
  const member = await t.db.kysely.selectFrom('circle_members').select('user_id').where('circle_id', '=', circle).where('expire_timestamp', '>', TEST_NOW).executeTakeFirstOrThrow()
  ID.member = Number(member.user_id)
  const outsider = await t.db.kysely.selectFrom('users').select('id').where('is_columnist', '=', false).where('merged_into', 'is', null).where('id', '!=', ID.member).orderBy('id', 'desc').executeTakeFirstOrThrow()
  ID.reviewer = Number(outsider.id)
  await addUserRole(t.db, ID.reviewer, REVIEWER_ROLE)
  // the others hold no advisory certification here, whatever the seeds gave them (only advisers create)
  await t.db.kysely.updateTable('users').set({ advisory_cert_time: null }).where('id', 'in', [ID.admin!, ID.adminOther!, ID.member!]).execute()
  // the owner is an adviser (spec 001 §6 advisoryCertification): the console's creator
  await grantAdvisoryCertification(t.db, ID.owner, TEST_NOW - 86_400)
  for (const [who, id] of Object.entries(ID)) H[who] = authHeaders(await signInForTest(t.db, id))
  H.guest = { Cookie: 'csrf_token=guesttoken', 'X-CSRF-Token': 'guesttoken' }
}, 600_000)
afterAll(() => t.close())

type Who = 'owner' | 'admin' | 'adminOther' | 'member' | 'guest'
const WHO: readonly Who[] = ['owner', 'admin', 'adminOther', 'member', 'guest']
/** 'ok' or [status, message] */
type Expect = 'ok' | readonly [number, string]
const denied: Expect = [403, C.notManager]
const guest: Expect = [401, C.loginFirst]
const ownerOnly: Expect = [403, C.ownerOnly]
const closed: Expect = [403, C.notCertified]

describe('every endpoint × {owner, admin of this circle, admin of another circle, plain member, guest}', () => {
  const tagIds = async () => (await t.db.kysely.selectFrom('circle_tags').select('id').where('circle_id', '=', circle).where('is_default', '=', false).orderBy('sort').orderBy('id').execute()).map((r) => Number(r.id))
  const cases: readonly [string, () => Promise<[string, string, unknown?]>, Record<Who, Expect>][] = [
    ['list', async () => ['GET', '/api/circle-admin/circles/v1'], { owner: 'ok', admin: 'ok', adminOther: 'ok', member: closed, guest }],
    ['detail', async () => ['GET', `/api/circle-admin/circles/${circle}/v1`], { owner: 'ok', admin: 'ok', adminOther: denied, member: denied, guest }],
    ['users', async () => ['GET', `/api/circle-admin/circles/${circle}/users/v1`], { owner: 'ok', admin: 'ok', adminOther: denied, member: denied, guest }],
    ['user search', async () => ['GET', `/api/circle-admin/circles/${circle}/user-search/v1?keyword=港`], { owner: 'ok', admin: ownerOnly, adminOther: denied, member: denied, guest }],
    ['rights', async () => ['GET', `/api/circle-admin/circles/${circle}/rights/v1`], { owner: 'ok', admin: 'ok', adminOther: denied, member: denied, guest }],
    ['rights save', async () => ['PUT', `/api/circle-admin/circles/${circle}/rights/v1`, { list: [{ title: '每日策略', description: '盘前发布' }] }], { owner: 'ok', admin: 'ok', adminOther: denied, member: denied, guest }],
    ['tag sort', async () => ['GET', `/api/circle-admin/circles/${circle}/tag-sort/v1`], { owner: 'ok', admin: 'ok', adminOther: denied, member: denied, guest }],
    ['tag sort save', async () => ['PUT', `/api/circle-admin/circles/${circle}/tag-sort/v1`, { ids: await tagIds() }], { owner: 'ok', admin: 'ok', adminOther: denied, member: denied, guest }],
    ['circle sort', async () => ['GET', '/api/circle-admin/circle-sort/v1'], { owner: 'ok', admin: 'ok', adminOther: 'ok', member: closed, guest }],
    ['edit', async () => ['PUT', `/api/circle-admin/circles/${circle}/v1`, { ...FORM, name: FIXTURE_CIRCLES[0]!.name, specs: [{ months: 12, price: 19_900 }] }], { owner: 'ok', admin: 'ok', adminOther: denied, member: denied, guest }],
    ['create', async () => ['POST', '/api/circle-admin/circles/v1', { ...FORM, name: `新圈子${Math.random().toString(36).slice(2, 6)}` }], { owner: 'ok', admin: closed, adminOther: closed, member: closed, guest }],
    ['review queue', async () => ['GET', '/api/circle-admin/circle-review/v1'], { owner: [403, M.reviewersOnly], admin: [403, M.reviewersOnly], adminOther: [403, M.reviewersOnly], member: [403, M.reviewersOnly], guest }],
  ]
  it.each(cases)('%s', async (_what, make, expected) => {
    for (const who of WHO) {
      const [method, path, body] = await make()
      const a = await call(method, path, who, body)
      const want = expected[who]
      if (want === 'ok') expect(a.status, `${who}: ${JSON.stringify(a.body)}`).toBe(200)
      else expect([a.status, a.body.message], who).toEqual(want)
    }
  })

  it('appointing and removing admins: the owner only', async () => {
    const target = ID.member!
    for (const who of ['admin', 'adminOther', 'member'] as const) {
      const add = await call('POST', `/api/circle-admin/circles/${circle}/admins/v1`, who, { userId: target })
      expect([add.status, add.body.message], who).toEqual(who === 'admin' ? ownerOnly : denied)
      const remove = await call('DELETE', `/api/circle-admin/circles/${circle}/admins/${ID.admin}/v1`, who)
      expect([remove.status, remove.body.message], who).toEqual(who === 'admin' ? ownerOnly : denied)
    }
    expect(await call('POST', `/api/circle-admin/circles/${circle}/admins/v1`, 'guest', { userId: target }).then((a) => [a.status, a.body.message])).toEqual(guest)
    const added = await ok(api.adminAdd, 'POST', `/api/circle-admin/circles/${circle}/admins/v1`, 'owner', { userId: target })
    expect(added.list.map((u) => u.user.id)).toEqual([ID.admin, target])
    // the new admin administers the circle at once; removed, they are a member again
    expect((await call('GET', `/api/circle-admin/circles/${circle}/v1`, 'member')).status).toBe(200)
    const removed = await ok(api.adminRemove, 'DELETE', `/api/circle-admin/circles/${circle}/admins/${target}/v1`, 'owner')
    expect(removed.list.map((u) => u.user.id)).toEqual([ID.admin])
    expect((await call('GET', `/api/circle-admin/circles/${circle}/v1`, 'member')).status).toBe(403)
  })
})

describe('the list', () => {
  it('shows the circles the reader owns or administers, with their role, by type and name, in numbered pages', async () => {
    const mine = await ok(api.adminCircleList, 'GET', '/api/circle-admin/circles/v1?count=100', 'owner')
    const owned = FIXTURE_CIRCLES.filter((f) => f.owner === FIXTURE_CIRCLES[0]!.owner).map((f) => f.name)
    for (const name of owned) expect(mine.list.map((c) => c.name)).toContain(name)
    expect(mine.list.every((c) => c.role === 'owner')).toBe(true)
    const courses = await ok(api.adminCircleList, 'GET', '/api/circle-admin/circles/v1?type=COURSE', 'owner')
    expect(courses.list.map((c) => c.type)).toEqual(courses.list.map(() => 'COURSE'))
    expect(courses.list.map((c) => c.name)).toContain('港股入门十讲')
    const found = await ok(api.adminCircleList, 'GET', `/api/circle-admin/circles/v1?keyword=${encodeURIComponent('实战')}`, 'owner')
    expect(found.list.map((c) => c.name)).toEqual([FIXTURE_CIRCLES[0]!.name])
    const page1 = await ok(api.adminCircleList, 'GET', '/api/circle-admin/circles/v1?page=1&count=1', 'owner')
    const page2 = await ok(api.adminCircleList, 'GET', '/api/circle-admin/circles/v1?page=2&count=1', 'owner')
    expect(page1.total).toBe(mine.total)
    expect(page1.hasMore).toBe(true)
    expect(page2.list[0]!.id).not.toBe(page1.list[0]!.id)

    // an owner without the advisory certification (their circle predates it) runs their circles all the same
    await t.db.kysely.updateTable('users').set({ advisory_cert_time: null }).where('id', '=', ID.owner!).execute()
    expect((await ok(api.adminCircleList, 'GET', '/api/circle-admin/circles/v1?count=100', 'owner')).total).toBe(mine.total)
    await grantAdvisoryCertification(t.db, ID.owner!, TEST_NOW - 86_400)

    const asAdmin = await ok(api.adminCircleList, 'GET', '/api/circle-admin/circles/v1', 'admin')
    expect(asAdmin.list.find((c) => c.id === circle)?.role).toBe('admin')
    const stranger = await ok(api.adminCircleList, 'GET', '/api/circle-admin/circles/v1?count=100', 'adminOther')
    expect(stranger.list.map((c) => c.id)).not.toContain(circle)
  })

  it('bad queries answer 400 in Chinese', async () => {
    for (const q of ['type=NOPE', 'page=0', 'count=500', `keyword=${'长'.repeat(40)}`]) {
      const a = await call('GET', `/api/circle-admin/circles/v1?${q}`, 'owner')
      expect(a.status, q).toBe(400)
      expect(a.body.message).toMatch(/[\u4e00-\u9fff]/)
    }
  })
})

describe('creating a circle and its review', () => {
  it('a new paid circle waits for review with its prices; a reviewer approves it and it opens to readers', async () => {
    const made = await ok(api.adminCircleCreate, 'POST', '/api/circle-admin/circles/v1', 'owner', FORM)
    expect(made).toMatchObject({ name: FORM.name, type: 'FINANCIAL_CIRCLE', reviewStatus: 'reviewing', role: 'owner', paid: true, minPrice: 3_900 })
    expect(made.specs.map((s) => [s.months, s.price])).toEqual([
      [1, 3_900],
      [12, 29_900],
    ])
    // not public while under review
    expect((await call('GET', `/api/moment/intro/${made.id}/v1`, 'member')).status).toBe(404)
    const queue = await ok(api.circleReviewList, 'GET', '/api/circle-admin/circle-review/v1?count=100', 'reviewer')
    expect(queue.list.map((c) => c.id)).toContain(made.id)
    const approved = await ok(api.circleReviewApprove, 'POST', `/api/circle-admin/circle-review/${made.id}/approve/v1`, 'reviewer')
    expect(approved.reviewStatus).toBe('approved')
    // a second decision changes nothing
    const again = await call('POST', `/api/circle-admin/circle-review/${made.id}/reject/v1`, 'reviewer', { reason: '晚了' })
    expect([again.status, again.body.message]).toEqual([400, M.notReviewing])
    const intro = await ok(circlesApi.momentIntro, 'GET', `/api/moment/intro/${made.id}/v1`, 'member')
    expect(intro.price).toMatchObject({ price: 3_900, months: 1 })
    // its goods are what the order dialog sells
    const specs = await t.db.kysely.withTables<{ goods_specs: { id: number; goods_id: number; months: number } }>().selectFrom('goods_specs').select(['id', 'months']).where('goods_id', '=', (await t.db.kysely.selectFrom('circles').select('goods_id').where('id', '=', made.id).executeTakeFirstOrThrow()).goods_id!).execute()
    expect(specs.map((s) => Number(s.months)).sort((a, b) => a - b)).toEqual([1, 12])
  })

  it('a rejected circle shows the reason; editing it sends it back to review', async () => {
    const made = await ok(api.adminCircleCreate, 'POST', '/api/circle-admin/circles/v1', 'owner', { ...FORM, name: '待驳回圈子', paid: false, specs: [] })
    const empty = await call('POST', `/api/circle-admin/circle-review/${made.id}/reject/v1`, 'reviewer', { reason: '  ' })
    expect([empty.status, empty.body.message]).toEqual([400, M.reasonRequired])
    const rejected = await ok(api.circleReviewReject, 'POST', `/api/circle-admin/circle-review/${made.id}/reject/v1`, 'reviewer', { reason: '封面与简介不符' })
    expect(rejected).toMatchObject({ reviewStatus: 'rejected', rejectReason: '封面与简介不符' })
    const listed = await ok(api.adminCircleList, 'GET', `/api/circle-admin/circles/v1?keyword=${encodeURIComponent('待驳回')}`, 'owner')
    expect(listed.list[0]).toMatchObject({ reviewStatus: 'rejected', rejectReason: '封面与简介不符' })
    const edited = await ok(api.adminCircleEdit, 'PUT', `/api/circle-admin/circles/${made.id}/v1`, 'owner', { ...FORM, name: '待驳回圈子', brief: '改过的简介', paid: false, specs: [] })
    expect(edited).toMatchObject({ reviewStatus: 'reviewing', rejectReason: null, brief: '改过的简介' })
  })

  it('the form answers 400 with its Chinese message, never a 500', async () => {
    const bad: [Partial<api.CircleFormBody>, string][] = [
      [{ name: '  ' }, M.nameRequired],
      [{ name: '名'.repeat(31) }, M.nameTooLong],
      [{ brief: '' }, M.briefRequired],
      [{ intro: '' }, M.introRequired],
      [{ avatar: '' }, M.avatarRequired],
      [{ avatar: 'javascript:alert(1)' }, M.avatarInvalid],
      [{ specs: [] }, M.specsRequired],
      [{ specs: [{ months: 2, price: 1000 }] }, M.periodInvalid],
      [{ specs: [{ months: 1, price: 1000 }, { months: 1, price: 2000 }] }, M.periodDuplicate],
      [{ specs: [{ months: 1, price: 50 }] }, M.priceInvalid],
      [{ intro: '这里保证收益稳赚不赔' }, M.forbiddenWords],
    ]
    for (const [patch, message] of bad) {
      const a = await call('POST', '/api/circle-admin/circles/v1', 'owner', { ...FORM, ...patch })
      expect([a.status, a.body.message], JSON.stringify(patch)).toEqual([400, message])
    }
    for (const body of ['{', JSON.stringify({ ...FORM, type: 'CLUB' }), JSON.stringify({ ...FORM, name: 'a\u0000b' }), JSON.stringify({ ...FORM, specs: 'x' })]) {
      const a = await call('POST', '/api/circle-admin/circles/v1', 'owner', body)
      expect(a.status, body).toBe(400)
      expect(a.body.message).toMatch(/[\u4e00-\u9fff]/)
    }
  })

  it('edits keep the type; an approved circle keeps free or paid and the periods members bought', async () => {
    const path = `/api/circle-admin/circles/${circle}/v1`
    const base = { ...FORM, name: FIXTURE_CIRCLES[0]!.name, specs: [{ months: 12, price: 19_900 }] }
    expect(await call('PUT', path, 'owner', { ...base, type: 'GROUP' }).then((a) => [a.status, a.body.message])).toEqual([400, M.typeLocked])
    expect(await call('PUT', path, 'owner', { ...base, paid: false, specs: [] }).then((a) => [a.status, a.body.message])).toEqual([400, M.paidLocked])
    // a member's order names the yearly spec: it may be repriced, not removed
    const yearly = (await ok(api.adminCircleDetail, 'GET', path, 'owner')).specs.find((s) => s.months === 12)!
    // (the console's data seed may have given the fixture members their orders already)
    if (!yearly.sold)
      await t.db.kysely
      .withTables<{ orders: { id: string; user_id: number; kind: string; specs_id: number; amount_cents: number; channel: string; status: string; idem_key: string; subject: string; create_timestamp: number; expire_timestamp: number } }>()
      .insertInto('orders')
      .values({ id: 'T-CIRCLE-ADMIN-1', user_id: ID.member!, kind: 'goods', specs_id: yearly.specsId, amount_cents: yearly.price, channel: 'guru_pay', status: 'paid', idem_key: 'circle-admin-test', subject: '测试', create_timestamp: TEST_NOW, expire_timestamp: TEST_NOW + 300 })
      .execute()
    expect(await call('PUT', path, 'owner', { ...base, specs: [{ months: 6, price: 9_900 }] }).then((a) => [a.status, a.body.message])).toEqual([400, M.periodSold])
    const repriced = await ok(api.adminCircleEdit, 'PUT', path, 'admin', { ...base, specs: [{ months: 12, price: 18_800 }, { months: 3, price: 5_900 }] })
    expect(repriced.specs.map((s) => [s.months, s.price, s.sold])).toEqual([
      [3, 5_900, false],
      [12, 18_800, true],
    ])
    expect(repriced.reviewStatus).toBe('approved')
    await call('PUT', path, 'owner', base)
  })

  it('a missing circle is 404', async () => {
    const a = await call('GET', '/api/circle-admin/circles/987654/v1', 'owner')
    expect([a.status, a.body.message]).toEqual([404, C.circleNotFound])
  })
})

describe('users and admins', () => {
  it('lists the owner and admins first, then members with join time and expiry; filters by role and nick or id', async () => {
    const all = await ok(api.adminCircleUsers, 'GET', `/api/circle-admin/circles/${circle}/users/v1?count=100`, 'owner')
    expect(all.list.slice(0, 2).map((u) => [u.user.id, u.role])).toEqual([
      [ID.owner, 'owner'],
      [ID.admin, 'admin'],
    ])
    const member = all.list.find((u) => u.user.id === ID.member)!
    expect(member.role).toBe('member')
    expect(member.expireTimestamp).toBeGreaterThan(TEST_NOW)
    expect(all.list.some((u) => u.role === 'expired')).toBe(true)
    const expired = await ok(api.adminCircleUsers, 'GET', `/api/circle-admin/circles/${circle}/users/v1?role=expired`, 'owner')
    expect(expired.list.every((u) => u.role === 'expired' && u.expireTimestamp! < TEST_NOW)).toBe(true)
    const byId = await ok(api.adminCircleUsers, 'GET', `/api/circle-admin/circles/${circle}/users/v1?keyword=${ID.member}`, 'owner')
    expect(byId.list.map((u) => u.user.id)).toContain(ID.member)
    // pages do not repeat or lose anyone across the owner/admin rows and the members
    const seen: number[] = []
    for (let page = 1; page <= Math.ceil(all.total! / 3); page++) seen.push(...(await ok(api.adminCircleUsers, 'GET', `/api/circle-admin/circles/${circle}/users/v1?page=${page}&count=3`, 'owner')).list.map((u) => u.user.id))
    expect(seen).toEqual(all.list.map((u) => u.user.id))
  })

  it('finds users by id or nick; refuses the owner, an admin twice, unknown users and more than the cap', async () => {
    const hits = await ok(api.adminUserSearch, 'GET', `/api/circle-admin/circles/${circle}/user-search/v1?keyword=${ID.admin}`, 'owner')
    expect(hits.list[0]).toMatchObject({ id: ID.admin, isAdmin: true })
    const empty = await call('GET', `/api/circle-admin/circles/${circle}/user-search/v1?keyword=`, 'owner')
    expect(empty.status).toBe(400)
    const add = (userId: number) => call('POST', `/api/circle-admin/circles/${circle}/admins/v1`, 'owner', { userId })
    expect(await add(ID.owner!).then((a) => [a.status, a.body.message])).toEqual([400, M.ownerNotAdmin])
    expect(await add(ID.admin!).then((a) => [a.status, a.body.message])).toEqual([400, M.alreadyAdmin])
    expect(await add(2_000_000_000).then((a) => [a.status, a.body.message])).toEqual([400, M.userNotFound])
    expect(await call('DELETE', `/api/circle-admin/circles/${circle}/admins/${ID.member}/v1`, 'owner').then((a) => [a.status, a.body.message])).toEqual([400, M.notAdmin])
    const others = await t.db.kysely.selectFrom('users').select('id').where('is_columnist', '=', false).orderBy('id').limit(ADMINS_MAX).execute()
    const added: number[] = []
    for (const u of others) {
      const a = await add(Number(u.id))
      if (a.status === 200) added.push(Number(u.id))
      else expect(a.body.message).toBe(M.adminsFull)
    }
    expect(added.length).toBe(ADMINS_MAX - 1)
    for (const id of added) await call('DELETE', `/api/circle-admin/circles/${circle}/admins/${id}/v1`, 'owner')
  })
})

describe('rights and sort', () => {
  it('the seeded circles show realistic admin data: rights by type, and the demo adviser\'s circles under review and rejected', async () => {
    const other = await idOf('circles', 'name', FIXTURE_CIRCLES[1]!.name)
    const rights = await t.db.kysely.selectFrom('circle_rights').select('title').where('circle_id', '=', other).orderBy('sort').execute()
    expect(rights.map((r) => r.title)).toEqual(['每日观点', '无限次提问', '研究附件'])
    const queue = await ok(api.circleReviewList, 'GET', '/api/circle-admin/circle-review/v1?count=100', 'reviewer')
    expect(queue.list.map((c) => c.name)).toContain('港美汇新股研究圈')
    const rejected = await t.db.kysely.selectFrom('circles').select(['review_status', 'reject_reason']).where('name', '=', '美股期权入门课').executeTakeFirstOrThrow()
    expect(rejected.review_status).toBe('rejected')
    expect(rejected.reject_reason).toContain('封面')
  })

  it('saves the rights list in order and checks it', async () => {
    const path = `/api/circle-admin/circles/${circle}/rights/v1`
    const list = [
      { title: '每日盘前策略', description: '交易日 8:30 前发布' },
      { title: '无限次提问', description: '' },
    ]
    expect((await ok(api.adminRightsSave, 'PUT', path, 'owner', { list })).list).toEqual(list)
    expect((await ok(api.adminRights, 'GET', path, 'admin')).list).toEqual(list)
    expect(await call('PUT', path, 'owner', { list: [{ title: ' ', description: '' }] }).then((a) => [a.status, a.body.message])).toEqual([400, M.rightTitleRequired])
    expect(await call('PUT', path, 'owner', { list: Array.from({ length: 11 }, (_, i) => ({ title: `权益${i}`, description: '' })) }).then((a) => [a.status, a.body.message])).toEqual([400, M.rightsTooMany])
  })

  it('orders the owner\'s circles and a circle\'s tags; an order must name each item once', async () => {
    const mine = await ok(api.adminCircleSort, 'GET', '/api/circle-admin/circle-sort/v1', 'owner')
    const reversed = [...mine.list].reverse().map((c) => c.id)
    expect((await ok(api.adminCircleSortSave, 'PUT', '/api/circle-admin/circle-sort/v1', 'owner', { ids: reversed })).list.map((c) => c.id)).toEqual(reversed)
    expect(await call('PUT', '/api/circle-admin/circle-sort/v1', 'owner', { ids: reversed.slice(1) }).then((a) => [a.status, a.body.message])).toEqual([400, M.sortMismatch])
    // readers see the owner's approved circles in that order (the recommendation page's users tab)
    const users = await ok(circlesApi.recommendUsers, 'GET', '/api/vips/recommend/user/v1?page=1&count=100', 'member')
    const shown = users.list.find((u) => u.id === ID.owner)!.circles.map((c) => c.id)
    expect(shown).toEqual(reversed.filter((id) => shown.includes(id)))
    expect(shown.length).toBeGreaterThan(1)
    // another owner's circle is not the reader's to order
    expect(await call('PUT', '/api/circle-admin/circle-sort/v1', 'adminOther', { ids: reversed }).then((a) => [a.status, a.body.message])).toEqual([400, M.sortMismatch])

    const tagPath = `/api/circle-admin/circles/${circle}/tag-sort/v1`
    const tags = await ok(api.adminTagSort, 'GET', tagPath, 'admin')
    expect(tags.list.map((x) => x.name)).toEqual(FIXTURE_CIRCLES[0]!.tags)
    const order = [...tags.list].reverse().map((x) => x.id)
    await ok(api.adminTagSortSave, 'PUT', tagPath, 'admin', { ids: order })
    // readers see the default tag first, then the new order
    const readerTags = await ok(circlesApi.momentTags, 'GET', `/api/moment/tag/${circle}/v1`, 'member')
    expect(readerTags.map((x) => x.tagId)).toEqual([readerTags[0]!.tagId, ...order])
    expect(await call('PUT', tagPath, 'owner', { ids: [...order, order[0]] }).then((a) => [a.status, a.body.message])).toEqual([400, M.sortMismatch])
  })
})

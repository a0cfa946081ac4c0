// The console's one server check (issue 29) on the seeded circles: 老周港股实战圈 is owned by 港股老周
// with admin 港漂投资日记; 海外宏观Tom administers 陈默宏观研究圈 (another circle) and owns a live column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../testing/test-db'
import { ApiError } from '../http/api-error'
import { CONSOLE_MESSAGES as M } from '../../core/circle-admin/access'
import { FIXTURE_CIRCLES } from '../../fixtures/circles/circles'
import { assertMayCreate, assertMayOpenConsole, managedCircle, managedCircleIds } from './guard'
import { updateUser } from '../accounts/users-repository'

let t: TestDb
const ID: Record<string, number> = {}
let circle = 0
let liveColumn = 0

const idOf = async (table: 'users' | 'circles', col: 'nick' | 'name', value: string) =>
  Number((await t.db.kysely.selectFrom(table as 'users').select('id').where(col as 'nick', '=', value).orderBy('id').executeTakeFirstOrThrow()).id)

beforeAll(async () => {
  t = await createTestDb()
  circle = await idOf('circles', 'name', FIXTURE_CIRCLES[0]!.name)
  liveColumn = await idOf('circles', 'name', '美联储议息直播间')
  ID.owner = await idOf('users', 'nick', FIXTURE_CIRCLES[0]!.owner)
  ID.admin = await idOf('users', 'nick', FIXTURE_CIRCLES[0]!.admins[0]!)
  ID.adminOther = await idOf('users', 'nick', '海外宏观Tom')
  const member = await t.db.kysely.selectFrom('circle_members').select('user_id').where('circle_id', '=', circle).executeTakeFirstOrThrow()
  ID.member = Number(member.user_id)
}, 180_000)
afterAll(() => t.close())

async function refusal(p: Promise<unknown>): Promise<[number, string] | 'ok'> {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (e instanceof ApiError) return [e.status, e.message]
    throw e
  }
}

describe('managedCircle × {owner, admin of this circle, admin of another circle, plain member, guest}', () => {
  const table = [
    ['owner', 'ok', 'ok'],
    ['admin', 'ok', [403, M.ownerOnly]],
    ['adminOther', [403, M.notManager], [403, M.notManager]],
    ['member', [403, M.notManager], [403, M.notManager]],
    ['guest', [401, M.loginFirst], [401, M.loginFirst]],
  ] as const
  it.each(table)('%s', async (who, administer, ownerOnly) => {
    const userId = who === 'guest' ? null : ID[who]!
    expect(await refusal(managedCircle(t.db, circle, userId))).toEqual(administer)
    expect(await refusal(managedCircle(t.db, circle, userId, { ownerOnly: true }))).toEqual(ownerOnly)
  })

  it('a missing circle, or one of another type than the page manages, is 404', async () => {
    expect(await refusal(managedCircle(t.db, 987_654, ID.owner!))).toEqual([404, M.circleNotFound])
    expect(await refusal(managedCircle(t.db, circle, ID.owner!, { type: 'COURSE' }))).toEqual([404, M.circleNotFound])
  })
})

describe('managedCircleIds', () => {
  it('lists owned then administered circles, by type when asked', async () => {
    const tom = await managedCircleIds(t.db, ID.adminOther!)
    expect(tom).toContain(liveColumn)
    expect(tom).toContain(await idOf('circles', 'name', '陈默宏观研究圈'))
    expect(tom).not.toContain(circle)
    expect(await managedCircleIds(t.db, ID.adminOther!, 'LIVE_COLUMN')).toEqual([liveColumn])
    expect(await managedCircleIds(t.db, ID.admin!)).toContain(circle)
    expect(await refusal(managedCircleIds(t.db, null))).toEqual([401, M.loginFirst])
  })

  it('only an advisory-certified reader may create a circle', async () => {
    await updateUser(t.db.kysely, ID.adminOther!, { advisory_cert_time: 1_700_000_000 })
    expect(await refusal(assertMayCreate(t.db, ID.adminOther!))).toBe('ok')
    expect(await refusal(assertMayCreate(t.db, ID.member!))).toEqual([403, M.notCertified])
    expect(await refusal(assertMayCreate(t.db, null))).toEqual([401, M.loginFirst])
  })

  it('the console opens to advisers, to owners (certified or not) and to appointed admins; not to members or guests', async () => {
    await updateUser(t.db.kysely, ID.owner!, { advisory_cert_time: null }) // a lapsed certification
    expect(await refusal(assertMayOpenConsole(t.db, ID.owner!))).toBe('ok')
    expect(await refusal(assertMayOpenConsole(t.db, ID.admin!))).toBe('ok')
    expect(await refusal(assertMayOpenConsole(t.db, ID.member!))).toEqual([403, M.notCertified])
    expect(await refusal(assertMayOpenConsole(t.db, null))).toEqual([401, M.loginFirst])
  })
})

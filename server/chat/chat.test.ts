// Group chat on the real app (issue 14; spec 001 §7 'Group chat', §6 chat rules): every endpoint with
// bad input (400, Chinese message, never 500), a guest (401), a plain member or stranger (403) and
// the owner or admin (200); the permission truth table over every pair of roles (core/chat/permissions
// is the oracle); spreadsheets in xlsx and csv; the userSig the server signs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import ExcelJS from 'exceljs'
import { createTestApp, type TestApp } from '../testing/test-app'
import { TEST_NOW } from '../testing/test-db'
import { authHeaders, signInForTest } from '../accounts/session'
import { CHAT_MESSAGES as M, TEXT_MAX_BYTES } from '../../core/chat/limits'
import { CHAT_ROLES, canKick, canMute, canPrivateMessage, canSetAdmin, type ChatRole } from '../../core/chat/permissions'
import { chatServiceFor } from './service'
import { chatConfig } from './config'
import { verifyUserSig } from './user-sig'
import { jsonCalls, type Answer } from '../testing/json-calls'

let t: TestApp
const ids: number[] = []
const h: Record<string, string>[] = []
const guest = { Cookie: 'csrf_token=guesttoken', 'X-CSRF-Token': 'guesttoken' }

const { call, ok } = jsonCalls(() => t.app)
const phoneOf = (i: number) => `139${String(10_000_000 + i).slice(-8)}`

/** A group owned by user 0, with user 1 as Admin and users 2, 3 as members. */
async function group(name = '投资交流群'): Promise<string> {
  const g = await ok('POST', '/api/group-chat/v1', h[0]!, { name })
  await ok('POST', '/api/group-chat/join-by-userids/v1', h[0]!, { groupId: g.groupId, userIds: [ids[1], ids[2], ids[3]].map(String) })
  await ok('POST', '/api/group-chat/member/admin/v1', h[0]!, { groupId: g.groupId, userId: String(ids[1]), admin: true })
  return g.groupId
}

beforeAll(async () => {
  t = await createTestApp()
  const rows = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL ORDER BY id LIMIT 6`.execute(t.db.kysely)).rows
  for (const [i, r] of rows.entries()) {
    ids.push(Number(r.id))
    await sql`UPDATE users SET phone = ${phoneOf(i)} WHERE id = ${r.id}`.execute(t.db.kysely)
    h.push(authHeaders(await signInForTest(t, Number(r.id))))
  }
  // user 0 holds the advisory certification (spec 001 §6: only they may create groups)
  await sql`UPDATE users SET advisory_cert_time = ${TEST_NOW} WHERE id = ${ids[0]}`.execute(t.db.kysely)
})
afterAll(async () => {
  await t.close()
})

describe('creating a group', () => {
  it('a certified adviser creates a GROUP_CHAT_V2 group and owns it; others get 403; a guest 401', async () => {
    const g = await ok('POST', '/api/group-chat/v1', h[0]!, { name: '  港股研究  ', groupType: 'Work' })
    expect(g).toMatchObject({ name: '港股研究', groupType: 'Work', memberCount: 1, role: 'Owner', muteAllMember: false })
    expect(g.groupId).toMatch(/^GROUP_CHAT_V2_/)
    expect(await call('POST', '/api/group-chat/v1', h[2]!, { name: 'x' })).toMatchObject({ status: 403, body: { message: M.notCertified } })
    expect(await call('POST', '/api/group-chat/v1', guest, { name: 'x' })).toMatchObject({ status: 401, body: { message: '请先登录' } })
  })
  it('bad input answers 400 with a Chinese message', async () => {
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(31) }, { name: 'a\u0000b' }, { name: 'x', groupType: 'Bogus' }, '{no']) {
      const a = await call('POST', '/api/group-chat/v1', h[0]!, body)
      expect({ body, status: a.status }).toEqual({ body, status: 400 })
      expect(a.body.message).toMatch(/参数错误|群名称/)
    }
  })
})

describe('joining and removing', () => {
  it('by phones: found users join, unknown phones are reported, a second join changes nothing', async () => {
    const g = await ok('POST', '/api/group-chat/v1', h[0]!, { name: '手机号群' })
    const r = await ok('POST', '/api/group-chat/join/v1', h[0]!, { groupId: g.groupId, phones: [phoneOf(2), '+852 ' + phoneOf(3), '13000000000'] })
    expect(r).toEqual({ userIds: [String(ids[2]), String(ids[3])], notFound: ['13000000000'], unchanged: [] })
    const again = await ok('POST', '/api/group-chat/join/v1', h[0]!, { groupId: g.groupId, phones: [phoneOf(2)] })
    expect(again).toEqual({ userIds: [], notFound: [], unchanged: [String(ids[2])] })
    const removed = await ok('POST', '/api/group-chat/remove/v1', h[0]!, { groupId: g.groupId, phones: [phoneOf(2)] })
    expect(removed.userIds).toEqual([String(ids[2])])
    const records = await ok('GET', `/api/financialChatRoom/user/remove/record/${ids[0]}/list`, h[0]!)
    expect(records.list[0]).toMatchObject({ groupId: g.groupId, groupName: '手机号群', userId: String(ids[2]) })
    expect((await call('GET', `/api/financialChatRoom/user/remove/record/${ids[0]}/list`, h[1]!)).status).toBe(403)
  })
  it('only an Owner or Admin adds members; a member or stranger gets 403; unknown group 404', async () => {
    const gid = await group()
    expect((await call('POST', '/api/group-chat/join-by-userids/v1', h[2]!, { groupId: gid, userIds: [String(ids[4])] })).status).toBe(403)
    expect((await call('POST', '/api/group-chat/join-by-userids/v1', h[4]!, { groupId: gid, userIds: [String(ids[4])] })).status).toBe(403)
    expect((await call('POST', '/api/group-chat/join-by-userids/v1', h[0]!, { groupId: 'GROUP_CHAT_V2_none', userIds: [String(ids[4])] })).status).toBe(404)
    const r = await ok('POST', '/api/group-chat/join-by-userids/v1', h[1]!, { groupId: gid, userIds: [String(ids[4]), '2147483000'] })
    expect(r).toEqual({ userIds: [String(ids[4])], notFound: ['2147483000'], unchanged: [] })
  })
  it('bad ids and phones answer 400', async () => {
    const gid = await group()
    const cases = [
      { groupId: gid, userIds: [] },
      { groupId: gid, userIds: ['0'] },
      { groupId: gid, userIds: ['2147483648'] },
      { groupId: gid, userIds: Array.from({ length: 501 }, (_, i) => String(i + 1)) },
      { groupId: 'bad id!', userIds: ['1'] },
      { groupId: gid, phones: ['abc'] },
    ]
    for (const body of cases) {
      const path = 'phones' in body ? '/api/group-chat/join/v1' : '/api/group-chat/join-by-userids/v1'
      const a = await call('POST', path, h[0]!, body)
      expect({ path, status: a.status }).toEqual({ path, status: 400 })
      expect(a.body.message).toMatch(/参数错误/)
    }
  })
})

describe('spreadsheets (excel-join / excel-remove)', () => {
  const upload = async (path: string, headers: Record<string, string>, file: Blob | string, name: string) => {
    const form = new FormData()
    form.append('file', typeof file === 'string' ? new Blob([file], { type: 'text/csv' }) : file, name)
    const res = await t.app.request(path, { method: 'POST', headers, body: form })
    return { status: res.status, body: (await res.json()) as Answer['body'] }
  }
  it('an xlsx and a csv of phones (with a header and a name column) join and remove members', async () => {
    const g = await ok('POST', '/api/group-chat/v1', h[0]!, { name: '表格群' })
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('成员')
    sheet.addRow(['手机号', '姓名'])
    sheet.addRow([phoneOf(2), '张三'])
    sheet.addRow([Number(phoneOf(3)), '李四'])
    const xlsx = new Blob([await book.xlsx.writeBuffer()], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })
    const joined = await upload(`/api/group-chat/excel-join/v1?groupId=${g.groupId}`, h[0]!, xlsx, 'members.xlsx')
    expect(joined).toMatchObject({ status: 200, body: { result: { userIds: [String(ids[2]), String(ids[3])] } } })
    const removed = await upload(`/api/group-chat/excel-remove/v1?groupId=${g.groupId}`, h[0]!, `手机号,姓名\n${phoneOf(3)},李四\n`, 'out.csv')
    expect(removed).toMatchObject({ status: 200, body: { result: { userIds: [String(ids[3])] } } })
  })
  it('a broken file, a missing file, a bad group id, a guest and a member are refused (never 500)', async () => {
    const g = await ok('POST', '/api/group-chat/v1', h[0]!, { name: '表格群2' })
    const path = `/api/group-chat/excel-join/v1?groupId=${g.groupId}`
    expect(await upload(path, h[0]!, new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])]), 'x.xlsx')).toMatchObject({ status: 400, body: { message: M.badSpreadsheet } })
    expect(await upload(path, h[0]!, 'no phones here', 'x.csv')).toMatchObject({ status: 400, body: { message: M.badSpreadsheet } })
    expect((await call('POST', path, h[0]!, {})).status).toBe(400)
    expect((await upload('/api/group-chat/excel-join/v1?groupId=bad!', h[0]!, phoneOf(2), 'x.csv')).status).toBe(400)
    expect((await upload(path, guest, phoneOf(2), 'x.csv')).status).toBe(401)
    expect((await upload(path, h[3]!, phoneOf(2), 'x.csv')).status).toBe(403)
  })
})

describe('the chat rules over every pair of roles (core/chat/permissions is the oracle)', () => {
  // one group per pair: operator and target take the roles; Owner pairs use the owner as one side
  it('mute, kick, set admin and private chat answer exactly as the truth table says', async () => {
    for (const opRole of CHAT_ROLES) {
      for (const targetRole of CHAT_ROLES) {
        for (const same of [false, true]) {
          if (same && opRole !== targetRole) continue
          // a fresh group: owner = user 0; the operator and the target get their roles
          const g = await ok('POST', '/api/group-chat/v1', h[0]!, { name: `规则${opRole}${targetRole}` })
          await ok('POST', '/api/group-chat/join-by-userids/v1', h[0]!, { groupId: g.groupId, userIds: [ids[1], ids[2], ids[3], ids[4]].map(String) })
          const roleUser = (role: ChatRole, slot: 'op' | 'target'): number => {
            if (role === 'Owner') return 0
            return slot === 'op' ? (role === 'Admin' ? 1 : 2) : role === 'Admin' ? 3 : 4
          }
          const op = roleUser(opRole, 'op')
          const target = same ? op : roleUser(targetRole, 'target')
          if (op === target && !same) continue // both Owner: there is one owner per group
          for (const u of [1, 3]) await ok('POST', '/api/group-chat/member/admin/v1', h[0]!, { groupId: g.groupId, userId: String(ids[u]), admin: true })
          const opM = { userID: String(ids[op]), role: opRole }
          const tgM = { userID: String(ids[target]), role: targetRole }
          const label = `${opRole}→${targetRole}${same ? ' (self)' : ''}`

          const mute = await call('POST', '/api/group-chat/member/mute/v1', h[op]!, { groupId: g.groupId, userId: String(ids[target]), muteStatus: true, muteTimeHour: 1 })
          expect({ label, mute: mute.status }).toEqual({ label, mute: canMute(opM, tgM) ? 200 : 403 })
          const friend = await call('POST', '/api/group-chat/add-friend/v1', h[op]!, { groupId: g.groupId, toAccount: String(ids[target]) })
          expect({ label, friend: friend.status }).toEqual({ label, friend: canPrivateMessage(opM, tgM) ? 200 : 403 })
          if (targetRole !== 'Owner' || same) {
            const admin = await call('POST', '/api/group-chat/member/admin/v1', h[op]!, { groupId: g.groupId, userId: String(ids[target]), admin: targetRole !== 'Admin' })
            expect({ label, admin: admin.status }).toEqual({ label, admin: canSetAdmin(opM, tgM) ? 200 : 403 })
            if (admin.status === 200) await ok('POST', '/api/group-chat/member/admin/v1', h[0]!, { groupId: g.groupId, userId: String(ids[target]), admin: targetRole === 'Admin' })
          }
          const kick = await call('POST', '/api/group-chat/member/kick/v1', h[op]!, { groupId: g.groupId, userId: String(ids[target]) })
          expect({ label, kick: kick.status }).toEqual({ label, kick: canKick(opM, tgM) ? 200 : 403 })
        }
      }
    }
  })
})

describe('set admin and private messages × {guest, stranger, member, admin, owner} (spec 001 §6)', () => {
  const admin = (who: Record<string, string>, gid: string, user: number, on: boolean) => call('POST', '/api/group-chat/member/admin/v1', who, { groupId: gid, userId: String(ids[user]), admin: on })
  const roles = async (gid: string) =>
    Object.fromEntries((await ok('GET', `/api/group-chat/member/search/v1?groupId=${gid}`, h[0]!)).list.map((m: { userID: string; role: string }) => [m.userID, m.role]))

  it('only the Owner sets and unsets an admin; the new admin may then mute, and no longer once unset; the tips say so', async () => {
    const gid = await group('设管理员群')
    expect(await admin(guest, gid, 2, true)).toMatchObject({ status: 401, body: { message: '请先登录' } })
    expect(await admin(h[5]!, gid, 2, true)).toMatchObject({ status: 403, body: { message: M.notMember } })
    expect(await admin(h[3]!, gid, 2, true)).toMatchObject({ status: 403, body: { message: M.noPermission } })
    expect(await admin(h[1]!, gid, 2, true)).toMatchObject({ status: 403, body: { message: M.noPermission } })
    expect((await roles(gid))[String(ids[2])]).toBe('Member')
    // a member may not mute before, may after the owner made them Admin
    expect((await call('POST', '/api/group-chat/member/mute/v1', h[2]!, { groupId: gid, userId: String(ids[3]), muteStatus: true })).status).toBe(403)
    expect(await admin(h[0]!, gid, 2, true)).toMatchObject({ status: 200, body: { result: { userID: String(ids[2]), role: 'Admin' } } })
    expect((await roles(gid))[String(ids[2])]).toBe('Admin')
    await ok('POST', '/api/group-chat/member/mute/v1', h[2]!, { groupId: gid, userId: String(ids[3]), muteStatus: false })
    // an Admin may not take another Admin's role, nor the Owner's; the Owner takes it back
    expect(await admin(h[2]!, gid, 1, false)).toMatchObject({ status: 403 })
    expect(await admin(h[1]!, gid, 0, false)).toMatchObject({ status: 403 })
    expect(await admin(h[0]!, gid, 2, false)).toMatchObject({ status: 200, body: { result: { role: 'Member' } } })
    expect((await call('POST', '/api/group-chat/member/mute/v1', h[2]!, { groupId: gid, userId: String(ids[3]), muteStatus: true })).status).toBe(403)
    // not on self, not on a non-member; bad input is 400 with a Chinese message
    expect(await admin(h[0]!, gid, 0, false)).toMatchObject({ status: 403 })
    expect(await admin(h[0]!, gid, 5, true)).toMatchObject({ status: 404 })
    for (const body of [{ groupId: gid, userId: String(ids[2]) }, { groupId: gid, userId: 'x', admin: true }, { groupId: gid, userId: String(ids[2]), admin: 'yes' }, { userId: String(ids[2]), admin: true }]) {
      const a = await call('POST', '/api/group-chat/member/admin/v1', h[0]!, body)
      expect({ body, status: a.status }).toEqual({ body, status: 400 })
      expect(a.body.message).toMatch(/参数错误/)
    }
    const tips = (await chatServiceFor(t.db).history(ids[3]!, { conversationID: `GROUP${gid}` })).messageList.filter((m) => m.type === 'TIMGroupTipElem').map((m) => m.payload as { operationType: number })
    expect(tips.map((p) => p.operationType)).toEqual(expect.arrayContaining([4, 5])) // GROUP_TIP.adminSet, adminCancelled
  })

  it('a private conversation opens only with an Owner or Admin on one side, never with oneself; the message then goes through', async () => {
    const gid = await group('私聊群')
    const friend = (who: Record<string, string>, to: number) => call('POST', '/api/group-chat/add-friend/v1', who, { groupId: gid, toAccount: String(ids[to]) })
    expect(await friend(guest, 1)).toMatchObject({ status: 401 })
    expect(await friend(h[5]!, 0)).toMatchObject({ status: 403, body: { message: M.notMember } })
    expect(await friend(h[2]!, 3)).toMatchObject({ status: 403, body: { message: M.cannotPrivate } })
    expect(await friend(h[2]!, 2)).toMatchObject({ status: 403, body: { message: M.cannotPrivate } })
    expect(await friend(h[2]!, 5)).toMatchObject({ status: 404 })
    // member → admin, admin → member, owner → member, member → owner
    for (const [from, to] of [[2, 1], [1, 3], [0, 3], [3, 0]] as const) {
      expect(await friend(h[from]!, to)).toMatchObject({ status: 200, body: { result: { conversationID: `C2C${ids[to]}` } } })
      expect((await chatServiceFor(t.db).conversations(ids[from]!)).map((c) => c.conversationID)).toContain(`C2C${ids[to]}`)
    }
    const chat = chatServiceFor(t.db)
    await expect(chat.send(ids[2]!, { conversationID: `C2C${ids[1]}`, kind: 'text', text: '管理员好，私聊请教' })).resolves.toMatchObject({ conversationID: `C2C${ids[1]}` })
    expect((await chat.history(ids[1]!, { conversationID: `C2C${ids[2]}` })).messageList.map((m) => (m.payload as { text?: string }).text)).toContain('管理员好，私聊请教')
    // users 2 and 4 are ordinary members wherever they meet (users 2 and 3 were an Admin beside each other in the truth table's groups)
    await expect(chat.send(ids[4]!, { conversationID: `C2C${ids[2]}`, kind: 'text', text: '成员之间' })).rejects.toMatchObject({ status: 403, message: M.cannotPrivate })
    for (const body of [{ groupId: gid }, { groupId: gid, toAccount: 'abc' }, { toAccount: String(ids[1]) }]) {
      expect((await call('POST', '/api/group-chat/add-friend/v1', h[2]!, body)).status).toBe(400)
    }
  })

  it('nobody mutes themself (core/chat/permissions canMute); an admin may mute the others', async () => {
    const gid = await group('禁言自己群')
    for (const u of [0, 1]) {
      expect(await call('POST', '/api/group-chat/member/mute/v1', h[u]!, { groupId: gid, userId: String(ids[u]), muteStatus: true })).toMatchObject({ status: 403, body: { message: M.cannotMuteSelf } })
    }
    expect(await call('POST', '/api/group-chat/member/mute/v1', h[2]!, { groupId: gid, userId: String(ids[2]), muteStatus: true })).toMatchObject({ status: 403, body: { message: M.notAdmin } })
    await ok('POST', '/api/group-chat/member/mute/v1', h[1]!, { groupId: gid, userId: String(ids[2]), muteStatus: true, muteTimeHour: 1 })
  })

  it('the removal records: the Owner sees the removals their Admins made too, with who made them; others see only their own', async () => {
    const gid = await group('移出记录群')
    await ok('POST', '/api/group-chat/member/kick/v1', h[1]!, { groupId: gid, userId: String(ids[3]) })
    const records = (who: number) => ok('GET', `/api/financialChatRoom/user/remove/record/${ids[who]}/list`, h[who]!)
    const nick = async (u: number) => (await sql<{ nick: string }>`SELECT nick FROM users WHERE id = ${ids[u]}`.execute(t.db.kysely)).rows[0]!.nick
    const ownerSees = (await records(0)).list.filter((r: { groupId: string }) => r.groupId === gid)
    expect(ownerSees).toEqual([{ groupId: gid, groupName: '移出记录群', userId: String(ids[3]), nick: await nick(3), operNick: await nick(1), time: TEST_NOW }])
    expect((await records(1)).list.filter((r: { groupId: string }) => r.groupId === gid)).toHaveLength(1)
    expect((await records(2)).list.filter((r: { groupId: string }) => r.groupId === gid)).toHaveLength(0)
    expect((await call('GET', `/api/financialChatRoom/user/remove/record/${ids[0]}/list`, guest)).status).toBe(401)
    expect((await call('GET', `/api/financialChatRoom/user/remove/record/${ids[0]}/list`, h[2]!)).status).toBe(403)
  })
})

describe('mute, mute all, role check, member search, tags, conversation check, address book', () => {
  it('mute for hours and for ever (−1 default); mute all; a muted member cannot send; lifting it lets them', async () => {
    const gid = await group()
    const m = await ok('POST', '/api/group-chat/member/mute/v1', h[1]!, { groupId: gid, userId: String(ids[2]), muteStatus: true })
    expect(m).toMatchObject({ userID: String(ids[2]), muteUntil: -1, role: 'Member' })
    const hours = await ok('POST', '/api/group-chat/member/mute/v1', h[0]!, { groupId: gid, userId: String(ids[3]), muteStatus: true, muteTimeHour: 2 })
    expect(hours.muteUntil).toBe(TEST_NOW + 7200)
    const chat = chatServiceFor(t.db)
    await expect(chat.send(ids[2]!, { conversationID: `GROUP${gid}`, kind: 'text', text: '你好' })).rejects.toMatchObject({ status: 403, message: M.muted })
    await ok('POST', '/api/group-chat/member/mute/v1', h[0]!, { groupId: gid, userId: String(ids[2]), muteStatus: false })
    await expect(chat.send(ids[2]!, { conversationID: `GROUP${gid}`, kind: 'text', text: '你好' })).resolves.toMatchObject({ from: String(ids[2]) })
    const all = await ok('POST', '/api/group-chat/group/mute-all-member/v1', h[1]!, { groupId: gid, muteAllMember: true })
    expect(all).toMatchObject({ muteAllMember: true, role: 'Admin' })
    await expect(chat.send(ids[2]!, { conversationID: `GROUP${gid}`, kind: 'text', text: '你好' })).rejects.toMatchObject({ status: 403, message: M.mutedAll })
    await expect(chat.send(ids[1]!, { conversationID: `GROUP${gid}`, kind: 'text', text: '管理员可以说话' })).resolves.toBeTruthy()
    expect((await call('POST', '/api/group-chat/group/mute-all-member/v1', h[2]!, { groupId: gid, muteAllMember: false })).status).toBe(403)
    for (const body of [{ groupId: gid, userId: String(ids[2]), muteStatus: true, muteTimeHour: -2 }, { groupId: gid, userId: String(ids[2]), muteStatus: 'yes' }, { groupId: gid, userId: String(ids[2]), muteStatus: true, muteTimeHour: 1.5 }]) {
      expect((await call('POST', '/api/group-chat/member/mute/v1', h[0]!, body)).status).toBe(400)
    }
  })
  it('role check says whether the reader is an Owner or Admin anywhere', async () => {
    await group()
    expect(await ok('GET', '/api/group-chat/user/role/check/v1', h[1]!)).toEqual({ isGroupAdminOrOwner: true })
    expect(await ok('GET', '/api/group-chat/user/role/check/v1', h[5]!)).toEqual({ isGroupAdminOrOwner: false })
    expect((await call('GET', '/api/group-chat/user/role/check/v1', guest)).status).toBe(401)
  })
  it('member search pages 20 at a time, filters by nick, and is for members only', async () => {
    const gid = await group()
    const page = await ok('GET', `/api/group-chat/member/search/v1?groupId=${gid}`, h[2]!)
    expect(page).toMatchObject({ total: 4, page: 1, hasMore: false })
    expect(page.list.map((m: { role: string }) => m.role)).toEqual(['Owner', 'Admin', 'Member', 'Member'])
    const nick = page.list[2].nick as string
    const found = await ok('GET', `/api/group-chat/member/search/v1?groupId=${gid}&keyword=${encodeURIComponent(nick)}&count=1`, h[2]!)
    expect(found.list[0].nick).toBe(nick)
    expect((await call('GET', `/api/group-chat/member/search/v1?groupId=${gid}`, h[5]!)).status).toBe(403)
    expect((await call('GET', `/api/group-chat/member/search/v1?groupId=${gid}&keyword=%25`, h[2]!)).status).toBe(200)
    expect((await call('GET', `/api/group-chat/member/search/v1?groupId=${gid}&page=0`, h[2]!)).status).toBe(400)
  })
  it('tags, conversation check, address book (member counts only for Owner/Admin), list of invalid members', async () => {
    const gid = await group('通讯录群')
    await sql`INSERT INTO chat_user_tags (user_id, kind, tag) VALUES (${ids[2]}, 'guruPersonal', '价值投资')`.execute(t.db.kysely)
    expect(await ok('GET', `/api/group-chat/${ids[2]}/tags/v1`, h[0]!)).toMatchObject({ userId: String(ids[2]), guruPersonalTags: [{ tags: ['价值投资'] }], wechatPersonalTags: [] })
    expect((await call('GET', '/api/group-chat/2147483000/tags/v1', h[0]!)).status).toBe(404)
    expect(await ok('GET', `/api/group-chat/group/detail/for-check-conversation/${gid}/v1`, h[2]!)).toMatchObject({ groupId: gid, role: 'Member', blocked: false, memberCount: 4 })
    // a non-member learns nothing of the group (issue 23)
    expect(await call('GET', `/api/group-chat/group/detail/for-check-conversation/${gid}/v1`, h[5]!)).toMatchObject({ status: 403, body: { message: M.notMember } })
    const ownerBook = await ok('POST', '/api/group-chat/address-book/v1', h[0]!, { keyword: '通讯录' })
    expect(ownerBook.groups.find((g: { groupID: string }) => g.groupID === gid)).toMatchObject({ memberCount: 4, selfInfo: { role: 'Owner' } })
    const memberBook = await ok('POST', '/api/group-chat/address-book/v1', h[2]!, { groupId: gid })
    expect(memberBook.groups).toEqual([expect.objectContaining({ groupID: gid, memberCount: null })])
    await ok('POST', '/api/group-chat/add-friend/v1', h[2]!, { groupId: gid, toAccount: String(ids[1]) })
    expect((await ok('POST', '/api/group-chat/address-book/v1', h[2]!, {})).friends.map((f: { userId: string }) => f.userId)).toContain(String(ids[1]))
    expect(await ok('GET', `/api/group-chat/group/list-not-valid-member?groupId=${gid}`, h[0]!)).toEqual([])
    expect((await call('GET', `/api/group-chat/group/list-not-valid-member?groupId=${gid}`, h[2]!)).status).toBe(403)
  })
})

describe('messages through the service: 4 KB cap, send rate, revoke, shield, receive options, batch one-to-one', () => {
  it('a text over 4 KB is refused; exactly 4 KB passes', async () => {
    const gid = await group()
    const chat = chatServiceFor(t.db)
    await expect(chat.send(ids[0]!, { conversationID: `GROUP${gid}`, kind: 'text', text: '好'.repeat(Math.floor(TEXT_MAX_BYTES / 3) + 1) })).rejects.toMatchObject({ status: 400, message: M.textTooLong })
    await expect(chat.send(ids[0]!, { conversationID: `GROUP${gid}`, kind: 'text', text: 'a'.repeat(TEXT_MAX_BYTES) })).resolves.toBeTruthy()
    await expect(chat.send(ids[0]!, { conversationID: `GROUP${gid}`, kind: 'text', text: '   ' })).rejects.toMatchObject({ status: 400 })
  })
  it('a private message needs an Owner or Admin on one side; revoke and check-revoked; shield by an admin', async () => {
    const gid = await group()
    const chat = chatServiceFor(t.db)
    await expect(chat.send(ids[2]!, { conversationID: `C2C${ids[4]}`, kind: 'text', text: '私聊' })).rejects.toMatchObject({ status: 403, message: M.cannotPrivate })
    const sent = await chat.send(ids[2]!, { conversationID: `C2C${ids[1]}`, kind: 'text', text: '请教管理员' })
    expect(sent.conversationID).toBe(`C2C${ids[1]}`)
    const check = (who: number, seq: number) => call('GET', `/api/group-chat/msg/check-revoked/v1?conversationId=C2C${ids[who === 2 ? 1 : 2]}&msgSeq=${seq}`, h[who]!)
    expect((await check(1, sent.sequence!)).body.result).toEqual({ revoked: false })
    await expect(chat.revoke(ids[1]!, sent.ID)).rejects.toMatchObject({ status: 403 })
    await chat.revoke(ids[2]!, sent.ID)
    expect((await check(1, sent.sequence!)).body.result).toEqual({ revoked: true })
    expect((await call('GET', `/api/group-chat/msg/check-revoked/v1?conversationId=C2C${ids[1]}&msgSeq=${sent.sequence}`, h[5]!)).status).toBe(404)

    const groupMsg = await chat.send(ids[2]!, { conversationID: `GROUP${gid}`, kind: 'text', text: '广告' })
    expect((await call('PUT', '/api/group-chat/modify-group-msg/bizType', h[2]!, { action: 'shieldMsg', msgId: groupMsg.ID })).status).toBe(403)
    await ok('PUT', '/api/group-chat/modify-group-msg/bizType', h[1]!, { action: 'shieldMsg', msgId: groupMsg.ID })
    const page = await chat.history(ids[3]!, { conversationID: `GROUP${gid}` })
    const marker = page.messageList.at(-1)!
    expect(JSON.parse(marker.cloudCustomData!)).toEqual({ bizType: 'shieldMsg', data: { msgId: groupMsg.ID } })
  })
  it('receive options 0 / 2 change what the conversation reports; the sender gets no unread, others do', async () => {
    const gid = await group()
    const chat = chatServiceFor(t.db)
    await chat.send(ids[0]!, { conversationID: `GROUP${gid}`, kind: 'at', text: '@张三 看看', atUserList: [String(ids[2])] })
    const of = async (u: number) => (await chat.conversations(ids[u]!)).find((c) => c.conversationID === `GROUP${gid}`)!
    expect((await of(0)).unreadCount).toBe(0)
    expect(await of(2)).toMatchObject({ unreadCount: 1, groupAtInfoList: [{ atType: 1 }], messageRemindType: 'AcceptAndNotify' })
    await ok('POST', '/api/group-chat/receive-message-opt', h[2]!, { conversationIds: [`GROUP${gid}`], opt: 2 })
    expect((await of(2)).messageRemindType).toBe('AcceptNotNotify')
    expect((await call('POST', '/api/group-chat/receive-message-opt', h[2]!, { conversationIds: [`GROUP${gid}`], opt: 1 })).status).toBe(400)
    expect((await call('POST', '/api/group-chat/receive-message-opt', h[5]!, { conversationIds: [`GROUP${gid}`], opt: 2 })).status).toBe(404)
  })
  it('the message helper sends one-to-one to every member of the admin’s groups; a member may not', async () => {
    const gid = await group()
    const r = await ok('POST', '/api/group-chat/batch/one2one/v1', h[1]!, { groupIds: [gid], content: '今晚直播', pictureUrls: ['/pictures/a.png'], riskTipId: 3 })
    expect(r).toEqual({ sent: 6, conversations: 3 })
    const page = await chatServiceFor(t.db).history(ids[3]!, { conversationID: `C2C${ids[1]}` })
    expect(page.messageList.map((m) => m.type)).toEqual(['TIMTextElem', 'TIMImageElem'])
    expect(JSON.parse(page.messageList[0]!.cloudCustomData!)).toEqual({ riskTipId: 3 })
    expect((await call('POST', '/api/group-chat/batch/one2one/v1', h[2]!, { groupIds: [gid], content: 'x' })).status).toBe(403)
    expect((await call('POST', '/api/group-chat/batch/one2one/v1', h[1]!, { groupIds: [gid], pictureUrls: ['javascript:alert(1)'] })).status).toBe(400)
  })
})

describe('the userSig and the chatrooms', () => {
  it('the server signs a UserSig for the reader only; the local relay accepts it and refuses another user’s', async () => {
    const sig = await ok('GET', '/api/financial-circle/live-column/im/userSig/v1', h[2]!)
    expect(sig).toMatchObject({ userId: String(ids[2]), service: 'local', socketPath: '/api/chat/socket' })
    const key = chatConfig(process.env).key
    expect(verifyUserSig(key, String(ids[2]), sig.userSig, TEST_NOW)).toBe(true)
    expect(verifyUserSig(key, String(ids[3]), sig.userSig, TEST_NOW)).toBe(false)
    expect(verifyUserSig(key, String(ids[2]), sig.userSig, TEST_NOW + sig.expireSeconds + 1)).toBe(false)
    expect(verifyUserSig({ ...key, secret: 'other' }, String(ids[2]), sig.userSig, TEST_NOW)).toBe(false)
    expect((await call('GET', '/api/financial-circle/live-column/im/userSig/v1', guest)).status).toBe(401)
  })
  it('chatroom check, history and the message check', async () => {
    const g = await ok('POST', '/api/group-chat/v1', h[0]!, { name: '首席聊天室', groupType: 'ChatRoom' })
    const room = (await sql<{ id: number }>`INSERT INTO chatrooms (group_id, chief) VALUES (${g.groupId}, true) RETURNING id`.execute(t.db.kysely)).rows[0]!.id
    expect(await ok('GET', `/api/chatroom/check/v2?id=${room}`, h[5]!)).toMatchObject({ id: room, groupId: g.groupId, canSpeak: true })
    expect(await ok('GET', '/api/chatroom/check/v2', h[5]!)).toMatchObject({ name: '首席聊天室', canSpeak: true })
    const chat = chatServiceFor(t.db)
    await chat.joinOpenGroup(ids[5]!, g.groupId)
    await chat.send(ids[5]!, { conversationID: `GROUP${g.groupId}`, kind: 'text', text: '大家好' })
    const page = await ok('GET', `/api/chatroom/${room}/message/v1`, h[4]!)
    expect(page.list.map((m: { text: string }) => m.text)).toContain('大家好')
    expect(await ok('POST', '/api/chatroom/check/msg/v1', h[5]!, { id: room, content: '正常发言' })).toEqual({ pass: true, message: '' })
    expect(await ok('POST', '/api/chatroom/check/msg/v1', h[5]!, { content: '赌 博 带你发财' })).toEqual({ pass: false, message: M.sensitive })
    expect(await ok('POST', '/api/chatroom/check/msg/v1', h[5]!, { content: 'a'.repeat(TEXT_MAX_BYTES + 1) })).toMatchObject({ pass: false })
    expect((await call('GET', '/api/chatroom/999999/message/v1', h[4]!)).status).toBe(404)
    expect((await call('GET', '/api/chatroom/check/v2', guest)).status).toBe(401)
  })
})

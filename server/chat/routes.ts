// Routes of chat (issue 14; spec 001 §7 'Group chat', the live column's userSig; spec 000 §7 chatrooms),
// registered by server/app.ts. Thin: sign-in, then one call of the chat service (service.ts), which
// enforces the chat rules and pushes events to the local relay's sockets.
import type { Context, Hono } from 'hono'
import * as Schema from 'effect/Schema'
import * as Result from 'effect/Result'
import { sql } from 'kysely'
import * as api from '../../core/api/chat'
import type { RegisterFeature } from '../feature'
import { route, messageFor } from '../http/route'
import { ApiError, failure, MESSAGES, notFound } from '../http/api-error'
import { issueMessage } from '../http/issue-message'
import { getCookie } from 'hono/cookie'
import { cookieName, hashToken, requireUser, SESSION_COOKIE } from '../accounts/session'
import { contentLang } from '../i18n/to-hk'
import type { Db } from '../db/db'
import { CHAT_MESSAGES as M, MEMBER_PAGE_SIZE, TEXT_MAX_BYTES, USER_SIG_TTL_SECONDS, utf8Bytes } from '../../core/chat/limits'
import { LOCAL_SOCKET_PATH } from '../../core/chat/local-protocol'
import { numberedPage } from '../../core/api/page'
import { containsForbiddenWord } from '../posting/moderation'
import { chatServiceFor, type ChatService } from './service'
import { tencentGroupMirror, TENCENT_REST_URL } from './tencent-rest'
import { chatConfig } from './config'
import { genUserSig } from './user-sig'
import { groupById, groupKey, isMutedNow, memberOf, removalsSeenBy, toGroupMember, type GroupRow, type MemberRow } from './store'
import { phonesFromSpreadsheet } from './spreadsheet'

const summary = (g: GroupRow, role: MemberRow['role'] | null): api.GroupSummary => ({
  groupId: g.group_id,
  name: g.name,
  groupType: g.group_type,
  avatar: g.avatar,
  memberCount: g.member_count,
  muteAllMember: g.mute_all,
  role,
})
const member = (m: MemberRow): api.GroupMember => ({ ...toGroupMember(m), role: m.role })

/** Phones → user ids (a phone may carry a '+code ' prefix; the number after it is matched). */
async function usersByPhones(db: Db, phones: readonly string[]): Promise<{ ids: number[]; notFound: string[] }> {
  const numbers = phones.map((p) => p.replace(/^\+?\d{1,4} /, ''))
  const rows = (await sql<{ id: number; phone: string }>`SELECT id, phone FROM users WHERE phone = ANY(${sql.val(numbers)}::text[]) AND merged_into IS NULL`.execute(db.kysely)).rows
  const by = new Map(rows.map((r) => [r.phone, r.id]))
  return { ids: [...new Set(numbers.flatMap((n) => (by.has(n) ? [by.get(n)!] : [])))], notFound: phones.filter((_, i) => !by.has(numbers[i]!)) }
}
async function existingUsers(db: Db, ids: readonly number[]): Promise<number[]> {
  return (await sql<{ id: number }>`SELECT id FROM users WHERE id = ANY(${sql.val([...ids])}::int[]) AND merged_into IS NULL`.execute(db.kysely)).rows.map((r) => r.id)
}

const outcome = (changed: number[], notFoundKeys: string[], unchanged: number[]): api.BatchOutcome => ({
  userIds: changed.map(String),
  notFound: notFoundKeys,
  unchanged: unchanged.map(String),
})

async function join(chat: ChatService, operator: number, groupId: string, ids: number[], missing: string[]) {
  await chat.requireGroup(groupId)
  await chat.requireAdmin(groupId, operator)
  const r = await chat.addMembers(operator, groupId, ids)
  return outcome(r.added, missing, r.unchanged)
}
async function remove(chat: ChatService, operator: number, groupId: string, ids: number[], missing: string[]) {
  await chat.requireGroup(groupId)
  await chat.requireAdmin(groupId, operator)
  const r = await chat.removeMembers(operator, groupId, ids)
  return outcome(r.removed, missing, r.unchanged)
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`)

export const registerChat: RegisterFeature = (app, { db, clock, env }) => {
  const chat = chatServiceFor(db, clock)
  const config = chatConfig(env)
  // production path: our group changes go to Tencent's REST API first (server/chat/tencent-rest.ts)
  chat.useMirror(config.service === 'tencent' ? tencentGroupMirror({ key: config.key, baseUrl: env.TENCENT_IM_REST_URL || TENCENT_REST_URL, now: clock }) : null)
  const nowSeconds = () => Math.floor(clock() / 1000)
  const me = async (c: Context) => (await requireUser(c, db)).id

  route(app, api.imUserSig, async ({ c }) => {
    const id = await me(c)
    // the local relay's UserSig carries (signed) the session that asked for it, and signs in only while
    // that session lives (logout ends it: issue 23); Tencent's is its standard one
    const session = hashToken(getCookie(c, cookieName(c, SESSION_COOKIE)) ?? '')
    return {
      sdkAppId: config.key.sdkAppId,
      userId: String(id),
      userSig: genUserSig(config.key, String(id), USER_SIG_TTL_SECONDS, nowSeconds(), ...(config.service === 'local' ? [session] : [])),
      expireSeconds: USER_SIG_TTL_SECONDS,
      service: config.service,
      socketPath: config.service === 'local' ? LOCAL_SOCKET_PATH : '',
    }
  })

  route(app, api.createGroup, async ({ body, c }) => {
    const id = await me(c)
    const cert = await sql<{ t: number | null }>`SELECT advisory_cert_time AS t FROM users WHERE id = ${id}`.execute(db.kysely)
    if (cert.rows[0]?.t == null) throw new ApiError(403, M.notCertified)
    const name = body.name.trim()
    if (name === '') throw new ApiError(400, '请输入群名称')
    return summary(await chat.createGroup(id, name, body.groupType ?? 'Work'), 'Owner')
  })
  route(app, api.joinByPhones, async ({ body, c }) => {
    const operator = await me(c)
    const { ids, notFound: missing } = await usersByPhones(db, body.phones)
    return join(chat, operator, body.groupId, ids, missing)
  })
  route(app, api.removeByPhones, async ({ body, c }) => {
    const operator = await me(c)
    const { ids, notFound: missing } = await usersByPhones(db, body.phones)
    return remove(chat, operator, body.groupId, ids, missing)
  })
  route(app, api.joinByUserIds, async ({ body, c }) => {
    const operator = await me(c)
    const wanted = [...new Set(body.userIds.map(Number))]
    const found = await existingUsers(db, wanted)
    return join(chat, operator, body.groupId, found, wanted.filter((u) => !found.includes(u)).map(String))
  })
  spreadsheetRoute(app, db, api.excelJoin, async (operator, groupId, phones) => {
    const { ids, notFound: missing } = await usersByPhones(db, phones)
    return join(chat, operator, groupId, ids, missing)
  })
  spreadsheetRoute(app, db, api.excelRemove, async (operator, groupId, phones) => {
    const { ids, notFound: missing } = await usersByPhones(db, phones)
    return remove(chat, operator, groupId, ids, missing)
  })
  route(app, api.kickMember, async ({ body, c }) => {
    const operator = await me(c)
    const r = await chat.removeMembers(operator, body.groupId, [Number(body.userId)])
    if (r.removed.length === 0) throw notFound('该用户不是群成员')
    return true
  })
  route(app, api.muteMember, async ({ body, c }) =>
    member(await chat.mute(await me(c), body.groupId, Number(body.userId), body.muteStatus, body.muteTimeHour ?? -1)),
  )
  route(app, api.muteAllMember, async ({ body, c }) => {
    const id = await me(c)
    const g = await chat.muteAll(id, body.groupId, body.muteAllMember)
    return summary(g, (await memberOf(db.kysely, body.groupId, id))?.role ?? null)
  })
  route(app, api.setAdmin, async ({ body, c }) => member(await chat.setAdmin(await me(c), body.groupId, Number(body.userId), body.admin)))
  route(app, api.addFriend, async ({ body, c }) => ({ conversationID: await chat.addFriend(await me(c), Number(body.toAccount), body.groupId) }))
  route(app, api.listNotValidMember, async ({ query, c }) => {
    const id = await me(c)
    await chat.requireGroup(query.groupId)
    await chat.requireAdmin(query.groupId, id)
    const rows = await sql<MemberRow>`SELECT m.user_id, u.nick, u.avatar, m.role, m.mute_until FROM chat_members m JOIN users u ON u.id = m.user_id
      WHERE m.group_id = ${query.groupId} AND u.merged_into IS NOT NULL ORDER BY m.user_id`.execute(db.kysely)
    return rows.rows.map(member)
  })
  route(app, api.roleCheck, async ({ c }) => {
    const id = await me(c)
    const r = await sql`SELECT 1 FROM chat_members WHERE user_id = ${id} AND role IN ('Owner', 'Admin') LIMIT 1`.execute(db.kysely)
    return { isGroupAdminOrOwner: r.rows.length > 0 }
  })
  route(app, api.memberSearch, async ({ query, c }) => {
    const id = await me(c)
    await chat.requireGroup(query.groupId)
    await chat.requireMember(query.groupId, id)
    const page = query.page ?? 1
    const count = query.count ?? MEMBER_PAGE_SIZE
    const like = `%${escapeLike((query.keyword ?? '').trim())}%`
    const where = sql`m.group_id = ${query.groupId} AND u.nick ILIKE ${like}`
    const total = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_members m JOIN users u ON u.id = m.user_id WHERE ${where}`.execute(db.kysely)).rows[0]!.n
    const rows = await sql<MemberRow>`SELECT m.user_id, u.nick, u.avatar, m.role, m.mute_until FROM chat_members m JOIN users u ON u.id = m.user_id WHERE ${where}
      ORDER BY CASE m.role WHEN 'Owner' THEN 0 WHEN 'Admin' THEN 1 ELSE 2 END, m.joined_at, m.user_id LIMIT ${count} OFFSET ${(page - 1) * count}`.execute(db.kysely)
    return numberedPage(rows.rows.map(member), { page, count, total })
  })
  route(app, api.userTags, async ({ params, c }) => {
    await me(c)
    const friend = await friendsWithTags(db, [Number(params.userId)])
    if (friend.length === 0) throw notFound(M.userNotFound)
    return friend[0]!
  })
  route(app, api.batchOne2One, async ({ body, c }) =>
    chat.batchOne2One(await me(c), [...new Set(body.groupIds)], body.content ?? '', body.pictureUrls ?? [], body.riskTipId ?? null),
  )
  route(app, api.receiveMessageOpt, async ({ body, c }) => {
    const id = await me(c)
    for (const conversationId of new Set(body.conversationIds)) await chat.setReceiveOpt(id, conversationId, body.opt)
    return true
  })
  route(app, api.checkConversation, async ({ params, c }) => {
    const id = await me(c)
    const g = await groupById(db.kysely, params.id)
    if (!g) throw notFound(M.groupNotFound)
    // a group's name and size are for its members only (issue 23)
    const mine = await chat.requireMember(g.group_id, id)
    return { ...summary(g, mine.role), blocked: g.blocked }
  })
  route(app, api.addressBook, async ({ body, c }) => {
    const id = await me(c)
    const like = `%${escapeLike((body.keyword ?? '').trim())}%`
    const onlyGroup = body.groupId === undefined ? sql`` : sql`AND g.group_id = ${body.groupId}`
    const groups = await sql<{ group_id: string; name: string; avatar: string; role: MemberRow['role']; member_count: number }>`SELECT g.group_id, g.name, g.avatar, m.role,
        (SELECT count(*)::int FROM chat_members x WHERE x.group_id = g.group_id) AS member_count
      FROM chat_members m JOIN chat_groups g ON g.group_id = m.group_id WHERE m.user_id = ${id} AND g.name ILIKE ${like} ${onlyGroup} ORDER BY g.created_at DESC`.execute(db.kysely)
    const friendIds = (await sql<{ friend_id: number }>`SELECT f.friend_id FROM chat_friends f JOIN users u ON u.id = f.friend_id
      WHERE f.user_id = ${id} AND u.nick ILIKE ${like} ORDER BY f.created_at DESC LIMIT 500`.execute(db.kysely)).rows.map((r) => r.friend_id)
    return {
      groups: groups.rows.map((g) => ({
        groupID: g.group_id,
        name: g.name,
        avatar: g.avatar,
        // spec 001 §6: member counts only for groups where the user is Owner or Admin
        memberCount: g.role === 'Member' ? null : g.member_count,
        selfInfo: { role: g.role },
      })),
      friends: await friendsWithTags(db, friendIds),
    }
  })
  route(app, api.checkRevoked, async ({ query, c }) => ({ revoked: await chat.isRevoked(await me(c), query.conversationId, query.msgSeq) }))
  route(app, api.modifyGroupMsgBizType, async ({ body, c }) => {
    await chat.shield(await me(c), body.msgId, body.action)
    return true
  })
  route(app, api.removeRecords, async ({ params, query, c }) => {
    const id = await me(c)
    if (String(id) !== params.operId) throw new ApiError(403, M.noPermission)
    const page = query.page ?? 1
    const count = query.count ?? MEMBER_PAGE_SIZE
    const { rows, total } = await removalsSeenBy(db.kysely, id, { page, count })
    return numberedPage(
      rows.map((r) => ({ groupId: r.group_id, groupName: r.group_name, userId: String(r.user_id), nick: r.nick ?? '', operNick: r.oper_nick ?? '', time: Number(r.at) })),
      { page, count, total },
    )
  })

  // --- chatrooms (spec 000 §7) ---------------------------------------------------------------
  const chatroom = async (id: number | undefined) => {
    const r = await sql<{ id: number; group_id: string }>`SELECT id, group_id FROM chatrooms WHERE ${id === undefined ? sql`chief` : sql`id = ${id}`} ORDER BY id LIMIT 1`.execute(db.kysely)
    const room = r.rows[0]
    if (!room) throw notFound(M.chatroomNotFound)
    return { room, group: (await groupById(db.kysely, room.group_id))! }
  }
  route(app, api.chatroomCheck, async ({ query, c }) => {
    const id = await me(c)
    const { room, group } = await chatroom(query.id)
    const m = await memberOf(db.kysely, group.group_id, id)
    const canSpeak = !group.blocked && !(m && isMutedNow(Number(m.mute_until), nowSeconds())) && !(group.mute_all && (m?.role ?? 'Member') === 'Member')
    return { id: room.id, groupId: group.group_id, name: group.name, canSpeak }
  })
  route(app, api.chatroomMessages, async ({ params, query, c }) => {
    await me(c)
    const { group } = await chatroom(params.id)
    const count = query.count ?? 20
    const rows = (await sql<{ msg_id: string; sender_id: number; nick: string; avatar: string; time: number; type: string; payload: { text?: string }; seq: number }>`SELECT m.msg_id, m.sender_id, u.nick, u.avatar, m.time, m.type, m.payload, m.seq
      FROM chat_messages m JOIN users u ON u.id = m.sender_id WHERE m.conv_key = ${groupKey(group.group_id)} AND NOT m.revoked AND m.seq < ${query.seq ?? 2_147_483_647}
      ORDER BY m.seq DESC LIMIT ${count + 1}`.execute(db.kysely)).rows
    return {
      list: rows.slice(0, count).map((r) => ({ ID: r.msg_id, from: String(r.sender_id), nick: r.nick, avatar: r.avatar, time: Number(r.time), type: r.type, text: typeof r.payload?.text === 'string' ? r.payload.text : '', seq: r.seq })),
      hasMore: rows.length > count,
    }
  })
  route(app, api.chatroomCheckMsg, async ({ body, c }) => {
    const id = await me(c)
    const text = body.content
    if (text.trim() === '') return { pass: false, message: M.emptyText }
    if (utf8Bytes(text) > TEXT_MAX_BYTES) return { pass: false, message: M.textTooLong }
    if (containsForbiddenWord(text)) return { pass: false, message: M.sensitive }
    if (body.id !== undefined) {
      const { group } = await chatroom(body.id)
      const m = await memberOf(db.kysely, group.group_id, id)
      if (m && isMutedNow(Number(m.mute_until), nowSeconds())) return { pass: false, message: M.muted }
    }
    return { pass: true, message: '' }
  })

  // images sent through the local relay: named by an unguessable key, read by their conversation's people only
  app.get('/api/chat/images/:key{[A-Za-z0-9_-]{22,43}}', async (c) => {
    let image: { mime: string; data: Uint8Array } | undefined
    try {
      image = await chat.image((await requireUser(c, db)).id, c.req.param('key'))
    } catch (error) {
      if (error instanceof ApiError) return c.json(failure(error.status, messageFor(contentLang(c.req.header('Client-Lang')), error.message)), error.status as 401)
      throw error
    }
    if (!image) return c.json(failure(404, '图片不存在'), 404)
    return c.body(image.data as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': image.mime, 'Cache-Control': 'private, max-age=86400' })
  })
}

async function friendsWithTags(db: Db, ids: readonly number[]): Promise<api.Friend[]> {
  if (ids.length === 0) return []
  const users = (await sql<{ id: number; nick: string; avatar: string }>`SELECT id, nick, avatar FROM users WHERE id = ANY(${sql.val([...ids])}::int[])`.execute(db.kysely)).rows
  const tags = (await sql<{ user_id: number; kind: string; tag: string }>`SELECT user_id, kind, tag FROM chat_user_tags WHERE user_id = ANY(${sql.val([...ids])}::int[]) ORDER BY tag`.execute(db.kysely)).rows
  const of = (u: number, kind: string) => {
    const list = tags.filter((t) => t.user_id === u && t.kind === kind).map((t) => t.tag)
    return list.length > 0 ? [{ tags: list }] : []
  }
  const by = new Map(users.map((u) => [u.id, u]))
  return ids.flatMap((id) => {
    const u = by.get(id)
    return u
      ? [{ userId: String(u.id), nick: u.nick, avatar: u.avatar, wechatPersonalTags: of(id, 'wechatPersonal'), guruPersonalTags: of(id, 'guruPersonal'), wechatEnterpriseTags: of(id, 'wechatEnterprise') }]
      : []
  })
}

/** A multipart upload (field `file`) with groupId in the query: decoded like route() does, answered in the envelope. */
function spreadsheetRoute(
  app: Hono,
  db: Db,
  endpoint: typeof api.excelJoin,
  handle: (operator: number, groupId: string, phones: string[]) => Promise<api.BatchOutcome>,
): void {
  const decodeQuery = Schema.decodeUnknownResult(endpoint.query)
  const encode = Schema.encodeUnknownSync(endpoint.result)
  app.post(endpoint.path, async (c) => {
    const lang = contentLang(c.req.header('Client-Lang'))
    const fail = (status: number, message: string) => c.json(failure(status, messageFor(lang, message)), status as 400)
    const query = decodeQuery(c.req.query())
    if (Result.isFailure(query)) return fail(400, issueMessage(endpoint.query, query.failure, '参数'))
    try {
      const operator = (await requireUser(c, db)).id
      if (!/^\s*multipart\/form-data\b/i.test(c.req.header('Content-Type') ?? '')) return fail(400, M.badSpreadsheet)
      const form = await c.req.formData().catch(() => null)
      const file = form?.get('file')
      if (!file || typeof file === 'string') return fail(400, M.badSpreadsheet)
      const phones = await phonesFromSpreadsheet(new Uint8Array(await file.arrayBuffer()), file.name)
      const result = await handle(operator, query.success.groupId, phones)
      return c.json({ statusCode: 200, message: MESSAGES.ok, result: encode(result) })
    } catch (error) {
      if (error instanceof ApiError) return fail(error.status, error.message)
      throw error
    }
  })
}

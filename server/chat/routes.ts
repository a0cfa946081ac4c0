// Routes of chat (issue 14; spec 001 §7 'Group chat', the live column's userSig; spec 000 §7 chatrooms),
// registered by server/app.ts. Thin and without SQL: sign-in, then one call of the chat service
// (service.ts: the writes, the chat rules, the pushes to the local relay's sockets) or of the chat
// directory (directory.ts: the reads), both over the chat data modules (*-repository.ts).
import type { Context, Hono } from 'hono'
import * as Schema from 'effect/Schema'
import * as Result from 'effect/Result'
import * as api from '../../core/api/chat'
import type { RegisterFeature } from '../feature'
import { route, messageFor } from '../http/route'
import { ApiError, failure, MESSAGES, notFound } from '../http/api-error'
import { issueMessage } from '../http/issue-message'
import { getCookie } from 'hono/cookie'
import { cookieName, hashToken, requireUser, SESSION_COOKIE } from '../accounts/session'
import { contentLang } from '../i18n/to-hk'
import type { Db } from '../db/db'
import { CHAT_MESSAGES as M, MEMBER_PAGE_SIZE, USER_SIG_TTL_SECONDS } from '../../core/chat/limits'
import { LOCAL_SOCKET_PATH } from '../../core/chat/local-protocol'
import { numberedPage } from '../../core/api/page'
import { chatServiceFor, type ChatService } from './service'
import { tencentGroupMirror, TENCENT_REST_URL } from './tencent-rest'
import { chatConfig } from './config'
import { genUserSig } from './user-sig'
import { chatDirectory } from './directory'
import type { GroupRow } from './groups-repository'
import { toGroupMember, type MemberRow } from './members-repository'
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

export const registerChat: RegisterFeature = (app, { db, clock, env }) => {
  const chat = chatServiceFor(db, clock)
  const directory = chatDirectory(db, clock)
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
    if (!(await directory.isCertifiedAdviser(id))) throw new ApiError(403, M.notCertified)
    const name = body.name.trim()
    if (name === '') throw new ApiError(400, '请输入群名称')
    return summary(await chat.createGroup(id, name, body.groupType ?? 'Work'), 'Owner')
  })
  route(app, api.joinByPhones, async ({ body, c }) => {
    const operator = await me(c)
    const { ids, notFound: missing } = await directory.usersByPhones(body.phones)
    return join(chat, operator, body.groupId, ids, missing)
  })
  route(app, api.removeByPhones, async ({ body, c }) => {
    const operator = await me(c)
    const { ids, notFound: missing } = await directory.usersByPhones(body.phones)
    return remove(chat, operator, body.groupId, ids, missing)
  })
  route(app, api.joinByUserIds, async ({ body, c }) => {
    const operator = await me(c)
    const wanted = [...new Set(body.userIds.map(Number))]
    const found = await directory.existingUsers(wanted)
    return join(chat, operator, body.groupId, found, wanted.filter((u) => !found.includes(u)).map(String))
  })
  spreadsheetRoute(app, db, api.excelJoin, async (operator, groupId, phones) => {
    const { ids, notFound: missing } = await directory.usersByPhones(phones)
    return join(chat, operator, groupId, ids, missing)
  })
  spreadsheetRoute(app, db, api.excelRemove, async (operator, groupId, phones) => {
    const { ids, notFound: missing } = await directory.usersByPhones(phones)
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
    return summary(g, await chat.roleIn(body.groupId, id))
  })
  route(app, api.setAdmin, async ({ body, c }) => member(await chat.setAdmin(await me(c), body.groupId, Number(body.userId), body.admin)))
  route(app, api.addFriend, async ({ body, c }) => ({ conversationID: await chat.addFriend(await me(c), Number(body.toAccount), body.groupId) }))
  route(app, api.listNotValidMember, async ({ query, c }) => {
    const id = await me(c)
    await chat.requireGroup(query.groupId)
    await chat.requireAdmin(query.groupId, id)
    return (await directory.mergedAwayMembers(query.groupId)).map(member)
  })
  route(app, api.roleCheck, async ({ c }) => {
    const id = await me(c)
    return { isGroupAdminOrOwner: await directory.runsAnyGroup(id) }
  })
  route(app, api.memberSearch, async ({ query, c }) => {
    const id = await me(c)
    await chat.requireGroup(query.groupId)
    await chat.requireMember(query.groupId, id)
    const page = query.page ?? 1
    const count = query.count ?? MEMBER_PAGE_SIZE
    const { rows, total } = await directory.searchMembers(query.groupId, query.keyword ?? '', { page, count })
    return numberedPage(rows.map(member), { page, count, total })
  })
  route(app, api.userTags, async ({ params, c }) => {
    await me(c)
    const friend = await directory.friendsWithTags([Number(params.userId)])
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
    const g = await chat.requireGroup(params.id)
    // a group's name and size are for its members only (issue 23)
    const mine = await chat.requireMember(g.group_id, id)
    return { ...summary(g, mine.role), blocked: g.blocked }
  })
  route(app, api.addressBook, async ({ body, c }) => {
    const id = await me(c)
    return directory.addressBook(id, body.keyword ?? '', body.groupId)
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
    const { rows, total } = await directory.removals(id, { page, count })
    return numberedPage(
      rows.map((r) => ({ groupId: r.group_id, groupName: r.group_name, userId: String(r.user_id), nick: r.nick ?? '', operNick: r.oper_nick ?? '', time: Number(r.at) })),
      { page, count, total },
    )
  })

  // --- chatrooms (spec 000 §7) ---------------------------------------------------------------
  route(app, api.chatroomCheck, async ({ query, c }) => directory.chatroomCheck(await me(c), query.id))
  route(app, api.chatroomMessages, async ({ params, query, c }) => {
    await me(c)
    return directory.chatroomMessages(params.id, query.seq, query.count ?? 20)
  })
  route(app, api.chatroomCheckMsg, async ({ body, c }) => directory.checkChatroomText(await me(c), body.id, body.content))

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

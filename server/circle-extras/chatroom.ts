// The circle chatroom (issue 27; spec 001 §7 GET /api/financial-circle/chatroom-with-message/v1): one chat
// group per circle on the messaging port already built (server/chat), made on first use with the circle's
// owner as Owner; members only — the reader is added while their membership is valid, the circle's admins
// become the group's Admins, and anyone whose membership lapsed is taken out (by the owner, under chat's
// kick rule) before the answer. The newest messages come with it.
import type * as api from '../../core/api/circle-extras'
import type { ResultOf } from '../../core/api/endpoint'
import type { CircleRole } from '../../core/api/circles'
import { CIRCLE_MESSAGES } from '../../core/circles/limits'
import { CHATROOM_MESSAGES_SHOWN, COURSE_MESSAGES as M } from '../../core/courses/limits'
import { chatServiceFor } from '../chat/service'
import { groupKey, messagesBefore } from '../chat/messages-repository'
import type { Db } from '../db/db'
import { ApiError, notFound } from '../http/api-error'
import { circleContext } from './circle-context'
import { isMembershipValid } from '../../core/circles/access'
import { membersAmong } from '../circles/members-repository'
import { chatGroupOfCircle, recordChatGroup } from './circle-chat-groups-repository'
import { adminIdsOf } from '../circles/admins-repository'

type Chatroom = ResultOf<typeof api.chatroomWithMessage>

const CHATROOM_ROLES: readonly CircleRole[] = ['owner', 'admin', 'member']

/** The circle's group id, making the group (owner as Owner) the first time. */
async function groupOf(db: Db, clock: () => number, circle: { id: number; name: string; ownerId: number }, now: number): Promise<string> {
  const known = await chatGroupOfCircle(db, circle.id)
  if (known) return known
  const chat = chatServiceFor(db, clock)
  const group = await chat.createGroup(circle.ownerId, circle.name, 'Public')
  if (await recordChatGroup(db, circle.id, group.group_id, now)) return group.group_id
  // another request made one first: that one is the circle's (this empty group stays unused)
  return (await chatGroupOfCircle(db, circle.id))!
}

/**
 * The group's members whose membership of the circle lapsed (never the owner or the circle's admins):
 * their membership rows in one query, judged by core's isMembershipValid (no row: not a member).
 */
async function lapsedMembers(db: Db, clock: () => number, circleId: number, groupId: string, ownerId: number, now: number): Promise<number[]> {
  const [inGroup, adminIds] = await Promise.all([chatServiceFor(db, clock).members(ownerId, groupId), adminIdsOf(db, circleId)])
  const candidates = inGroup.map((m) => Number(m.userID)).filter((id) => id !== ownerId && !adminIds.includes(id))
  const rows = new Map((await membersAmong(db, circleId, candidates)).map((m) => [m.user_id, m]))
  return candidates.filter((id) => {
    const m = rows.get(id)
    return !isMembershipValid(m ? { expireTimestamp: m.expire_timestamp } : null, now)
  })
}

export async function chatroomWithMessage(db: Db, clock: () => number, circleId: number, userId: number, now: number): Promise<Chatroom> {
  const circle = await circleContext(db, circleId, userId, now)
  if (!circle) throw notFound(CIRCLE_MESSAGES.circleNotFound)
  const chat = chatServiceFor(db, clock)
  const groupId = await groupOf(db, clock, circle, now)
  // members only: whoever's membership lapsed leaves the group (the reader too, before being refused)
  const lapsed = await lapsedMembers(db, clock, circleId, groupId, circle.ownerId, now)
  if (lapsed.length > 0) await chat.removeMembers(circle.ownerId, groupId, lapsed)
  // the owner, the circle's admins and its members (a reviewer reads the circle but does not join its chat)
  if (!CHATROOM_ROLES.includes(circle.access.role)) throw new ApiError(403, M.chatroomMembersOnly)
  if ((await chat.roleIn(groupId, userId)) === null) {
    await chat.addMembers(circle.ownerId, groupId, [userId])
    if (circle.access.role === 'admin') await chat.setAdmin(circle.ownerId, groupId, userId, true)
  }
  const group = await chat.requireGroup(groupId)
  const role = (await chat.roleIn(groupId, userId)) ?? 'Member'
  const rows = await messagesBefore(db, groupKey(groupId), 2_147_483_647, CHATROOM_MESSAGES_SHOWN, { withRevoked: false })
  return {
    financialCircleId: circleId,
    groupId,
    conversationId: groupKey(groupId),
    name: group.name,
    avatar: circle.avatar,
    role,
    memberCount: group.member_count,
    messages: rows.slice(0, CHATROOM_MESSAGES_SHOWN).map((r) => {
      const text = typeof r.payload === 'object' && r.payload !== null && 'text' in r.payload ? r.payload.text : undefined
      return { ID: r.msg_id, from: String(r.sender_id), nick: r.sender_nick, avatar: r.sender_avatar, time: Number(r.time), type: r.type, text: typeof text === 'string' ? text : '', seq: Number(r.seq) }
    }),
  }
}

// The chat's reads for the HTTP group and chatroom calls (routes.ts): the address book, member search,
// the role check, users' tags, removal records, chatrooms and a chatroom's check of a text. Over the
// chat data modules (server/chat/*-repository.ts) and the users one; the rules come from core (who may
// speak now: core/chat/permissions speakBlock). Writes are the chat service's (service.ts).
import type { Db } from '../db/db'
import { notFound } from '../http/api-error'
import { advisoryCertOf, liveUserIds, liveUsersByPhones, profilesOf } from '../accounts/users-repository'
import type * as api from '../../core/api/chat'
import { CHAT_MESSAGES as M, SPEAK_BLOCK_MESSAGES, TEXT_MAX_BYTES, utf8Bytes } from '../../core/chat/limits'
import { speakBlock } from '../../core/chat/permissions'
import { containsForbiddenWord } from '../posting/moderation'
import { chatroomById, type ChatroomRow } from './chatrooms-repository'
import { friendIdsNamed } from './friends-repository'
import { groupById, groupsOfNamed, type GroupRow } from './groups-repository'
import { coreRole, memberOf, mergedAwayMembers, runsAnyGroup, searchMembers, type MemberRow } from './members-repository'
import { groupKey, messagesBefore } from './messages-repository'
import { removalsSeenBy, type RemovalRow } from './removals-repository'
import { tagsOf } from './user-tags-repository'

/** Our choice: the address book lists at most 500 friends. */
const FRIENDS_MAX = 500

/** A LIKE pattern that finds `s` anywhere, its own % and _ taken literally. */
export const containing = (s: string): string => `%${s.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

export function chatDirectory(db: Db, clock: () => number) {
  const d = db.kysely
  const nowSeconds = () => Math.floor(clock() / 1000)

  const chatroom = async (id: number | undefined): Promise<{ room: ChatroomRow; group: GroupRow }> => {
    const room = await chatroomById(d, id)
    const group = room ? await groupById(d, room.group_id) : undefined
    if (!room || !group) throw notFound(M.chatroomNotFound)
    return { room, group }
  }
  /** Why this user may not speak in the group now (core's one rule), or null. */
  const blockOf = (group: GroupRow, m: MemberRow | undefined) =>
    speakBlock({ blocked: group.blocked, muteAll: group.mute_all }, m ? { role: coreRole(m.role), muteUntil: m.mute_until } : null, nowSeconds())

  return {
    /** Phones → live user ids (a phone may carry a '+code ' prefix; the number after it is matched). */
    async usersByPhones(phones: readonly string[]): Promise<{ ids: number[]; notFound: string[] }> {
      const numbers = phones.map((p) => p.replace(/^\+?\d{1,4} /, ''))
      const by = new Map((await liveUsersByPhones(d, numbers)).map((r) => [r.phone, r.id]))
      return { ids: [...new Set(numbers.flatMap((n) => (by.has(n) ? [by.get(n)!] : [])))], notFound: phones.filter((_, i) => !by.has(numbers[i]!)) }
    },
    existingUsers: (ids: readonly number[]) => liveUserIds(d, ids),
    /** spec 001 §6: only a certified adviser creates groups. */
    async isCertifiedAdviser(userId: number): Promise<boolean> {
      return (await advisoryCertOf(d, userId))?.advisory_cert_time != null
    },
    runsAnyGroup: (userId: number) => runsAnyGroup(d, userId),
    mergedAwayMembers: (groupId: string) => mergedAwayMembers(d, groupId),
    searchMembers: (groupId: string, keyword: string, at: { page: number; count: number }) => searchMembers(d, groupId, containing(keyword), at),

    /** Users with their personal, guru and enterprise tags, in the order asked (unknown ids left out). */
    async friendsWithTags(ids: readonly number[]): Promise<api.Friend[]> {
      const users = await profilesOf(d, ids)
      const tags = await tagsOf(d, ids)
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
    },

    /** spec 001 §7 address book: the reader's groups and friends whose name holds the keyword. */
    async addressBook(userId: number, keyword: string, groupId: string | undefined) {
      const like = containing(keyword)
      const groups = await groupsOfNamed(d, userId, like, groupId)
      const friends = await this.friendsWithTags(await friendIdsNamed(d, userId, like, FRIENDS_MAX))
      return {
        groups: groups.map((g) => ({
          groupID: g.group_id,
          name: g.name,
          avatar: g.avatar,
          // spec 001 §6: member counts only for groups where the user is Owner or Admin
          memberCount: g.role === 'Member' ? null : g.member_count,
          selfInfo: { role: g.role },
        })),
        friends,
      }
    },

    removals: (userId: number, at: { page: number; count: number }): Promise<{ rows: RemovalRow[]; total: number }> => removalsSeenBy(d, userId, at),

    /** GET /api/chatroom/check/v2: the chatroom and whether the reader may speak in it now. */
    async chatroomCheck(userId: number, id: number | undefined) {
      const { room, group } = await chatroom(id)
      const m = await memberOf(d, group.group_id, userId)
      return { id: room.id, groupId: group.group_id, name: group.name, canSpeak: blockOf(group, m) === null }
    },

    /** GET /api/chatroom/{id}/message/v1: `count` messages before `seq`, newest first. */
    async chatroomMessages(id: number, seq: number | undefined, count: number) {
      const { group } = await chatroom(id)
      const rows = await messagesBefore(d, groupKey(group.group_id), seq ?? 2_147_483_647, count, { withRevoked: false })
      return {
        list: rows.slice(0, count).map((r) => {
          const text = typeof r.payload === 'object' && r.payload !== null && 'text' in r.payload ? r.payload.text : undefined
          return { ID: r.msg_id, from: String(r.sender_id), nick: r.sender_nick, avatar: r.sender_avatar, time: r.time, type: r.type, text: typeof text === 'string' ? text : '', seq: r.seq }
        }),
        hasMore: rows.length > count,
      }
    },

    /** POST /api/chatroom/check/msg/v1: may this text be sent (length, words, and may the reader speak now)? */
    async checkChatroomText(userId: number, id: number | undefined, text: string): Promise<{ pass: boolean; message: string }> {
      if (text.trim() === '') return { pass: false, message: M.emptyText }
      if (utf8Bytes(text) > TEXT_MAX_BYTES) return { pass: false, message: M.textTooLong }
      if (containsForbiddenWord(text)) return { pass: false, message: M.sensitive }
      if (id !== undefined) {
        const { group } = await chatroom(id)
        const block = blockOf(group, await memberOf(d, group.group_id, userId))
        if (block !== null) return { pass: false, message: SPEAK_BLOCK_MESSAGES[block] }
      }
      return { pass: true, message: '' }
    },
  }
}
export type ChatDirectory = ReturnType<typeof chatDirectory>

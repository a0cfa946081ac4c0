// The chat_members table (015_chat.sql): who is in which group, their role and mute. One row type
// (MemberRow: the member with the nick and avatar of their user, joined here as lists of people do)
// and one mapper to the messaging service's member; kysely's builder wherever it can say the query.
import { sql } from 'kysely'
import { k, type Queryable } from '../db/queryable'
import type { ChatMembersTable } from '../db/schema'
import type { ChatRole } from '../../core/chat/permissions'
import type { ChatGroupMember } from '../../core/chat/messaging-port'
import type { MemberRole } from '../../core/api/chat'

export interface MemberRow {
  user_id: number
  nick: string
  avatar: string
  role: MemberRole
  mute_until: number
}

/** The service's role names → the core's (Member → ordinary). */
export const coreRole = (role: MemberRole): ChatRole => (role === 'Member' ? 'ordinary' : role)

export const toGroupMember = (m: MemberRow): ChatGroupMember & { role: ChatRole } => ({
  userID: String(m.user_id),
  nick: m.nick,
  avatar: m.avatar,
  role: coreRole(m.role),
  muteUntil: Number(m.mute_until),
})

// Owner first, then Admins, then members in the order they joined. A CASE over the role has no
// builder form short of kysely's eb.case chain, which says the same thing longer: kept as sql.
const BY_ROLE = sql`CASE m.role WHEN 'Owner' THEN 0 WHEN 'Admin' THEN 1 ELSE 2 END`

const members = (d: Queryable) =>
  k(d).selectFrom('chat_members as m').innerJoin('users as u', 'u.id', 'm.user_id').select(['m.user_id', 'u.nick', 'u.avatar', 'm.role', 'm.mute_until'])

const toMemberRow = (r: { user_id: number; nick: string; avatar: string; role: MemberRole; mute_until: string | number }): MemberRow => ({
  user_id: Number(r.user_id),
  nick: r.nick,
  avatar: r.avatar,
  role: r.role,
  mute_until: Number(r.mute_until),
})

export async function memberOf(d: Queryable, groupId: string, userId: number): Promise<MemberRow | undefined> {
  const r = await members(d).where('m.group_id', '=', groupId).where('m.user_id', '=', userId).executeTakeFirst()
  return r ? toMemberRow(r) : undefined
}

export async function membersOf(d: Queryable, groupId: string): Promise<MemberRow[]> {
  const rows = await members(d).where('m.group_id', '=', groupId).orderBy(BY_ROLE).orderBy('m.joined_at').orderBy('m.user_id').execute()
  return rows.map(toMemberRow)
}

/** A page of a group's members whose nick contains `like` (an ILIKE pattern), owner and admins first, and how many match. */
export async function searchMembers(d: Queryable, groupId: string, like: string, at: { page: number; count: number }): Promise<{ rows: MemberRow[]; total: number }> {
  const matching = members(d).where('m.group_id', '=', groupId).where('u.nick', 'ilike', like)
  const total = await k(d)
    .selectFrom('chat_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('m.group_id', '=', groupId)
    .where('u.nick', 'ilike', like)
    .executeTakeFirstOrThrow()
  const rows = await matching.orderBy(BY_ROLE).orderBy('m.joined_at').orderBy('m.user_id').limit(at.count).offset((at.page - 1) * at.count).execute()
  return { rows: rows.map(toMemberRow), total: Number(total.n) }
}

/** Members whose account was merged into another (spec 001 §7 list-not-valid-member). */
export async function mergedAwayMembers(d: Queryable, groupId: string): Promise<MemberRow[]> {
  const rows = await members(d).where('m.group_id', '=', groupId).where('u.merged_into', 'is not', null).orderBy('m.user_id').execute()
  return rows.map(toMemberRow)
}

/** Whether the user is Owner or Admin of any group. */
export async function runsAnyGroup(d: Queryable, userId: number): Promise<boolean> {
  const r = await k(d).selectFrom('chat_members').select('user_id').where('user_id', '=', userId).where('role', 'in', ['Owner', 'Admin']).limit(1).executeTakeFirst()
  return r !== undefined
}

/** The roles two users hold in each group they share. */
export async function sharedGroupRoles(d: Queryable, a: number, b: number): Promise<{ a: MemberRole; b: MemberRole }[]> {
  return k(d)
    .selectFrom('chat_members as ma')
    .innerJoin('chat_members as mb', 'mb.group_id', 'ma.group_id')
    .select(['ma.role as a', 'mb.role as b'])
    .where('ma.user_id', '=', a)
    .where('mb.user_id', '=', b)
    .execute()
}

/** A group's members' ids (its primary key's index alone: what a message's fan-out needs). */
export async function memberIdsOf(d: Queryable, groupId: string): Promise<number[]> {
  const rows = await k(d).selectFrom('chat_members').select('user_id').where('group_id', '=', groupId).execute()
  return rows.map((r) => Number(r.user_id))
}

/** Everyone in any of the groups but `except`, each once, by id. */
export async function memberIdsOfGroups(d: Queryable, groupIds: readonly string[], except: number): Promise<number[]> {
  if (groupIds.length === 0) return []
  const rows = await k(d).selectFrom('chat_members').select('user_id').distinct().where('group_id', 'in', [...groupIds]).where('user_id', '<>', except).orderBy('user_id').execute()
  return rows.map((r) => Number(r.user_id))
}

/** Adds members with a role; answers those who were not in already. */
export async function insertMembers(d: Queryable, groupId: string, userIds: readonly number[], role: ChatMembersTable['role'], now: number): Promise<number[]> {
  if (userIds.length === 0) return []
  const rows = await k(d)
    .insertInto('chat_members')
    .values(userIds.map((u) => ({ group_id: groupId, user_id: u, role, joined_at: now })))
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .execute()
  return rows.map((r) => Number(r.user_id))
}

export async function deleteMembers(d: Queryable, groupId: string, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return
  await k(d).deleteFrom('chat_members').where('group_id', '=', groupId).where('user_id', 'in', [...userIds]).execute()
}

export async function setMuteUntil(d: Queryable, groupId: string, userId: number, until: number): Promise<void> {
  await k(d).updateTable('chat_members').set({ mute_until: until }).where('group_id', '=', groupId).where('user_id', '=', userId).execute()
}

export async function setRole(d: Queryable, groupId: string, userId: number, role: ChatMembersTable['role']): Promise<void> {
  await k(d).updateTable('chat_members').set({ role }).where('group_id', '=', groupId).where('user_id', '=', userId).execute()
}

// The chat_groups table (015_chat.sql): a group chat, its mute-all and block switches. One row type
// (GroupRow: the group with its member count) and one mapper; kysely's builder for every query.
import type { ExpressionBuilder } from 'kysely'
import { k, type Queryable } from '../db/queryable'
import type { ChatGroupsTable, Database } from '../db/schema'
import type { ChatGroup } from '../../core/chat/messaging-port'
import type { MemberRole } from '../../core/api/chat'
import { coreRole } from './members-repository'

export interface GroupRow {
  group_id: string
  name: string
  group_type: ChatGroupsTable['group_type']
  avatar: string
  owner_id: number
  mute_all: boolean
  blocked: boolean
  member_count: number
}

/** How many members a group has (a correlated count, for `g`). */
const memberCount = (eb: ExpressionBuilder<Database & { g: ChatGroupsTable }, 'g'>) =>
  eb.selectFrom('chat_members as x').select((x) => x.fn.countAll<string | number>().as('n')).whereRef('x.group_id', '=', 'g.group_id').as('member_count')

const COLUMNS = ['g.group_id', 'g.name', 'g.group_type', 'g.avatar', 'g.owner_id', 'g.mute_all', 'g.blocked'] as const

type RawGroup = Omit<GroupRow, 'member_count'> & { member_count: string | number | null }
const toGroupRow = (r: RawGroup): GroupRow => ({ ...r, owner_id: Number(r.owner_id), member_count: Number(r.member_count ?? 0) })

export async function groupById(d: Queryable, groupId: string): Promise<GroupRow | undefined> {
  const r = await k(d).selectFrom('chat_groups as g').select(COLUMNS).select(memberCount).where('g.group_id', '=', groupId).executeTakeFirst()
  return r ? toGroupRow(r) : undefined
}

/** The groups `userId` is in (`g`), with their role in each (`m.role`) and the member count. */
function groupsOfQuery(d: Queryable, userId: number) {
  return k(d)
    .selectFrom('chat_members as m')
    .innerJoin('chat_groups as g', 'g.group_id', 'm.group_id')
    .select(COLUMNS)
    .select('m.role')
    .select(memberCount)
    .where('m.user_id', '=', userId)
}

/** The groups a user is in, newest first, as the messaging service lists them. */
export async function groupsOf(d: Queryable, userId: number): Promise<ChatGroup[]> {
  const rows = await groupsOfQuery(d, userId)
    .orderBy('g.created_at', 'desc')
    .orderBy('g.id', 'desc')
    .execute()
  return rows.map((r) => {
    const g = toGroupRow(r)
    return { groupID: g.group_id, name: g.name, avatar: g.avatar, memberCount: g.member_count, selfInfo: { role: coreRole(r.role) } }
  })
}

/** The groups a user is in whose name contains `like` (an ILIKE pattern), newest first, with the user's role: the address book. */
export async function groupsOfNamed(d: Queryable, userId: number, like: string, groupId?: string): Promise<(GroupRow & { role: MemberRole })[]> {
  let q = groupsOfQuery(d, userId).where('g.name', 'ilike', like)
  if (groupId !== undefined) q = q.where('g.group_id', '=', groupId)
  const rows = await q.orderBy('g.created_at', 'desc').execute()
  return rows.map((r) => ({ ...toGroupRow(r), role: r.role }))
}

export async function insertGroup(d: Queryable, group: { groupId: string; name: string; groupType: ChatGroupsTable['group_type']; ownerId: number; now: number }): Promise<void> {
  await k(d).insertInto('chat_groups').values({ group_id: group.groupId, name: group.name, group_type: group.groupType, owner_id: group.ownerId, created_at: group.now }).execute()
}

export async function setMuteAll(d: Queryable, groupId: string, muted: boolean): Promise<void> {
  await k(d).updateTable('chat_groups').set({ mute_all: muted }).where('group_id', '=', groupId).execute()
}

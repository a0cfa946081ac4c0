// The messages table (014_interaction.sql; the bell, spec 000 §7): every query on it, its row type
// and the one rule of which messages are shown. messages.ts is the service (groups, pages, texts).
import { expressionBuilder, type Expression, type Insertable, type Selectable, type SqlBool } from 'kysely'
import type { Database, MessagesTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'
import { approvedNow } from '../posting/visibility'

export type MessageRow = Selectable<MessagesTable>
export type MessageSource = MessageRow['source_type']

type MessagesDb = Database & { m: MessagesTable }

/**
 * A message is shown while what it is about is approved (or it is about nothing that is reviewed):
 * a comment under review is visible to its author only, so its notice waits for the approval.
 */
function shown(now: number): Expression<SqlBool> {
  const eb = expressionBuilder<MessagesDb, 'm'>()
  const post = eb.exists(eb.selectFrom('posts as p').select((e) => e.lit(1).as('one')).whereRef('p.id', '=', 'm.ref_id').where(approvedNow('p', now)))
  const comment = eb.exists(eb.selectFrom('comments as c').select((e) => e.lit(1).as('one')).whereRef('c.id', '=', 'm.ref_id').where(approvedNow('c', now)))
  return eb.or([eb('m.ref_source', 'is', null), eb.and([eb('m.ref_source', '=', 'post'), post]), eb.and([eb('m.ref_source', '=', 'comment'), comment])])
}

export async function insertMessage(d: Queryable, row: Insertable<MessagesTable>): Promise<void> {
  await k(d).insertInto('messages').values(row).execute()
}

/** The unread shown messages of a user, as a value a query can select beside other things (the login info). */
export function unreadCountExpression(userId: number, now: number) {
  const eb = expressionBuilder<Database, never>()
  return eb
    .selectFrom('messages as m')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('m.user_id', '=', userId)
    .where('m.read', '=', false)
    .where(shown(now))
}

export async function countUnread(d: Queryable, userId: number, now: number): Promise<number> {
  const row = await k(d)
    .selectFrom('messages as m')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.user_id', '=', userId)
    .where('m.read', '=', false)
    .where(shown(now))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Per group (source type, type): how many shown messages are unread. */
export async function unreadByGroup(d: Queryable, userId: number, now: number): Promise<{ source_type: MessageSource; type: string; unread: number }[]> {
  return k(d)
    .selectFrom('messages as m')
    .select((eb) => ['m.source_type', 'm.type', eb.fn.countAll<number>().filterWhere('m.read', '=', false).as('unread')])
    .where('m.user_id', '=', userId)
    .where(shown(now))
    .groupBy(['m.source_type', 'm.type'])
    .execute()
}

/** Per group: the newest shown message with its actor's nick. */
export async function newestByGroup(d: Queryable, userId: number, now: number): Promise<{ source_type: MessageSource; type: string; content: string; nick: string | null; create_timestamp: number | string }[]> {
  return k(d)
    .selectFrom('messages as m')
    .leftJoin('users as u', 'u.id', 'm.actor_id')
    .distinctOn(['m.source_type', 'm.type'])
    .select(['m.source_type', 'm.type', 'm.content', 'u.nick', 'm.create_timestamp'])
    .where('m.user_id', '=', userId)
    .where(shown(now))
    .orderBy('m.source_type')
    .orderBy('m.type')
    .orderBy('m.create_timestamp', 'desc')
    .orderBy('m.id', 'desc')
    .execute()
}

/** A message of a page, with its actor's nick and avatar. */
export type MessageListRow = Pick<MessageRow, 'id' | 'source_type' | 'type' | 'actor_id' | 'content' | 'subject' | 'link' | 'read' | 'create_timestamp'> & { nick: string | null; avatar: string | null }

/** One group's shown messages created before `before` (seconds), newest first. */
export async function listMessages(d: Queryable, q: { userId: number; sourceType: MessageSource; type: string; before: number; limit: number; now: number }): Promise<MessageListRow[]> {
  return k(d)
    .selectFrom('messages as m')
    .leftJoin('users as u', 'u.id', 'm.actor_id')
    .select(['m.id', 'm.source_type', 'm.type', 'm.actor_id', 'u.nick', 'u.avatar', 'm.content', 'm.subject', 'm.link', 'm.read', 'm.create_timestamp'])
    .where('m.user_id', '=', q.userId)
    .where('m.source_type', '=', q.sourceType)
    .where('m.type', '=', q.type)
    .where('m.create_timestamp', '<', q.before)
    .where(shown(q.now))
    .orderBy('m.create_timestamp', 'desc')
    .orderBy('m.id', 'desc')
    .limit(q.limit)
    .execute()
}

/** Marks read the shown unread messages of a user (of one source type, one type, up to one id); answers how many changed. */
export async function markMessagesRead(d: Queryable, q: { userId: number; sourceType?: MessageSource | undefined; type?: string | undefined; upToId?: number; now: number }): Promise<number> {
  const result = await k(d)
    .updateTable('messages as m')
    .set({ read: true })
    .where('m.user_id', '=', q.userId)
    .where('m.read', '=', false)
    .$if(q.sourceType !== undefined, (u) => u.where('m.source_type', '=', q.sourceType!))
    .$if(q.type !== undefined, (u) => u.where('m.type', '=', q.type!))
    .$if(q.upToId !== undefined, (u) => u.where('m.id', '<=', q.upToId!))
    .where(shown(q.now))
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

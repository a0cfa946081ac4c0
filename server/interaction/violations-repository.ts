// The violations table (014_interaction.sql; spec 000 §7, 001 §7): a rejected post or comment, or a
// circle's moment or comment taken down (028), appealable once. Written by the review's message
// (server/messages/events.ts) and the circles' take-down (server/circles/comments.ts), read and
// appealed in social.ts.
import type { Insertable, Selectable } from 'kysely'
import type { Violation } from '../../core/api/interaction'
import type { ViolationsTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export type ViolationRow = Selectable<ViolationsTable>

export const toViolation = (r: ViolationRow): Violation => ({
  id: Number(r.id),
  source: r.source,
  refId: Number(r.ref_id),
  subject: r.subject,
  reason: r.reason,
  appealStatus: r.appeal_status,
  createTimestamp: Number(r.create_timestamp),
})

/** Records a violation; one per post or comment (a second rejection keeps the first). */
export async function insertViolation(d: Queryable, row: Insertable<ViolationsTable>): Promise<void> {
  await k(d).insertInto('violations').values(row).onConflict((oc) => oc.columns(['source', 'ref_id']).doNothing()).execute()
}

/** A user's own violation, by its id or by what it is about. */
export async function findViolation(d: Queryable, userId: number, by: { id: number } | { source: ViolationRow['source']; refId: number }): Promise<ViolationRow | undefined> {
  let q = k(d).selectFrom('violations').selectAll().where('user_id', '=', userId)
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('source', '=', by.source).where('ref_id', '=', by.refId)
  return q.executeTakeFirst()
}

/** Files the appeal when none was filed; undefined when one was. */
export async function fileAppeal(d: Queryable, userId: number, id: number, content: string): Promise<ViolationRow | undefined> {
  return k(d)
    .updateTable('violations')
    .set({ appeal_status: 'pending', appeal_content: content })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('appeal_status', '=', 'none')
    .returningAll()
    .executeTakeFirst()
}

// The shares table (014_interaction.sql; spec 000 §7 POST /api/share/v1, v2, GET /api/share/public/{code}/v1):
// one public code per reader and item.
import type { Insertable, Selectable } from 'kysely'
import type { SharesTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export type ShareRow = Selectable<SharesTable>

/**
 * The reader's code for an item, made with `code` when there is none. One statement, so two shares of
 * one item at the same moment both answer the one code (a select then an insert let the second hit the
 * unique key: a 500); the no-op update makes RETURNING answer the existing row.
 */
export async function upsertShare(d: Queryable, row: Insertable<SharesTable>): Promise<string> {
  const r = await k(d)
    .insertInto('shares')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'source', 'ref_id']).doUpdateSet((eb) => ({ user_id: eb.ref('excluded.user_id') })))
    .returning('code')
    .executeTakeFirstOrThrow()
  return r.code
}

export async function findShare(d: Queryable, code: string): Promise<Pick<ShareRow, 'source' | 'ref_id'> | undefined> {
  return k(d).selectFrom('shares').select(['source', 'ref_id']).where('code', '=', code).executeTakeFirst()
}

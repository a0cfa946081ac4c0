// The read_history table (014_interaction.sql; spec 000 §7 'Account' reading history): the newest
// read of each item per reader.
import type { Insertable, Selectable } from 'kysely'
import type { ReadHistoryTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'
import type { ItemList } from './content-items'

export type ReadHistoryRow = Selectable<ReadHistoryTable>

/** Records a read; reading again moves it to now. */
export async function recordReadRow(d: Queryable, row: Insertable<ReadHistoryTable>): Promise<void> {
  await k(d)
    .insertInto('read_history')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'source', 'ref_id']).doUpdateSet((eb) => ({ read_timestamp: eb.ref('excluded.read_timestamp') })))
    .execute()
}

/** A reader's reads before `before` (seconds), as a list for content-items.ts. */
export function readsBefore(d: Queryable, userId: number, before: number): ItemList {
  return k(d).selectFrom('read_history').select(['source', 'ref_id', 'read_timestamp as at']).where('user_id', '=', userId).where('read_timestamp', '<', before)
}

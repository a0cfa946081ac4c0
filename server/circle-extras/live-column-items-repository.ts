// The live_column_items table (027_circle_extras.sql): what a live column lists, newest first. The one
// place its SQL lives.
import type { Insertable, Selectable } from 'kysely'
import type { LiveColumnItemsTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export type LiveItemRow = Selectable<LiveColumnItemsTable>

export async function liveItemsPage(d: Queryable, circleId: number, at: { page: number; count: number }): Promise<{ rows: LiveItemRow[]; total: number }> {
  const rows = await k(d)
    .selectFrom('live_column_items')
    .selectAll()
    .where('circle_id', '=', circleId)
    .orderBy('start_timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(at.count)
    .offset((at.page - 1) * at.count)
    .execute()
  return { rows, total: await liveItemCount(d, circleId) }
}

export async function liveItemCount(d: Queryable, circleId: number): Promise<number> {
  const r = await k(d).selectFrom('live_column_items').select((eb) => eb.fn.countAll<string | number>().as('n')).where('circle_id', '=', circleId).executeTakeFirstOrThrow()
  return Number(r.n)
}

export async function insertLiveItems(d: Queryable, rows: readonly Insertable<LiveColumnItemsTable>[]): Promise<void> {
  if (rows.length) await k(d).insertInto('live_column_items').values([...rows]).execute()
}

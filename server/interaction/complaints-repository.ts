// The complaints table (014_interaction.sql; POST /api/user/complain/{type}/v1): one per reader and target.
import type { Insertable } from 'kysely'
import type { ComplaintsTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

/** Records the complaint once per reader and target; answers its id (the first one's, when made again). */
export async function fileComplaint(d: Queryable, row: Insertable<ComplaintsTable>): Promise<number> {
  await k(d).insertInto('complaints').values(row).onConflict((oc) => oc.columns(['user_id', 'target_type', 'target_id']).doNothing()).execute()
  const r = await k(d)
    .selectFrom('complaints')
    .select('id')
    .where('user_id', '=', row.user_id)
    .where('target_type', '=', row.target_type)
    .where('target_id', '=', row.target_id)
    .executeTakeFirstOrThrow()
  return Number(r.id)
}

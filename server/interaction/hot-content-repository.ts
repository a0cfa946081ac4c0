// The hot_content_applications table (014_interaction.sql; spec 000 §7 POST /api/hotContent/application/apply):
// one application per post.
import type { Selectable } from 'kysely'
import type { HotContentApplicationsTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export type HotContentApplicationRow = Selectable<HotContentApplicationsTable>

/** The new application, or undefined when the post already has one. */
export async function insertHotContentApplication(
  d: Queryable,
  values: Pick<HotContentApplicationRow, 'user_id' | 'post_id' | 'reason' | 'create_timestamp'>,
): Promise<Pick<HotContentApplicationRow, 'id' | 'status'> | undefined> {
  return k(d).insertInto('hot_content_applications').values(values).onConflict((oc) => oc.column('post_id').doNothing()).returning(['id', 'status']).executeTakeFirst()
}

// The uploads table (014_interaction.sql): what is stored under each key, so it is served back with
// the type recorded at upload.
import type { Selectable } from 'kysely'
import type { UploadsTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export type UploadRow = Selectable<UploadsTable>

export async function insertUpload(d: Queryable, row: UploadRow): Promise<void> {
  await k(d).insertInto('uploads').values(row).execute()
}

export async function findUpload(d: Queryable, storageKey: string): Promise<Pick<UploadRow, 'kind' | 'name' | 'content_type'> | undefined> {
  return k(d).selectFrom('uploads').select(['kind', 'name', 'content_type']).where('storage_key', '=', storageKey).executeTakeFirst()
}

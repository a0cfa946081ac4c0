// The certification_images table (026_certification.sql): whose identity-card image each stored key is,
// so an application names only an image its own applicant uploaded.
import { k, type Queryable } from '../db/queryable'

export async function insertImage(d: Queryable, row: { image_id: string; user_id: number; create_time: number }): Promise<void> {
  await k(d).insertInto('certification_images').values(row).execute()
}

/** Who uploaded the image (undefined: no such identity-card image). */
export async function imageOwner(d: Queryable, imageId: string): Promise<number | undefined> {
  return (await k(d).selectFrom('certification_images').select('user_id').where('image_id', '=', imageId).executeTakeFirst())?.user_id
}

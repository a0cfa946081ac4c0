// The chat_images table (015_chat.sql, 020_chat_safety.sql): images sent through the local service,
// named by an unguessable key and belonging to the conversation they were sent in.
import { k, type Queryable } from '../db/queryable'
import type { ChatImagesTable } from '../db/schema'

export interface ImageRow {
  mime: ChatImagesTable['mime']
  data: Uint8Array
  conv_key: string
}

export async function insertImage(d: Queryable, image: { ownerId: number; mime: ChatImagesTable['mime']; data: Uint8Array; createdAt: number; key: string; convKey: string }): Promise<void> {
  await k(d)
    .insertInto('chat_images')
    .values({ owner_id: image.ownerId, mime: image.mime, data: image.data, created_at: image.createdAt, key: image.key, conv_key: image.convKey })
    .execute()
}

export async function imageByKey(d: Queryable, key: string): Promise<ImageRow | undefined> {
  return k(d).selectFrom('chat_images').select(['mime', 'data', 'conv_key']).where('key', '=', key).executeTakeFirst()
}

export async function deleteImage(d: Queryable, key: string): Promise<void> {
  await k(d).deleteFrom('chat_images').where('key', '=', key).execute()
}

// The chat_user_tags table (015_chat.sql; spec 001 §3 Friend): a user's personal, guru and enterprise tags.
import { k, type Queryable } from '../db/queryable'
import type { ChatUserTagsTable } from '../db/schema'

export interface UserTagRow {
  user_id: number
  kind: ChatUserTagsTable['kind']
  tag: string
}

export async function tagsOf(d: Queryable, userIds: readonly number[]): Promise<UserTagRow[]> {
  if (userIds.length === 0) return []
  const rows = await k(d).selectFrom('chat_user_tags').select(['user_id', 'kind', 'tag']).where('user_id', 'in', [...userIds]).orderBy('tag').execute()
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id) }))
}

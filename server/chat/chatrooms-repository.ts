// The chatrooms table (015_chat.sql; spec 000 §2 /chatroom/{id}): a chatroom is a group of type
// ChatRoom with a numeric id; one of them is the chief's.
import { k, type Queryable } from '../db/queryable'

export interface ChatroomRow {
  id: number
  group_id: string
}

/** The chatroom with this id, or the chief's when no id is given. */
export async function chatroomById(d: Queryable, id: number | undefined): Promise<ChatroomRow | undefined> {
  let q = k(d).selectFrom('chatrooms').select(['id', 'group_id'])
  q = id === undefined ? q.where('chief', '=', true) : q.where('id', '=', id)
  const r = await q.orderBy('id').limit(1).executeTakeFirst()
  return r ? { id: Number(r.id), group_id: r.group_id } : undefined
}

// The chat_group_attributes table (015_chat.sql): a group's attributes (the messaging service's
// setGroupAttributes, pushed as groupAttributes.updated).
import { k, type Queryable } from '../db/queryable'

export async function setAttribute(d: Queryable, groupId: string, key: string, value: string): Promise<void> {
  await k(d)
    .insertInto('chat_group_attributes')
    .values({ group_id: groupId, key, value })
    .onConflict((oc) => oc.columns(['group_id', 'key']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute()
}

export async function attributesOf(d: Queryable, groupId: string): Promise<Record<string, string>> {
  const rows = await k(d).selectFrom('chat_group_attributes').select(['key', 'value']).where('group_id', '=', groupId).execute()
  return Object.fromEntries(rows.map((r) => [r.key, r.value]))
}

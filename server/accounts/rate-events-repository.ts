// The rate_events table (002_accounts.sql): one row per counted event under a key (sign-in tries,
// codes sent, lookups), read back as "how many within the window".
import { k, type Queryable } from '../db/queryable'

/** Events under `key` after `since` (ms). */
export async function countEventsSince(d: Queryable, key: string, since: number): Promise<number> {
  const row = await k(d)
    .selectFrom('rate_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/**
 * Records an event under `key` only while fewer than `max` stand after `since`: the check and the record in
 * one statement (a chat send's rate). Answers whether it was recorded.
 */
export async function takeEventSlot(d: Queryable, key: string, at: number, since: number, max: number): Promise<boolean> {
  const db = k(d)
  const count = db.selectFrom('rate_events').select((s) => s.fn.countAll<number>().as('n')).where('key', '=', key).where('at', '>', since)
  const inserted = await db
    .insertInto('rate_events')
    .columns(['key', 'at'])
    .expression(
      db
        .selectNoFrom((eb) => [eb.cast<string>(eb.val(key), 'text').as('key'), eb.cast<number>(eb.val(at), 'bigint').as('at')])
        .where((eb) => eb(count, '<', max)),
    )
    .returning('id')
    .executeTakeFirst()
  return inserted !== undefined
}

export async function insertEvent(d: Queryable, key: string, at: number): Promise<void> {
  await k(d).insertInto('rate_events').values({ key, at }).execute()
}

/** Forgets the events under keys that start with any of `prefixes` and are older than `before` (ms). */
export async function deleteEventsBefore(d: Queryable, prefixes: readonly string[], before: number): Promise<void> {
  if (prefixes.length === 0) return
  await k(d)
    .deleteFrom('rate_events')
    .where((eb) => eb.or(prefixes.map((p) => eb('key', 'like', `${p}%`))))
    .where('at', '<', before)
    .execute()
}

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

// The write_counts table (021_write_limits.sql): the counts behind every write limit, shared by every
// server process. One statement adds to the current bucket of each key and answers each key's total
// over its window; refused writes are taken back; old buckets are swept.
import type { Db } from '../db/db'

export interface CountRow {
  key: string
  /** the bucket's start (ms) */
  bucket: number
  /** what this write adds: 1, or its bytes */
  cost: number
}

/**
 * Adds each row's cost to its (key, bucket) and answers, per key, the sum of its buckets from `since`
 * up to and including the added one. One INSERT … ON CONFLICT … DO UPDATE … RETURNING inside a
 * WITH: concurrent writers (in this or another process) each see the count including their own add,
 * and every earlier bucket is read from the statement's snapshot (the add touches only the current one).
 */
export async function addCounts(db: Db, rows: readonly CountRow[], since: number): Promise<Map<string, number>> {
  const result = await db.kysely
    .with('hit', (q) =>
      q
        .insertInto('write_counts')
        .values(rows.map((r) => ({ key: r.key, bucket: r.bucket, n: r.cost })))
        .onConflict((oc) => oc.columns(['key', 'bucket']).doUpdateSet((eb) => ({ n: eb('write_counts.n', '+', eb.ref('excluded.n')) })))
        .returning(['key', 'bucket', 'n']),
    )
    .selectFrom('hit')
    .select((eb) => [
      'hit.key',
      eb(
        'hit.n',
        '+',
        eb.fn.coalesce(
          eb
            .selectFrom('write_counts as earlier')
            .select((e) => e.cast<number>(e.fn.sum('earlier.n'), 'bigint').as('s'))
            .whereRef('earlier.key', '=', 'hit.key')
            .where('earlier.bucket', '>=', since)
            .whereRef('earlier.bucket', '<', 'hit.bucket'),
          eb.val(0),
        ),
      ).as('total'),
    ])
    .execute()
  return new Map(result.map((r) => [r.key, Number(r.total)]))
}

/** Takes back what addCounts added (a refused write is not counted). */
export async function takeBack(db: Db, rows: readonly CountRow[]): Promise<void> {
  for (const r of rows) {
    await db.kysely
      .updateTable('write_counts')
      .set((eb) => ({ n: eb('n', '-', r.cost) }))
      .where('key', '=', r.key)
      .where('bucket', '=', r.bucket)
      .execute()
  }
}

/** The totals of keys over their window without adding (a look before reading a large upload). */
export async function totals(db: Db, keys: readonly string[], since: number): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map()
  const rows = await db.kysely
    .selectFrom('write_counts')
    .select((eb) => ['key', eb.cast<number>(eb.fn.sum('n'), 'bigint').as('total')])
    .where('key', 'in', keys)
    .where('bucket', '>=', since)
    .groupBy('key')
    .execute()
  return new Map(rows.map((r) => [r.key, Number(r.total)]))
}

/** Removes buckets that started before `before` (older than every window). */
export async function sweep(db: Db, before: number): Promise<void> {
  await db.kysely.deleteFrom('write_counts').where('bucket', '<', before).execute()
}

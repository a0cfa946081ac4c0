// The chat seed's demo adviser (a phone anyone could sign in with where SMS is a sandbox, holding the
// advisory certification) exists only in the local mode (server/mode.ts): production seeds none.
import { afterEach, beforeAll, afterAll, describe, expect, it, vi } from 'vitest'
import { sql } from 'kysely'
import { openPglite, type Db } from '../db/db'
import { migrate } from '../db/migrate'
import { chatSeeds, DEMO_ADVISER_PHONE } from './seed'

let db: Db
const NOW = 1_700_000_000
const count = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(db.kysely)).rows[0]!.n)
const advisers = () => count(sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE phone = ${DEMO_ADVISER_PHONE}`)
const groups = () => count(sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_groups`)

beforeAll(async () => {
  db = await openPglite()
  await migrate(db)
}, 60_000)
afterAll(async () => db?.close())
afterEach(() => vi.unstubAllEnvs())

describe('chat seed', () => {
  it('seeds no demo adviser and no demo groups in production', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    for (const s of chatSeeds) await s.run(db, NOW)
    expect(await advisers()).toBe(0)
    expect(await groups()).toBe(0)
  })

  it('seeds the demo adviser, its group and the chief chatroom in the local mode', async () => {
    vi.stubEnv('NODE_ENV', 'development')
    for (const s of chatSeeds) await s.run(db, NOW)
    expect(await advisers()).toBe(1)
    expect(await groups()).toBe(2)
  })
})

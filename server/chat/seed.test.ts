// The chat seed's demo adviser (a phone anyone could sign in with where SMS is a sandbox, holding the
// advisory certification) exists only in the local mode (server/mode.ts): production seeds none.
import { afterEach, beforeAll, afterAll, describe, expect, it, vi } from 'vitest'
import { sql } from 'kysely'
import { openPglite, type Db } from '../db/db'
import { migrate } from '../db/migrate'
import { chatSeeds, DEMO_ADVISER_PHONE, DEMO_GROUP_NAME, DEMO_REMOVALS } from './seed'
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../membership/seed'

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
    // what runs before chat's seeds: the readers of the base seed (each with a phone) and the demo accounts
    for (const [i, nick] of ['读者甲', '读者乙', '读者丙'].entries()) await sql`INSERT INTO users (nick, phone, create_timestamp) VALUES (${nick}, ${`1380000000${i}`}, ${NOW})`.execute(db.kysely)
    await seedDemoAccounts(db, NOW)
    for (const s of chatSeeds) await s.run(db, NOW)
    expect(await advisers()).toBe(1)
    expect(await groups()).toBe(2)
  })

  it('seats the demo member as Admin and the demo reader as member of the demo group, and records two removals by the adviser', async () => {
    const members = (await sql<{ phone: string | null; role: string }>`SELECT u.phone, m.role FROM chat_members m JOIN chat_groups g ON g.group_id = m.group_id
      JOIN users u ON u.id = m.user_id WHERE g.name = ${DEMO_GROUP_NAME} ORDER BY m.role, u.phone`.execute(db.kysely)).rows
    expect(members).toEqual([
      { phone: DEMO_ACCOUNTS[1].phone, role: 'Admin' },
      { phone: DEMO_ACCOUNTS[0].phone, role: 'Member' },
      { phone: DEMO_ADVISER_PHONE, role: 'Owner' },
    ])
    const removals = (await sql<{ nick: string; oper: string; group_name: string }>`SELECT u.nick, o.phone AS oper, r.group_name FROM chat_removals r
      JOIN users u ON u.id = r.user_id JOIN users o ON o.id = r.oper_id ORDER BY r.id`.execute(db.kysely)).rows
    expect(removals).toHaveLength(DEMO_REMOVALS)
    expect(removals.every((r) => r.oper === DEMO_ADVISER_PHONE && r.group_name === DEMO_GROUP_NAME)).toBe(true)
    expect(removals.map((r) => r.nick).sort()).toEqual(['读者丙', '读者乙'])
    // a second run adds nothing
    for (const s of chatSeeds) await s.run(db, NOW)
    expect(Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_removals`.execute(db.kysely)).rows[0]!.n)).toBe(DEMO_REMOVALS)
    expect(Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_members`.execute(db.kysely)).rows[0]!.n)).toBe(4) // three in the demo group, the owner in the chatroom
  })
})

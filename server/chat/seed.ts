// Seed rows of chat (see server/db/feature-seeds.ts). Version 1400: a demo adviser of its own (the
// advisory certification — spec 001 §6: only they may create groups — and a demo phone to sign in
// with locally) who owns a demo group and the chief's chatroom (/chiefChatroom). Version 1401: the demo
// group's people — the demo member (server/membership/seed.ts) as its Admin, the demo reader as a member —
// and two readers the adviser removed earlier, so /chat/remove-user-result, the set-admin control and
// private messages have something to show on a fresh machine. Local mode only
// (server/mode.ts): in production that phone belongs to a stranger, who would sign in with a real SMS
// code as a certified group owner; production seeds no chat rows and its chief chatroom is set up by
// operations.
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../db/db'
import type { FeatureSeed } from '../db/feature-seeds'
import { modeOf, type Env } from '../mode'
import { ensureGroupConversations } from './conversations-repository'
import { DEMO_ACCOUNTS } from '../membership/seed'
import { createUser, lastLiveUsersBesides, liveUsersByPhones, phoneTaken, updateUser } from '../accounts/users-repository'

/** The demo adviser's phone (local sign-in with the SMS outbox). */
export const DEMO_ADVISER_PHONE = '13900000099'

export async function seedChat(db: Db, seedNow: number): Promise<void> {
  const now = Math.round(seedNow)
  if (await phoneTaken(db, DEMO_ADVISER_PHONE)) return
  const owner = await createUser(db, { nick: '港美汇投顾小助手', phone: DEMO_ADVISER_PHONE, countryCode: '86' }, now * 1000)
  await updateUser(db, owner, { advisory_cert_time: now })
  for (const [name, type, chief] of [['港美汇交流群', 'Work', false], ['首席聊天室', 'ChatRoom', true]] as const) {
    const groupId = `GROUP_CHAT_V2_${randomBytes(6).toString('hex')}`
    await sql`INSERT INTO chat_groups (group_id, name, group_type, owner_id, created_at) VALUES (${groupId}, ${name}, ${type}, ${owner}, ${now})`.execute(db.kysely)
    await sql`INSERT INTO chat_members (group_id, user_id, role, joined_at) VALUES (${groupId}, ${owner}, 'Owner', ${now})`.execute(db.kysely)
    await ensureGroupConversations(db.kysely, groupId, [owner], now)
    if (type === 'ChatRoom') await sql`INSERT INTO chatrooms (group_id, chief) VALUES (${groupId}, ${chief})`.execute(db.kysely)
  }
}

/** The demo group of seed 1400 (its name), where 1401 seats the demo accounts. */
export const DEMO_GROUP_NAME = '港美汇交流群'
/** How many readers 1401 records as removed from the demo group (removed a week and a day before the seed). */
export const DEMO_REMOVALS = 2

export async function seedChatPeople(db: Db, seedNow: number): Promise<void> {
  const now = Math.round(seedNow)
  const k = db.kysely
  const group = (
    await sql<{ group_id: string; owner_id: number }>`SELECT g.group_id, g.owner_id FROM chat_groups g JOIN users u ON u.id = g.owner_id
      WHERE u.phone = ${DEMO_ADVISER_PHONE} AND g.name = ${DEMO_GROUP_NAME} ORDER BY g.created_at LIMIT 1`.execute(k)
  ).rows[0]
  if (!group) return
  const seated = await sql`SELECT 1 FROM chat_removals WHERE group_id = ${group.group_id} LIMIT 1`.execute(k)
  if (seated.rows.length > 0) return
  // the demo member is the group's Admin, the demo reader an ordinary member (server/membership/seed.ts DEMO_ACCOUNTS)
  const phones = DEMO_ACCOUNTS.map((a) => a.phone)
  const demo = (await liveUsersByPhones(k, phones)).sort((a, b) => a.phone.localeCompare(b.phone))
  for (const u of demo) {
    const role = DEMO_ACCOUNTS.find((a) => a.phone === u.phone)?.role === 'member' ? 'Admin' : 'Member'
    await sql`INSERT INTO chat_members (group_id, user_id, role, joined_at) VALUES (${group.group_id}, ${u.id}, ${role}, ${now}) ON CONFLICT DO NOTHING`.execute(k)
  }
  await ensureGroupConversations(k, group.group_id, demo.map((u) => u.id), now)
  // two readers of the base seed (the last ones: tests take the first users; never a demo account), removed a week ago
  const demoPhones = [...phones, DEMO_ADVISER_PHONE]
  const removed = await lastLiveUsersBesides(k, demoPhones, DEMO_REMOVALS)
  for (const [i, id] of removed.entries()) {
    await sql`INSERT INTO chat_removals (group_id, group_name, user_id, oper_id, at) VALUES (${group.group_id}, ${DEMO_GROUP_NAME}, ${id}, ${group.owner_id}, ${now - 8 * 86_400 + i * 3_600})`.execute(k)
  }
}

/** The seed as server/db/seed.ts runs it: the mode is read from the environment of the seeding process. */
export const seedChatFor = (env: Env) => async (db: Db, seedNow: number): Promise<void> => {
  if (modeOf(env) === 'local') await seedChat(db, seedNow)
}

export const chatSeeds: FeatureSeed[] = [
  { version: 1400, name: 'chat: a demo adviser, a demo group and the chief chatroom (local mode only)', run: (db, seedNow) => seedChatFor(process.env)(db, seedNow) },
  {
    version: 1401,
    name: 'chat: the demo group’s Admin and member (the demo accounts) and two removal records (local mode only)',
    run: async (db, seedNow) => (modeOf(process.env) === 'local' ? seedChatPeople(db, seedNow) : undefined),
  },
]

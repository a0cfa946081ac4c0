// Seed rows of chat (see server/db/feature-seeds.ts). Version 1400: a demo adviser of its own (the
// advisory certification — spec 001 §6: only they may create groups — and a demo phone to sign in
// with locally) who owns a demo group and the chief's chatroom (/chiefChatroom). Local mode only
// (server/mode.ts): in production that phone belongs to a stranger, who would sign in with a real SMS
// code as a certified group owner; production seeds no chat rows and its chief chatroom is set up by
// operations.
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../db/db'
import type { FeatureSeed } from '../db/feature-seeds'
import { modeOf, type Env } from '../mode'
import { ensureGroupConversations } from './store'

/** The demo adviser's phone (local sign-in with the SMS outbox). */
export const DEMO_ADVISER_PHONE = '13900000099'

export async function seedChat(db: Db, seedNow: number): Promise<void> {
  const now = Math.round(seedNow)
  const taken = await sql`SELECT 1 FROM users WHERE phone = ${DEMO_ADVISER_PHONE}`.execute(db.kysely)
  if (taken.rows.length > 0) return
  const owner = (
    await sql<{ id: number }>`INSERT INTO users (nick, phone, country_code, create_timestamp, advisory_cert_time)
      VALUES ('港美汇投顾小助手', ${DEMO_ADVISER_PHONE}, '86', ${now}, ${now}) RETURNING id`.execute(db.kysely)
  ).rows[0]!.id
  for (const [name, type, chief] of [['港美汇交流群', 'Work', false], ['首席聊天室', 'ChatRoom', true]] as const) {
    const groupId = `GROUP_CHAT_V2_${randomBytes(6).toString('hex')}`
    await sql`INSERT INTO chat_groups (group_id, name, group_type, owner_id, created_at) VALUES (${groupId}, ${name}, ${type}, ${owner}, ${now})`.execute(db.kysely)
    await sql`INSERT INTO chat_members (group_id, user_id, role, joined_at) VALUES (${groupId}, ${owner}, 'Owner', ${now})`.execute(db.kysely)
    await ensureGroupConversations(db.kysely, groupId, [owner], now)
    if (type === 'ChatRoom') await sql`INSERT INTO chatrooms (group_id, chief) VALUES (${groupId}, ${chief})`.execute(db.kysely)
  }
}

/** The seed as server/db/seed.ts runs it: the mode is read from the environment of the seeding process. */
export const seedChatFor = (env: Env) => async (db: Db, seedNow: number): Promise<void> => {
  if (modeOf(env) === 'local') await seedChat(db, seedNow)
}

export const chatSeeds: FeatureSeed[] = [
  { version: 1400, name: 'chat: a demo adviser, a demo group and the chief chatroom (local mode only)', run: (db, seedNow) => seedChatFor(process.env)(db, seedNow) },
]

// Migration 020 (issue 23) on a database that already holds chat images under sequential ids: each
// image that was sent gets a random key and its conversation, the message that shows it points to the
// new key, and images stored but never sent (refused after storing, before the fix) are dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { openPglite, type Db } from '../db/db'
import { loadMigrations, migrate } from '../db/migrate'

let db: Db
beforeAll(async () => {
  db = await openPglite()
  const all = loadMigrations()
  await migrate(db, all.filter((m) => m.version < '020'))
  await sql`INSERT INTO users (id, nick, create_timestamp) VALUES (901, '甲', 1), (902, '乙', 1)`.execute(db.kysely)
  await sql`INSERT INTO chat_images (id, owner_id, mime, data, created_at) VALUES
    (1, 901, 'image/png', '\\x89504e47'::bytea, 1), (2, 901, 'image/png', '\\x89504e47'::bytea, 1), (3, 902, 'image/gif', '\\x47494638'::bytea, 1)`.execute(db.kysely)
  await sql`INSERT INTO chat_messages (msg_id, conv_key, seq, sender_id, type, payload, time) VALUES
    ('m1', 'C2C901_902', 1, 901, 'TIMImageElem', '{"imageFormat":"png","imageInfoArray":[{"type":0,"url":"/api/chat/images/1","size":4}]}', 1),
    ('m3', 'C2C901_902', 2, 902, 'TIMImageElem', '{"imageFormat":"gif","imageInfoArray":[{"type":0,"url":"/api/chat/images/3","size":4}]}', 2),
    ('m4', 'C2C901_902', 3, 902, 'TIMImageElem', '{"imageInfoArray":[{"type":0,"url":"/pictures/a.png","size":0}]}', 3)`.execute(db.kysely)
  await migrate(db, all)
}, 300_000)
afterAll(async () => db?.close())

describe('migration 020', () => {
  it('sent images get a random key and their conversation; their messages point to it; unsent ones are dropped', async () => {
    const images = (await sql<{ id: number; key: string; conv_key: string }>`SELECT id, key, conv_key FROM chat_images ORDER BY id`.execute(db.kysely)).rows
    expect(images.map((i) => [i.id, i.conv_key])).toEqual([[1, 'C2C901_902'], [3, 'C2C901_902']])
    for (const i of images) expect(i.key).toMatch(/^[0-9a-f]{32}$/)
    expect(new Set(images.map((i) => i.key)).size).toBe(2)
    const urls = (await sql<{ msg_id: string; url: string }>`SELECT msg_id, payload -> 'imageInfoArray' -> 0 ->> 'url' AS url FROM chat_messages ORDER BY seq`.execute(db.kysely)).rows
    expect(urls).toEqual([
      { msg_id: 'm1', url: `/api/chat/images/${images[0]!.key}` },
      { msg_id: 'm3', url: `/api/chat/images/${images[1]!.key}` },
      { msg_id: 'm4', url: '/pictures/a.png' },
    ])
    await expect(sql`INSERT INTO chat_images (owner_id, mime, data, created_at, key, conv_key) VALUES (901, 'image/png', '\\x00'::bytea, 1, '1', 'C2C901_902')`.execute(db.kysely)).rejects.toThrow()
  })
})

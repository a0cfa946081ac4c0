// Migration 030 (issue 28) on a database that already holds 027's live-column items: each becomes a live
// room with an id from 1,000,000,000 up (the /live/{id} routing rule), its status and times kept, started
// from the PC unless booked; live_column_items is gone; new flashes stay below the rooms' ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { openPglite, type Db } from '../db/db'
import { loadMigrations, migrate } from '../db/migrate'

let db: Db
beforeAll(async () => {
  db = await openPglite()
  const all = loadMigrations()
  await migrate(db, all.filter((m) => m.version < '030'))
  await sql`INSERT INTO users (id, nick, create_timestamp) VALUES (901, '主播', 1)`.execute(db.kysely)
  await sql`INSERT INTO circles (id, type, name, owner_id, create_timestamp) VALUES (71, 'LIVE_COLUMN', '直播专栏', 901, 1)`.execute(db.kysely)
  await sql`INSERT INTO live_column_items (circle_id, title, brief, status, start_timestamp, sort) VALUES
    (71, '预约', '', 1, 5000, 0), (71, '直播中', '正在直播', 2, 4000, 1), (71, '回放', '', 3, 3000, 2), (71, '生成中', '', 5, 2000, 3), (71, '暂停', '', 7, 1000, 4)`.execute(db.kysely)
  await sql`INSERT INTO flashes (content, create_timestamp) VALUES ('旧快讯', 1)`.execute(db.kysely)
  await migrate(db, all)
}, 300_000)
afterAll(async () => db?.close())

describe('migration 030', () => {
  it('moves every live-column item into live_rooms, from id 1,000,000,000, with its status, times and start mode', async () => {
    const rooms = (await sql<{ id: number; title: string; status: number; start_mode: string | null; start_timestamp: number; live_start_timestamp: number | null; end_timestamp: number | null; service_type: string }>`
      SELECT id, title, status, start_mode, start_timestamp, live_start_timestamp, end_timestamp, service_type FROM live_rooms ORDER BY id`.execute(db.kysely)).rows
    expect(rooms.map((r) => [Number(r.id), r.title, r.status, r.start_mode, Number(r.start_timestamp), r.live_start_timestamp === null ? null : Number(r.live_start_timestamp), r.end_timestamp === null ? null : Number(r.end_timestamp), r.service_type])).toEqual([
      [1_000_000_000, '预约', 1, null, 5000, null, null, 'LIVE'],
      [1_000_000_001, '直播中', 2, 'LIVE_PC', 4000, 4000, null, 'LIVE'],
      [1_000_000_002, '回放', 3, 'LIVE_PC', 3000, 3000, 6600, 'LIVE'],
      [1_000_000_003, '生成中', 5, 'LIVE_PC', 2000, 2000, 5600, 'LIVE'],
      [1_000_000_004, '暂停', 7, 'LIVE_PC', 1000, 1000, null, 'LIVE'],
    ])
    await expect(sql`SELECT 1 FROM live_column_items`.execute(db.kysely)).rejects.toThrow()
  })

  it('new rooms continue the sequence; flashes stay below 1,000,000,000', async () => {
    const { id } = (await sql<{ id: number }>`INSERT INTO live_rooms (circle_id, title, start_timestamp, create_timestamp) VALUES (71, '新预约', 1, 1) RETURNING id`.execute(db.kysely)).rows[0]!
    expect(Number(id)).toBe(1_000_000_005)
    const flash = (await sql<{ id: number }>`INSERT INTO flashes (content, create_timestamp) VALUES ('新快讯', 2) RETURNING id`.execute(db.kysely)).rows[0]!
    expect(Number(flash.id)).toBeLessThan(1_000_000_000)
    await expect(sql`INSERT INTO flashes (id, content, create_timestamp) VALUES (1000000000, 'x', 3)`.execute(db.kysely)).rejects.toThrow()
    await expect(sql`INSERT INTO live_rooms (id, circle_id, title, start_timestamp, create_timestamp) VALUES (5, 71, 'x', 1, 1)`.execute(db.kysely)).rejects.toThrow()
  })
})

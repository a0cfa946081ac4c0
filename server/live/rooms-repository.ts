// The live_rooms table (030_live.sql): a live column's rooms and roadshows, their status, start mode,
// playback and counters. The one place its SQL lives; the moves between statuses are asked of
// core/live/room.ts first, and a move is stored only from the status it was decided on (a second,
// racing move finds the status changed and loses).
import type { Insertable, Selectable, Updateable } from 'kysely'
import { LIVE_STATUS_CODES } from '../../core/live/limits'
import type { LiveRoomsTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export type RoomRow = Selectable<LiveRoomsTable>

const normal = (r: RoomRow): RoomRow => ({
  ...r,
  id: Number(r.id),
  circle_id: Number(r.circle_id),
  status: Number(r.status),
  start_timestamp: Number(r.start_timestamp),
  live_start_timestamp: r.live_start_timestamp === null ? null : Number(r.live_start_timestamp),
  end_timestamp: r.end_timestamp === null ? null : Number(r.end_timestamp),
  playback_seconds: r.playback_seconds === null ? null : Number(r.playback_seconds),
  visit_count: Number(r.visit_count),
  sort: Number(r.sort),
  create_timestamp: Number(r.create_timestamp),
})

export async function roomById(d: Queryable, id: number): Promise<RoomRow | undefined> {
  const r = await k(d).selectFrom('live_rooms').selectAll().where('id', '=', id).executeTakeFirst()
  return r && normal(r)
}

export async function insertRoom(d: Queryable, row: Insertable<LiveRoomsTable>): Promise<RoomRow> {
  return normal(await k(d).insertInto('live_rooms').values(row).returningAll().executeTakeFirstOrThrow())
}

/** Stores a move decided from `fromStatus`; undefined when the room's status changed meanwhile (the move lost). */
export async function moveRoom(d: Queryable, id: number, fromStatus: number, set: Updateable<LiveRoomsTable>): Promise<RoomRow | undefined> {
  const r = await k(d).updateTable('live_rooms').set(set).where('id', '=', id).where('status', '=', fromStatus).returningAll().executeTakeFirst()
  return r && normal(r)
}

export async function setChatGroup(d: Queryable, id: number, groupId: string): Promise<boolean> {
  const r = await k(d).updateTable('live_rooms').set({ chat_group_id: groupId }).where('id', '=', id).where('chat_group_id', 'is', null).executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** The seed's visit count of a room it made (the console's data tab shows it). */
export async function setVisitCount(d: Queryable, id: number, visits: number): Promise<void> {
  await k(d).updateTable('live_rooms').set({ visit_count: visits }).where('id', '=', id).execute()
}

/** One more visit; answers the new count. */
export async function countVisit(d: Queryable, id: number): Promise<number> {
  const r = await k(d)
    .updateTable('live_rooms')
    .set((eb) => ({ visit_count: eb('visit_count', '+', 1) }))
    .where('id', '=', id)
    .returning('visit_count')
    .executeTakeFirstOrThrow()
  return Number(r.visit_count)
}

const listed = (d: Queryable) => k(d).selectFrom('live_rooms').where('status', '<>', LIVE_STATUS_CODES.DELETED)

/** A live column's rooms (not deleted), newest booking first. */
export async function roomsOfColumn(d: Queryable, circleId: number, at: { page: number; count: number }): Promise<{ rows: RoomRow[]; total: number }> {
  const rows = await listed(d)
    .selectAll()
    .where('circle_id', '=', circleId)
    .orderBy('start_timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(at.count)
    .offset((at.page - 1) * at.count)
    .execute()
  return { rows: rows.map(normal), total: await roomCountOfColumns(d, [circleId]) }
}

export async function roomCountOfColumns(d: Queryable, circleIds: readonly number[]): Promise<number> {
  if (circleIds.length === 0) return 0
  const r = await listed(d).select((eb) => eb.fn.countAll<string | number>().as('n')).where('circle_id', 'in', [...circleIds]).executeTakeFirstOrThrow()
  return Number(r.n)
}

/** The rooms of several columns (the owner's page), newest booking first. */
export async function roomsOfColumns(d: Queryable, circleIds: readonly number[], at: { page: number; count: number }): Promise<{ rows: RoomRow[]; total: number }> {
  if (circleIds.length === 0) return { rows: [], total: 0 }
  const rows = await listed(d)
    .selectAll()
    .where('circle_id', 'in', [...circleIds])
    .orderBy('start_timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(at.count)
    .offset((at.page - 1) * at.count)
    .execute()
  return { rows: rows.map(normal), total: await roomCountOfColumns(d, circleIds) }
}

/** Rooms in one status (the seed and the playback catch-up read these). */
export async function roomsInStatus(d: Queryable, statuses: readonly number[]): Promise<RoomRow[]> {
  if (statuses.length === 0) return []
  return (await k(d).selectFrom('live_rooms').selectAll().where('status', 'in', [...statuses]).orderBy('id').execute()).map(normal)
}

/** What a live column's 027 item was: the shape the course seed and its test still insert (as booked or past rooms). */
export interface LiveItemInsert {
  circle_id: number
  title: string
  brief?: string
  status: number
  start_timestamp: number
  sort?: number
}

/** Inserts live-column items as rooms (the course seed's 027 items). */
export async function insertLiveItems(d: Queryable, rows: readonly LiveItemInsert[]): Promise<void> {
  if (rows.length === 0) return
  await k(d)
    .insertInto('live_rooms')
    .values(
      rows.map((r) => ({
        circle_id: r.circle_id,
        title: r.title,
        brief: r.brief ?? '',
        status: r.status,
        start_mode: r.status === LIVE_STATUS_CODES.RESERVATION ? null : ('LIVE_PC' as const),
        start_timestamp: r.start_timestamp,
        live_start_timestamp: r.status === LIVE_STATUS_CODES.RESERVATION ? null : r.start_timestamp,
        end_timestamp: [LIVE_STATUS_CODES.PLAYBACK, LIVE_STATUS_CODES.NOT_PLAYBACK, LIVE_STATUS_CODES.BACK_GENERATION].includes(r.status as 3) ? r.start_timestamp + 3600 : null,
        sort: r.sort ?? 0,
        create_timestamp: r.start_timestamp,
      })),
    )
    .execute()
}

/** How many rooms (not deleted) a column lists. */
export const liveItemCount = (d: Queryable, circleId: number): Promise<number> => roomCountOfColumns(d, [circleId])

/** The room of a column with this title (the seed finds what it made before). */
export async function roomByTitle(d: Queryable, circleId: number, title: string): Promise<RoomRow | undefined> {
  const r = await k(d).selectFrom('live_rooms').selectAll().where('circle_id', '=', circleId).where('title', '=', title).orderBy('id').executeTakeFirst()
  return r && normal(r)
}

/** The recording of a room that is already a playback (the seed's rooms, recorded by the local default). */
export async function setPlayback(d: Queryable, id: number, url: string, seconds: number): Promise<void> {
  await k(d).updateTable('live_rooms').set({ playback_url: url, playback_seconds: seconds }).where('id', '=', id).where('status', '=', LIVE_STATUS_CODES.PLAYBACK).execute()
}

/** What the console's room list filters by (server/circle-admin/live). */
export interface RoomFilter {
  status?: number | undefined
  serviceType?: 'LIVE' | 'ROADSHOW' | undefined
  keyword?: string | undefined
}

/** The rooms (not deleted) of several columns by status, type and a keyword in the title, newest booking first. */
export async function roomsFiltered(d: Queryable, circleIds: readonly number[], f: RoomFilter, at: { page: number; count: number }): Promise<{ rows: RoomRow[]; total: number }> {
  if (circleIds.length === 0) return { rows: [], total: 0 }
  let q = listed(d).where('circle_id', 'in', [...circleIds])
  // -1 is the default 'playback generating' (spec 001 §3): a filter by 5 takes it too
  if (f.status !== undefined) q = f.status === LIVE_STATUS_CODES.BACK_GENERATION ? q.where('status', 'in', [f.status, -1]) : q.where('status', '=', f.status)
  if (f.serviceType) q = q.where('service_type', '=', f.serviceType)
  if (f.keyword) q = q.where('title', 'ilike', `%${f.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)
  const rows = await q.selectAll().orderBy('start_timestamp', 'desc').orderBy('id', 'desc').limit(at.count).offset((at.page - 1) * at.count).execute()
  const total = await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()
  return { rows: rows.map(normal), total: Number(total.n) }
}

/** Edits a room that is not deleted (its texts, its start while booked, the playback choice); undefined when none. */
export async function updateRoom(d: Queryable, id: number, set: Pick<Updateable<LiveRoomsTable>, 'title' | 'brief' | 'cover' | 'start_timestamp' | 'keep_playback'>, onlyStatuses?: readonly number[]): Promise<RoomRow | undefined> {
  let q = k(d).updateTable('live_rooms').set(set).where('id', '=', id).where('status', '<>', LIVE_STATUS_CODES.DELETED)
  // the start and the playback choice change only in the statuses that allow it (decided from the row read)
  if (onlyStatuses) q = q.where('status', 'in', [...onlyStatuses])
  const r = await q.returningAll().executeTakeFirst()
  return r && normal(r)
}

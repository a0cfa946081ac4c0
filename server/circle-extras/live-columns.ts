// Live columns (issue 27; spec 001 §7 GET /api/financial-circle/live-column/{id} and
// /live-column/content/page (page, liveColumnId, count 10)): a LIVE_COLUMN circle and its live rooms
// (issue 28, server/live/: the items 027 listed became real rooms), newest first, for every reader.
// Deleted rooms are not listed; -1 (playback generating by default) is listed as 5.
import type * as api from '../../core/api/circle-extras'
import type { ResultOf } from '../../core/api/endpoint'
import { numberedPage, type NumberedPage } from '../../core/api/page'
import { COURSE_MESSAGES as M, LIVE_ROOM_STATUSES } from '../../core/courses/limits'
import { statusNameOf } from '../../core/live/limits'
import type { Db } from '../db/db'
import { notFound } from '../http/api-error'
import { liveItemCount, roomsOfColumn, type RoomRow } from '../live/rooms-repository'
import { circleContext, type CircleContext } from './circle-context'

async function columnOf(db: Db, id: number, userId: number | null, now: number): Promise<CircleContext> {
  const circle = await circleContext(db, id, userId, now)
  if (!circle || circle.type !== 'LIVE_COLUMN') throw notFound(M.liveColumnNotFound)
  return circle
}

export async function liveColumn(db: Db, id: number, userId: number | null, now: number): Promise<ResultOf<typeof api.liveColumn>> {
  const c = await columnOf(db, id, userId, now)
  return { id: c.id, name: c.name, avatar: c.avatar, brief: c.brief, intro: c.intro, owner: c.owner, price: c.price, access: c.access, itemCount: await liveItemCount(db, id) }
}

const toItem = (r: RoomRow): api.LiveColumnItem => {
  const name = statusNameOf(r.status)
  const status = name === undefined || name === 'DELETED' ? 'NOT_PLAYBACK' : name
  return { id: r.id, title: r.title, brief: r.brief, status, statusCode: LIVE_ROOM_STATUSES[status], startTimestamp: r.start_timestamp }
}

export async function liveColumnContent(db: Db, id: number, at: { page: number; count: number }, now: number): Promise<NumberedPage<api.LiveColumnItem>> {
  await columnOf(db, id, null, now)
  const { rows, total } = await roomsOfColumn(db, id, at)
  return numberedPage(rows.map(toItem), { page: at.page, count: at.count, total })
}

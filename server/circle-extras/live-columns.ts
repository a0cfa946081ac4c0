// Live columns (issue 27; spec 001 §7 GET /api/financial-circle/live-column/{id} and
// /live-column/content/page (page, liveColumnId, count 10)): a LIVE_COLUMN circle and the items it lists,
// newest first, for every reader (the live rooms themselves are a later issue).
import type * as api from '../../core/api/circle-extras'
import type { ResultOf } from '../../core/api/endpoint'
import { numberedPage, type NumberedPage } from '../../core/api/page'
import { COURSE_MESSAGES as M, LIVE_ROOM_STATUS_NAMES, LIVE_ROOM_STATUSES, type LiveRoomStatus } from '../../core/courses/limits'
import type { Db } from '../db/db'
import { notFound } from '../http/api-error'
import { circleContext, type CircleContext } from './circle-context'
import { liveItemCount, liveItemsPage, type LiveItemRow } from './live-column-items-repository'

async function columnOf(db: Db, id: number, userId: number | null, now: number): Promise<CircleContext> {
  const circle = await circleContext(db, id, userId, now)
  if (!circle || circle.type !== 'LIVE_COLUMN') throw notFound(M.liveColumnNotFound)
  return circle
}

export async function liveColumn(db: Db, id: number, userId: number | null, now: number): Promise<ResultOf<typeof api.liveColumn>> {
  const c = await columnOf(db, id, userId, now)
  return { id: c.id, name: c.name, avatar: c.avatar, brief: c.brief, intro: c.intro, owner: c.owner, price: c.price, access: c.access, itemCount: await liveItemCount(db, id) }
}

const statusName = (code: number): LiveRoomStatus => LIVE_ROOM_STATUS_NAMES.find((n) => LIVE_ROOM_STATUSES[n] === code) ?? 'NOT_PLAYBACK'
const toItem = (r: LiveItemRow): api.LiveColumnItem => ({ id: r.id, title: r.title, brief: r.brief, status: statusName(r.status), statusCode: r.status, startTimestamp: Number(r.start_timestamp) })

export async function liveColumnContent(db: Db, id: number, at: { page: number; count: number }, now: number): Promise<NumberedPage<api.LiveColumnItem>> {
  await columnOf(db, id, null, now)
  const { rows, total } = await liveItemsPage(db, id, at)
  return numberedPage(rows.map(toItem), { page: at.page, count: at.count, total })
}

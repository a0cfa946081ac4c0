// One circle as the extras need it (a course, a live column, the chatroom): the circle with its owner and
// price (server/circles' mapper), and the reader's access by core/circles/access.ts circleAccess — the one
// rule the circles' own calls use (members with a valid purchase or free join read; expiry ends access; owner,
// admins and reviewers read). Reads go through server/circles' repositories; no SQL here.
import type { CircleAccess, CircleSummary } from '../../core/api/circles'
import { circleAccess, circleRole, mayManage } from '../../core/circles/access'
import type { CircleType } from '../../core/circles/limits'
import type { Db } from '../db/db'
import { adminIdsOf } from '../circles/admins-repository'
import { findCircle, listCircles } from '../circles/circles-repository'
import { memberOf } from '../circles/members-repository'
import { toSummary, viewerOf } from '../circles/service'

export interface CircleContext extends CircleSummary {
  intro: string
  ownerId: number
  access: CircleAccess
}

export async function circleContext(db: Db, circleId: number, userId: number | null, now: number): Promise<CircleContext | null> {
  const circle = await findCircle(db, circleId)
  if (!circle) return null
  const [viewer, adminIds, member] = await Promise.all([viewerOf(db, userId), adminIdsOf(db, circleId), userId === null ? undefined : memberOf(db, circleId, userId)])
  const facts = { ownerId: circle.owner_id, adminIds, reviewStatus: circle.review_status, paid: circle.goods_id !== null }
  const membership = member ? { expireTimestamp: member.expire_timestamp } : null
  const role = circleRole(viewer, facts, membership, now)
  // a circle not approved yet is only its owner's, its admins' and reviewers' (as server/circles answers)
  if (circle.review_status !== 'approved' && !mayManage(role) && role !== 'reviewer') return null
  const access: CircleAccess = circleAccess(role, facts, viewer.momentPublishable, membership)
  return { ...toSummary(circle), intro: circle.intro, ownerId: circle.owner_id, access }
}

/** The circles of one type (the seed hangs chapters and live items off them). */
export async function circlesOfType(db: Db, type: CircleType): Promise<{ id: number; ownerId: number }[]> {
  const { rows } = await listCircles(db, { type, offset: 0, limit: 1000 })
  return rows.map((r) => ({ id: r.id, ownerId: r.owner_id }))
}

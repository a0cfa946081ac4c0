// The circle-admin console's one check on the server (issue 29): every /api/circle-admin/... call about
// a circle asks managedCircle (or managedCircleIds for lists) before it reads or writes. The rule itself
// is core/circle-admin/access.ts; this file only fetches the facts it needs.
import { ApiError, notFound } from '../http/api-error'
import type { Queryable } from '../db/queryable'
import { userById } from '../accounts/users-repository'
import { circleIdsOwnedBy, circlesByIds, findCircle, type CircleRow } from '../circles/circles-repository'
import { adminIdsOf, circlesAdministeredBy } from '../circles/admins-repository'
import { CONSOLE_MESSAGES as M, consoleRole, mayAdminister, mayCreateCircle, mayManageAdmins, mayOpenConsole, type ConsoleRole, type ConsoleViewer } from '../../core/circle-admin/access'
import type { CircleType } from '../../core/circles/limits'

/** The reader as the console sees them (a guest: userId null). */
export async function consoleViewer(d: Queryable, userId: number | null): Promise<ConsoleViewer> {
  if (userId === null) return { userId: null, roles: [], momentPublishable: false, advisoryCertified: false }
  const u = await userById(d, userId)
  return { userId, roles: u?.roles ?? [], momentPublishable: true, advisoryCertified: u?.advisory_cert_time != null }
}

export interface Managed {
  readonly circle: CircleRow
  readonly role: Exclude<ConsoleRole, 'none'>
  readonly adminIds: readonly number[]
}

/** A guest: the site's 401, as every write a guest sends answers first (tests/authorisation.test.ts). */
const loginFirst = () => new ApiError(401, M.loginFirst)

/**
 * The circle if the caller owns it or administers it (of the given type when one is named), else:
 * a guest 401 请先登录; a missing circle (or one of another type) 404; anyone else 403 无权管理该圈子.
 * ownerOnly: also refuse its admins (appointing admins, refunds) with 仅圈主可以操作.
 */
export async function managedCircle(d: Queryable, circleId: number, userId: number | null, opts: { type?: CircleType; ownerOnly?: boolean } = {}): Promise<Managed> {
  if (userId === null) throw loginFirst()
  const circle = await findCircle(d, circleId)
  if (!circle || (opts.type !== undefined && circle.type !== opts.type)) throw notFound(M.circleNotFound)
  const adminIds = await adminIdsOf(d, circleId)
  const role = consoleRole(await consoleViewer(d, userId), { ownerId: circle.owner_id, adminIds })
  if (!mayAdminister(role) || role === 'none') throw new ApiError(403, M.notManager)
  if (opts.ownerOnly && !mayManageAdmins(role)) throw new ApiError(403, M.ownerOnly)
  return { circle, role, adminIds }
}

/** The ids of the circles (of a type, when named) the caller owns or administers, owned first; guests 403. */
export async function managedCircleIds(d: Queryable, userId: number | null, type?: CircleType): Promise<number[]> {
  if (userId === null) throw loginFirst()
  const ids = await circleIdsOwnedBy(d, userId, type)
  const administered = (await circlesByIds(d, (await circlesAdministeredBy(d, userId)).filter((id) => !ids.includes(id)))).filter((c) => type === undefined || c.type === type)
  ids.push(...administered.map((c) => c.id))
  return ids
}

/** Creating a circle: a signed-in reader with an advisory certification. */
export async function assertMayCreate(d: Queryable, userId: number | null): Promise<ConsoleViewer> {
  if (userId === null) throw loginFirst()
  const viewer = await consoleViewer(d, userId)
  if (!mayCreateCircle(viewer)) throw new ApiError(403, M.notCertified)
  return viewer
}

/** Opening the console: an adviser, an owner of any circle, or anyone an owner appointed admin of some circle. */
export async function assertMayOpenConsole(d: Queryable, userId: number | null): Promise<ConsoleViewer> {
  if (userId === null) throw loginFirst()
  const viewer = await consoleViewer(d, userId)
  // owning a circle counts as administering it (an owner whose certification lapsed still runs what they own)
  const administersAny = (await circlesAdministeredBy(d, userId)).length > 0 || (await circleIdsOwnedBy(d, userId)).length > 0
  if (!mayOpenConsole(viewer, administersAny)) throw new ApiError(403, M.notCertified)
  return viewer
}

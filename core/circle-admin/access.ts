// Who may do what in the circle-admin console (issue 29; spec 001 §2 'Circle admin /circle-admin', §6
// 'The circle-admin menu entry is shown only to users with an advisory certification'). The one rule;
// the server's guard (server/circle-admin/guard.ts) and the console's views import it:
//
// - Administering a circle (every /api/circle-admin/... call about one circle, of any type: financial
//   circle, community, course, live column): its owner, and the admins of THIS circle. An admin of
//   another circle is a stranger here; members, reviewers and guests administer nothing.
// - Changing who the admins are, and refunding its orders: the owner only (an admin may not appoint
//   admins or hand money back).
// - Opening the console: a reader with an advisory certification (the menu entry's rule), or one who
//   administers at least one circle (an owner appointed them, though they hold no certification).
// - Creating a circle: only a reader with an advisory certification (an adviser owns what they create).
import { circleRole, isManager, type CircleFacts, type CircleViewer } from '../circles/access'
import type { CircleRole } from '../api/circles'

/** What the console knows of the reader. */
export interface ConsoleViewer extends CircleViewer {
  /** loginInfo.advisoryCertification is present */
  readonly advisoryCertified: boolean
}

/** The reader's part in one circle, as the console sees it: only owner and admin may act. */
export type ConsoleRole = 'owner' | 'admin' | 'none'

/** The console's role of a reader in a circle (membership does not matter: a member administers nothing). */
export function consoleRole(viewer: CircleViewer, circle: Pick<CircleFacts, 'ownerId' | 'adminIds'>): ConsoleRole {
  const role: CircleRole = circleRole(viewer, { ...circle, reviewStatus: 'approved', paid: false }, null, 0)
  if (!isManager(role)) return 'none'
  return role === 'owner' ? 'owner' : 'admin'
}

/** Every console call about one circle. */
export const mayAdminister = (role: ConsoleRole): boolean => role !== 'none'
/** Appointing and removing admins; refunding the circle's orders. */
export const mayManageAdmins = (role: ConsoleRole): boolean => role === 'owner'
export const mayRefund = mayManageAdmins
/** Creating a circle of any type. */
export const mayCreateCircle = (viewer: ConsoleViewer): boolean => viewer.userId !== null && viewer.advisoryCertified
/** Opening /circle-admin at all. */
export const mayOpenConsole = (viewer: ConsoleViewer, administersAny: boolean): boolean =>
  viewer.userId !== null && (viewer.advisoryCertified || administersAny)

/** The console's texts (the server sends them through its one conversion for zh-hk). */
export const CONSOLE_MESSAGES = {
  /** a guest: the site's own 401 text (server/accounts/session.ts NOT_LOGGED_IN), as every write a guest sends answers */
  loginFirst: '请先登录',
  circleNotFound: '圈子不存在',
  /** neither the owner nor an admin of this circle */
  notManager: '无权管理该圈子',
  /** an admin asked for what only the owner may do */
  ownerOnly: '仅圈主可以操作',
  /** creating a circle without an advisory certification */
  notCertified: '请先完成投顾认证',
  /** a circle of another type than the page manages */
  wrongType: '圈子类型不符',
} as const

// Who may do what in a financial circle (issue 27; spec 001 §4 review status, §6 roles: momentPublishable,
// 'circle owner and admin rules for pinning, essence and member management: implied by the calls'). The
// rules the spec leaves implied are written here once, in words in docs/circles.md, and the server and
// the views import them:
//
// - A reader's role in one circle: guest (not signed in); owner (the circle's owner); admin (listed as
//   an admin of THIS circle — an admin of another circle is a stranger here); member (a free join, or a
//   financialCircle purchase whose expiry is not earlier than now — spec 001 §4 'counts as expired when
//   the expiry timestamp is earlier than now'); expired (a purchase that ran out); reviewer (the staff
//   role that reads everything to moderate it, and does nothing else); stranger (anyone else).
// - Reading a circle's moments, questions, tags, topics, searches and comment summaries: owner, admins,
//   members, reviewers. Guests, strangers and expired members see the intro, a short sample and the buy
//   (paid) or join (free) button.
// - Posting a moment: owner, admins and members, with momentPublishable, in a circle whose review status
//   is approved (otherwise '内容审核中'). Asking a question: members (the owner and admins answer).
// - Pinning (top), essence, ignoring and answering: the owner and the admins of this circle only.
// - An anonymous question's asker: shown to the owner, the admins and the asker; to everyone else the
//   author is hidden (not even the id travels).
// - A moment under review or rejected: shown to its author, the owner, the admins and reviewers; an
//   ignored moment: only to the owner, the admins and reviewers.
// - Comments: spec 001 §4 — content not approved blocks input with '内容审核中'; a closed comment shows
//   '该内容已限制评论' (core/posting/comment-box.ts, the one rule for both). Liking a comment: the owner,
//   admins and members (a reviewer reads only). Deleting one: its author while they may read the circle,
//   and the circle's owner and admins any.
// - Sharing a moment: whoever sees it, once it is approved; the shared page shows everyone only the
//   circle's intro and the moment's title and summary (never the body, the pictures or the files).
// - Taking a moment or a comment down (with a reason its author reads as a violation): content reviewers.
import type { CircleAccess, CircleRole } from '../api/circles'
import type { ReviewStatus } from '../api/posting'
import { commentInputState, type CommentInputState } from '../posting/comment-box'
import { CIRCLE_MESSAGES } from './limits'
import { REVIEWER_ROLE } from '../certification/certificate-form'

/** The staff role that reviews (the reviewer of the /audit flow, core/certification): reads circles to moderate them. */
export const CIRCLE_REVIEWER_ROLE = REVIEWER_ROLE

export interface CircleViewer {
  /** null: a guest */
  readonly userId: number | null
  readonly roles: readonly string[]
  /** spec 001 §6: momentPublishable controls whether a user may publish moments */
  readonly momentPublishable: boolean
}

export interface CircleFacts {
  readonly ownerId: number
  readonly adminIds: readonly number[]
  /** spec 001 §4: only approved circles take input */
  readonly reviewStatus: ReviewStatus
  /** a paid circle is joined by an order of goods type financialCircle, a free one by POST /api/momentUser/v1 */
  readonly paid: boolean
}

/** The reader's membership row, if any: expireTimestamp null for a free join (for good). */
export interface MembershipFacts {
  readonly expireTimestamp: number | null
}

export function isMembershipValid(m: MembershipFacts | null, nowSeconds: number): boolean {
  if (!m) return false
  return m.expireTimestamp === null || m.expireTimestamp >= nowSeconds
}

export function circleRole(viewer: CircleViewer, circle: CircleFacts, membership: MembershipFacts | null, nowSeconds: number): CircleRole {
  if (viewer.userId === null) return 'guest'
  if (viewer.userId === circle.ownerId) return 'owner'
  if (circle.adminIds.includes(viewer.userId)) return 'admin'
  if (isMembershipValid(membership, nowSeconds)) return 'member'
  if (viewer.roles.includes(CIRCLE_REVIEWER_ROLE)) return 'reviewer'
  return membership ? 'expired' : 'stranger'
}

export const isManager = (role: CircleRole): boolean => role === 'owner' || role === 'admin'
/** Reads moments, questions, tags, topics, searches, comment summaries. */
export const mayRead = (role: CircleRole): boolean => isManager(role) || role === 'member' || role === 'reviewer'
/** The join (free) or buy (paid) button. */
export const mayJoin = (role: CircleRole): boolean => role === 'guest' || role === 'stranger' || role === 'expired'
/** Pin, essence, ignore, answer. */
export const mayManage = isManager

/** Why input is blocked in this circle for this reader ('' when open), in the order the reader meets them. */
export function postBlock(role: CircleRole, circle: Pick<CircleFacts, 'reviewStatus'>, momentPublishable: boolean): string {
  if (circle.reviewStatus !== 'approved') return CIRCLE_MESSAGES.underReview
  if (role === 'guest') return CIRCLE_MESSAGES.loginFirst
  if (role === 'expired') return CIRCLE_MESSAGES.expired
  if (!(isManager(role) || role === 'member')) return CIRCLE_MESSAGES.notMember
  if (!momentPublishable) return CIRCLE_MESSAGES.notPublishable
  return ''
}

export const mayPost = (role: CircleRole, circle: Pick<CircleFacts, 'reviewStatus'>, momentPublishable: boolean): boolean =>
  postBlock(role, circle, momentPublishable) === ''

/** Members ask; the owner and the admins are the ones asked. */
export const mayAsk = (role: CircleRole, circle: Pick<CircleFacts, 'reviewStatus'>, momentPublishable: boolean): boolean =>
  role === 'member' && mayPost(role, circle, momentPublishable)

/** Why a read is refused ('' when allowed): the intro says what to do instead. */
export function readBlock(role: CircleRole): string {
  if (mayRead(role)) return ''
  if (role === 'guest') return CIRCLE_MESSAGES.loginFirst
  if (role === 'expired') return CIRCLE_MESSAGES.expired
  return CIRCLE_MESSAGES.joinFirst
}

/** An anonymous question's asker: the owner, the admins and the asker themself. A public one: everyone who reads it. */
export function maySeeAsker(role: CircleRole, viewerId: number | null, askerId: number, questionType: 'anonymity' | 'public' | null): boolean {
  if (questionType !== 'anonymity') return true
  return isManager(role) || (viewerId !== null && viewerId === askerId)
}

export interface DynamicFacts {
  readonly authorId: number
  readonly status: 'reviewing' | 'approved' | 'rejected'
  readonly ignored: boolean
}

/** Whether a reader who may read the circle sees this moment in lists and by id. */
export function maySeeDynamic(role: CircleRole, viewerId: number | null, d: DynamicFacts): boolean {
  if (!mayRead(role)) return false
  if (isManager(role) || role === 'reviewer') return true
  if (d.ignored) return false
  return d.status === 'approved' || (viewerId !== null && viewerId === d.authorId)
}

/** Likes a comment: those who take part in the circle (the owner, admins, members), not a reviewer who only reads. */
export const mayInteract = (role: CircleRole): boolean => isManager(role) || role === 'member'

/** Deletes a comment under a moment: its author while they may read the circle; the owner and admins any. */
export function mayDeleteComment(role: CircleRole, viewerId: number | null, authorId: number): boolean {
  if (isManager(role)) return true
  return viewerId !== null && viewerId === authorId && mayRead(role)
}

/** Only the owner and admins use admin-only tags (e.g. 公告); everyone who may post uses the others. */
export const mayUseTag = (role: CircleRole, tag: { readonly adminOnly: boolean }): boolean => !tag.adminOnly || isManager(role)

/** spec 001 §4: the comment box under a moment (the one rule of core/posting/comment-box.ts). */
export const dynamicCommentInput = (d: { readonly status: ReviewStatus; readonly commentsClosed: boolean }): CommentInputState => commentInputState(d)

/**
 * Everything the reader may do in one circle, as the API answers it (CircleAccess): the server's intro,
 * detail and join answers and the views' buttons. `membership` is the reader's row (its end shows only
 * to a member or an expired member).
 */
export function circleAccess(role: CircleRole, circle: Pick<CircleFacts, 'reviewStatus'>, momentPublishable: boolean, membership: MembershipFacts | null): CircleAccess {
  return {
    role,
    canRead: mayRead(role),
    canPost: mayPost(role, circle, momentPublishable),
    canAsk: mayAsk(role, circle, momentPublishable),
    canManage: mayManage(role),
    canJoin: mayJoin(role),
    expireTimestamp: membership && (role === 'member' || role === 'expired') ? membership.expireTimestamp : null,
    inputMessage: postBlock(role, circle, momentPublishable),
  }
}

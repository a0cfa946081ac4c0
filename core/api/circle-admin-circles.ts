// The circle-admin console's circles (issue 29; spec 001 §2 'Circle admin /circle-admin': circle/
// circle-list, circle-list/circle-create, circle-list/circle-edit/{circleId?}, circle/circle-user-admin,
// operate/rights, operate/sort, operate/sort/{id}). The spec names the routes but not their calls: these
// are ours, in the spec's style (paths under /api/circle-admin, the {statusCode, message, result}
// envelope, numbered pages). Every call about one circle answers only its owner and the admins of THIS
// circle (core/circle-admin/access.ts); appointing and removing admins is the owner's alone. The form's
// rules and messages are core/circle-admin/circles.ts; the server checks them again.
import * as Schema from 'effect/Schema'
import { Id, IdFromString, Seconds, Text } from './common'
import { del, get, post, put } from './endpoint'
import { Page, PageQuery } from './page'
import { ReviewStatus } from './posting'
import { circleListingFields, CircleType, CircleUser } from './circles'
import {
  ADMINS_MAX,
  CIRCLE_FORM_LIMITS,
  KEYWORD_MAX,
  PRICE_PERIODS,
  REJECT_REASON_MAX,
  RIGHT_DESCRIPTION_MAX,
  RIGHT_TITLE_MAX,
  RIGHTS_MAX,
} from '../circle-admin/circles'

const PathId = IdFromString
/** A search keyword: optional, at most KEYWORD_MAX characters, no NUL. */
const Keyword = Text(KEYWORD_MAX)
/** An order of ids as saved (bounded: a circle or an owner has far fewer items). */
const IdOrder = Schema.Array(Id).check(Schema.isMaxLength(200))

/** One price of a paid circle: its period (1, 3, 6 or 12 months) and its price in cents. */
export const PriceSpecBody = Schema.Struct({
  months: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 12 })),
  price: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 100_000_000 })),
})
export type PriceSpecBody = typeof PriceSpecBody.Type

/** A price as answered: its spec (the order dialog's specsId), period, cents and whether members bought it. */
export const PriceSpec = Schema.Struct({ specsId: Schema.Number, months: Schema.Number, price: Schema.Number, sold: Schema.Boolean })
export type PriceSpec = typeof PriceSpec.Type

/** The create and edit form (lengths bounded here; core/circle-admin/circles.ts checks the rest with its messages). */
export const CircleFormBody = Schema.Struct({
  type: CircleType,
  name: Text(CIRCLE_FORM_LIMITS.name * 2),
  brief: Text(CIRCLE_FORM_LIMITS.brief * 2),
  intro: Text(CIRCLE_FORM_LIMITS.intro * 2),
  /** the cover image's address, as the upload answered it */
  avatar: Text(CIRCLE_FORM_LIMITS.avatar),
  paid: Schema.Boolean,
  specs: Schema.Array(PriceSpecBody).check(Schema.isMaxLength(PRICE_PERIODS.length * 2)),
})
export type CircleFormBody = typeof CircleFormBody.Type

/** What the reader is in a circle the console lists: its owner or one of its admins. */
export const ConsoleCircleRole = Schema.Literals(['owner', 'admin'])

/** A circle in the console's list. */
export const AdminCircle = Schema.Struct({
  ...circleListingFields,
  role: ConsoleCircleRole,
  /** spec 001 §4: a new circle is reviewing until a reviewer approves it */
  reviewStatus: ReviewStatus,
  /** the reviewer's reason (rejected only) */
  rejectReason: Schema.NullOr(Schema.String),
  paid: Schema.Boolean,
  /** the cheapest price in cents (null: free) */
  minPrice: Schema.NullOr(Schema.Number),
  memberCount: Schema.Number,
  adminCount: Schema.Number,
  createTimestamp: Seconds,
})
export type AdminCircle = typeof AdminCircle.Type

/** One circle as the edit form reads it: the list item, its intro and its prices. */
export const AdminCircleDetail = Schema.Struct({ ...AdminCircle.fields, intro: Schema.String, specs: Schema.Array(PriceSpec) })
export type AdminCircleDetail = typeof AdminCircleDetail.Type

/** A person in a circle's user list: owner, admin, member (valid) or expired member. */
export const CIRCLE_USER_ROLES = ['owner', 'admin', 'member', 'expired'] as const
export const CircleUserRole = Schema.Literals(CIRCLE_USER_ROLES)
export type CircleUserRole = typeof CircleUserRole.Type
export const CircleUserItem = Schema.Struct({
  user: CircleUser,
  role: CircleUserRole,
  /** joined, bought, or appointed (seconds) */
  joinTimestamp: Seconds,
  /** a paid membership's end (seconds); null: for good (free join, owner, admin) */
  expireTimestamp: Schema.NullOr(Seconds),
})
export type CircleUserItem = typeof CircleUserItem.Type

/** A user found when appointing an admin, and whether they already are one. */
export const UserHit = Schema.Struct({ id: Schema.Number, nick: Schema.String, avatar: Schema.String, isAdmin: Schema.Boolean, isOwner: Schema.Boolean })
export type UserHit = typeof UserHit.Type

/** A member right (operate/rights): what membership gives, in a title and a line. */
export const RightBody = Schema.Struct({ title: Text(RIGHT_TITLE_MAX * 2), description: Text(RIGHT_DESCRIPTION_MAX * 2) })
export type RightBody = typeof RightBody.Type

/** An item of a sortable list: a circle (operate/sort) or a circle's tag (operate/sort/{id}). */
export const SortItem = Schema.Struct({ id: Schema.Number, name: Schema.String, type: Schema.optional(CircleType) })
export type SortItem = typeof SortItem.Type

/** A circle waiting for a reviewer. */
export const ReviewCircle = Schema.Struct({ ...AdminCircleDetail.fields })
export type ReviewCircle = typeof ReviewCircle.Type

// --- the circle list, create and edit -----------------------------------------------------------

/** circle/circle-list: the circles the reader owns or administers, of one type, matching a name, numbered pages. */
export const adminCircleList = get('circleAdmin.circles', '/api/circle-admin/circles/v1', {
  query: Schema.Struct({ type: Schema.optional(CircleType), keyword: Schema.optional(Keyword), ...PageQuery.fields }),
  result: Page(AdminCircle),
})

/** circle-create: an adviser's new circle; it waits for review. */
export const adminCircleCreate = post('circleAdmin.circleCreate', '/api/circle-admin/circles/v1', { body: CircleFormBody, result: AdminCircleDetail })

/** circle-edit/{circleId}: the form's data. */
export const adminCircleDetail = get('circleAdmin.circleDetail', '/api/circle-admin/circles/{id}/v1', {
  params: Schema.Struct({ id: PathId }),
  result: AdminCircleDetail,
})

/** circle-edit/{circleId}: save (a rejected circle goes back to review). */
export const adminCircleEdit = put('circleAdmin.circleEdit', '/api/circle-admin/circles/{id}/v1', {
  params: Schema.Struct({ id: PathId }),
  body: CircleFormBody,
  result: AdminCircleDetail,
})

// --- circle-user-admin ---------------------------------------------------------------------------

/** circle-user-admin: the circle's people (owner and admins first, then members newest first), by role and nick. */
export const adminCircleUsers = get('circleAdmin.circleUsers', '/api/circle-admin/circles/{id}/users/v1', {
  params: Schema.Struct({ id: PathId }),
  query: Schema.Struct({ role: Schema.optional(CircleUserRole), keyword: Schema.optional(Keyword), ...PageQuery.fields }),
  result: Page(CircleUserItem),
})

/** Appointing an admin: users by id (all digits) or nickname. Owner only. */
export const adminUserSearch = get('circleAdmin.userSearch', '/api/circle-admin/circles/{id}/user-search/v1', {
  params: Schema.Struct({ id: PathId }),
  query: Schema.Struct({ keyword: Keyword.check(Schema.isMinLength(1)) }),
  result: Schema.Struct({ list: Schema.Array(UserHit) }),
})

/** Appoint an admin (owner only; at most ADMINS_MAX). Answers the admins. */
export const adminAdd = post('circleAdmin.adminAdd', '/api/circle-admin/circles/{id}/admins/v1', {
  params: Schema.Struct({ id: PathId }),
  body: Schema.Struct({ userId: Id }),
  result: Schema.Struct({ list: Schema.Array(CircleUserItem).check(Schema.isMaxLength(ADMINS_MAX)) }),
})

/** Remove an admin (owner only). Answers the admins. */
export const adminRemove = del('circleAdmin.adminRemove', '/api/circle-admin/circles/{id}/admins/{userId}/v1', {
  params: Schema.Struct({ id: PathId, userId: PathId }),
  result: Schema.Struct({ list: Schema.Array(CircleUserItem) }),
})

// --- operate/rights and operate/sort ---------------------------------------------------------------

/** operate/rights: the circle's member rights in their order. */
export const adminRights = get('circleAdmin.rights', '/api/circle-admin/circles/{id}/rights/v1', {
  params: Schema.Struct({ id: PathId }),
  result: Schema.Struct({ list: Schema.Array(RightBody) }),
})

/** operate/rights: save the whole list (at most RIGHTS_MAX). */
export const adminRightsSave = put('circleAdmin.rightsSave', '/api/circle-admin/circles/{id}/rights/v1', {
  params: Schema.Struct({ id: PathId }),
  body: Schema.Struct({ list: Schema.Array(RightBody).check(Schema.isMaxLength(RIGHTS_MAX * 2)) }),
  result: Schema.Struct({ list: Schema.Array(RightBody) }),
})

/** operate/sort: the circles the reader owns, in the order their page shows them. */
export const adminCircleSort = get('circleAdmin.circleSort', '/api/circle-admin/circle-sort/v1', {
  result: Schema.Struct({ list: Schema.Array(SortItem) }),
})

/** operate/sort: save the order of the reader's own circles (every one, once). */
export const adminCircleSortSave = put('circleAdmin.circleSortSave', '/api/circle-admin/circle-sort/v1', {
  body: Schema.Struct({ ids: IdOrder }),
  result: Schema.Struct({ list: Schema.Array(SortItem) }),
})

/** operate/sort/{id}: the circle's tags, the sections its content appears under, in order. */
export const adminTagSort = get('circleAdmin.tagSort', '/api/circle-admin/circles/{id}/tag-sort/v1', {
  params: Schema.Struct({ id: PathId }),
  result: Schema.Struct({ list: Schema.Array(SortItem) }),
})

/** operate/sort/{id}: save the order of the circle's tags (every one, once). */
export const adminTagSortSave = put('circleAdmin.tagSortSave', '/api/circle-admin/circles/{id}/tag-sort/v1', {
  params: Schema.Struct({ id: PathId }),
  body: Schema.Struct({ ids: IdOrder }),
  result: Schema.Struct({ list: Schema.Array(SortItem) }),
})

// --- the reviewer ------------------------------------------------------------------------------

/** The circles waiting for review, oldest first (content reviewers only). */
export const circleReviewList = get('circleAdmin.reviewList', '/api/circle-admin/circle-review/v1', {
  query: PageQuery,
  result: Page(ReviewCircle),
})

/** Approve a circle under review: it opens to readers. */
export const circleReviewApprove = post('circleAdmin.reviewApprove', '/api/circle-admin/circle-review/{id}/approve/v1', {
  params: Schema.Struct({ id: PathId }),
  result: AdminCircleDetail,
})

/** Reject a circle under review with a reason its owner reads; editing it sends it to review again. */
export const circleReviewReject = post('circleAdmin.reviewReject', '/api/circle-admin/circle-review/{id}/reject/v1', {
  params: Schema.Struct({ id: PathId }),
  body: Schema.Struct({ reason: Text(REJECT_REASON_MAX * 2) }),
  result: AdminCircleDetail,
})

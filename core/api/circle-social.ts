// The comments of a circle's moment and taking circle content down (issue 27's leftovers; spec 001 §2
// /chiefCircle/comment/{id}/{type}, §4, §7). The spec shows only the comment summary's path
// (GET /api/moment/comment/summary/{id}); the full list, a comment's like, its deletion, one moment by id
// and the reviewer's take-down are ours in the spec's style (the likes mirror spec 000's
// POST and DELETE /api/comments/{id}/like/v1). A comment is written through PUT /api/review/v1 with
// replyId (core/api/circles.ts). Who may do what is core/circles/access.ts's rule. Sharing, complaining
// and reading a violation use spec 001 §7's own calls (core/api/interaction.ts).
import * as Schema from 'effect/Schema'
import { endpoint } from './endpoint'
import { CountFromString, IdFromString, Id, Seconds, Text } from './common'
import { Page } from './page'
import { LikeState, ReviewStatus } from './posting'
import { CircleDynamic, CircleUser } from './circles'
import { Violation } from './interaction'
import { TAKE_DOWN_REASON_MAX } from '../circles/limits'

const PathId = IdFromString

/** A comment under a circle's moment, with the reader's like and whether the reader may delete it. */
export const CircleComment = Schema.Struct({
  id: Schema.Number,
  dynamicId: Schema.Number,
  author: CircleUser,
  /** plain text with line breaks; shown as text */
  content: Schema.String,
  /** others only ever see 'approved'; the author also sees their own taken down ('rejected') */
  status: ReviewStatus,
  likeCount: Schema.Number,
  liked: Schema.Boolean,
  /** its author, the circle's owner and admins (core/circles/access.ts mayDeleteComment) */
  canDelete: Schema.Boolean,
  createTimestamp: Seconds,
})
export type CircleComment = typeof CircleComment.Type

/** GET /api/moment/dynamic/{id}/v1 (ours): one moment of a circle, for its readers (the comment page's head). */
export const circleDynamicDetail = endpoint({
  name: 'moment.dynamicDetail',
  path: '/api/moment/dynamic/{id}/v1',
  params: Schema.Struct({ id: PathId }),
  result: CircleDynamic,
})

/** GET /api/moment/dynamic/{id}/comments/v1 (page, count; ours): a moment's comments, newest first; readers of the circle. */
export const circleComments = endpoint({
  name: 'moment.comments',
  path: '/api/moment/dynamic/{id}/comments/v1',
  params: Schema.Struct({ id: PathId }),
  query: Schema.Struct({ page: Schema.optional(IdFromString.check(Schema.isLessThanOrEqualTo(10_000))), count: Schema.optional(CountFromString) }),
  result: Page(CircleComment),
})

/** POST and DELETE /api/moment/comment/{id}/like/v1 (ours; spec 000's comment likes): the owner, admins and members of the circle. */
export const circleCommentLike = endpoint({ name: 'moment.commentLike', method: 'POST', path: '/api/moment/comment/{id}/like/v1', params: Schema.Struct({ id: PathId }), result: LikeState })
export const circleCommentUnlike = endpoint({ name: 'moment.commentUnlike', method: 'DELETE', path: '/api/moment/comment/{id}/like/v1', params: Schema.Struct({ id: PathId }), result: LikeState })

/** DELETE /api/moment/comment/{id}/v1 (ours): its author deletes their own; the circle's owner and admins delete any. */
export const circleCommentDelete = endpoint({ name: 'moment.commentDelete', method: 'DELETE', path: '/api/moment/comment/{id}/v1', params: Schema.Struct({ id: PathId }), result: Schema.Boolean })

/**
 * PUT /api/moment/content/take-down/v1 {type, id, reason} (ours): a content reviewer takes a circle's moment
 * or a comment under one down; its author reads why on the violation page (GET /api/violation/{id}/v1).
 */
export const circleTakeDown = endpoint({
  name: 'moment.takeDown',
  method: 'PUT',
  path: '/api/moment/content/take-down/v1',
  body: Schema.Struct({ type: Schema.Literals(['circleDynamic', 'circleComment']), id: Id, reason: Text(TAKE_DOWN_REASON_MAX) }),
  result: Violation,
})

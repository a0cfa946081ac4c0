// Read-time visibility of posts and comments (spec 000 §4: only approved content is shown to others;
// content under review or rejected is visible to its author only). Applied where content is read —
// posts, lists, comments, dynamics, personal reads — not only on posting calls: a review that the local
// moderation has approved by time (review_due passed) counts as approved at once, on every read,
// without a GET having to write the approval (no GET changes state); writes settle it (review.ts).
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely'
import type { ReviewStatus } from '../../core/api/posting'
import { POSTING_MESSAGES as M } from '../../core/posting/limits'
import type { Database } from '../db/schema'

// The rule is written once here for any table with status/review_due/user_id (posts, comments) under
// any alias; a column of an alias chosen at run time is `sql.ref`, a reference, not a raw template.
const col = (alias: string, column: 'status' | 'review_due' | 'user_id') => sql.ref<string | number | null>(`${alias}.${column}`)

/** `alias.status` is approved, or under review with its automatic approval time passed. */
export function approvedNow(alias: string, nowSeconds: number): Expression<SqlBool> {
  const eb = expressionBuilder<Database, never>()
  return eb.or([
    eb(col(alias, 'status'), '=', 'approved'),
    eb.and([eb(col(alias, 'status'), '=', 'reviewing'), eb(col(alias, 'review_due'), 'is not', null), eb(col(alias, 'review_due'), '<=', nowSeconds)]),
  ])
}

/** Approved now, or the reader's own (never a draft): what this reader may read. */
export function visibleTo(alias: string, readerId: number | null, nowSeconds: number): Expression<SqlBool> {
  const eb = expressionBuilder<Database, never>()
  return eb.or([approvedNow(alias, nowSeconds), eb.and([eb(col(alias, 'user_id'), '=', readerId ?? 0), eb(col(alias, 'status'), '<>', 'draft')])])
}

/** The status a reader is told: an automatic approval whose time has passed is approved. */
export function statusNow(row: { status: ReviewStatus; review_due?: number | string | null }, nowSeconds: number): ReviewStatus {
  if (row.status === 'reviewing' && row.review_due != null && Number(row.review_due) <= nowSeconds) return 'approved'
  return row.status
}

/** spec 000 §4: 'content is under review' for the author's own under review; the reason when rejected. */
export function reviewMessage(status: ReviewStatus, rejectReason = ''): string {
  if (status === 'reviewing') return M.underReview
  if (status === 'rejected') return rejectReason || M.rejected
  return ''
}

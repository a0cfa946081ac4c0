// Read-time visibility of posts and comments (spec 000 §4: only approved content is shown to others;
// content under review or rejected is visible to its author only). Applied where content is read —
// posts, lists, comments, dynamics, personal reads — not only on posting calls: a review that the local
// moderation has approved by time (review_due passed) counts as approved at once, on every read,
// without a GET having to write the approval (no GET changes state); writes settle it (review.ts).
import { sql, type RawBuilder } from 'kysely'
import type { ReviewStatus } from '../../core/api/posting'
import { POSTING_MESSAGES as M } from '../../core/posting/limits'

/** `alias.status` is approved, or under review with its automatic approval time passed. */
export function approvedNow(alias: string, nowSeconds: number): RawBuilder<boolean> {
  const a = sql.raw(alias)
  return sql<boolean>`(${a}.status = 'approved' OR (${a}.status = 'reviewing' AND ${a}.review_due IS NOT NULL AND ${a}.review_due <= ${nowSeconds}))`
}

/** Approved now, or the reader's own (never a draft): what this reader may read. */
export function visibleTo(alias: string, readerId: number | null, nowSeconds: number): RawBuilder<boolean> {
  const a = sql.raw(alias)
  return sql<boolean>`(${approvedNow(alias, nowSeconds)} OR (${a}.user_id = ${readerId ?? 0} AND ${a}.status <> 'draft'))`
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

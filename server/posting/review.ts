// Review state shared by posts and comments (spec 000 §4): new content starts 'reviewing' and only
// approved content is shown to others. Due reviews of the local moderation are settled here.
import { sql } from 'kysely'
import type { Db } from '../db/db'

/** Approves every post and comment whose automatic review time (seconds) has come. */
export async function settleDueReviews(db: Db, nowSeconds: number): Promise<void> {
  await sql`UPDATE posts SET status = 'approved', review_due = NULL WHERE status = 'reviewing' AND review_due IS NOT NULL AND review_due <= ${nowSeconds}`.execute(db.kysely)
  const done = await sql<{ source: string; ref_id: number }>`UPDATE comments SET status = 'approved', review_due = NULL
    WHERE status = 'reviewing' AND review_due IS NOT NULL AND review_due <= ${nowSeconds} RETURNING source, ref_id`.execute(db.kysely)
  for (const postId of new Set(done.rows.filter((r) => r.source === 'post').map((r) => Number(r.ref_id)))) await recountComments(db, postId)
}

/** posts.comment_count = the post's approved comments. */
export async function recountComments(db: Db, postId: number): Promise<void> {
  await sql`UPDATE posts SET comment_count = (SELECT count(*) FROM comments c WHERE c.source = 'post' AND c.ref_id = ${postId} AND c.status = 'approved')
    WHERE id = ${postId}`.execute(db.kysely)
}

export const dueSeconds = (dueMs: number | null): number | null => (dueMs === null ? null : Math.ceil(dueMs / 1000))

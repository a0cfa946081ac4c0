// Review state shared by posts and comments (spec 000 §4): new content starts 'reviewing' and only
// approved content is shown to others. Due reviews of the local moderation are settled here.
import type { Db } from '../db/db'
import { approveDuePosts, recountComments } from './posts-repository'
import { approveDueComments } from './comments-repository'

/** Approves every post and comment whose automatic review time (seconds) has come. */
export async function settleDueReviews(db: Db, nowSeconds: number): Promise<void> {
  await approveDuePosts(db, nowSeconds)
  const done = await approveDueComments(db, nowSeconds)
  for (const postId of new Set(done.filter((r) => r.source === 'post').map((r) => Number(r.ref_id)))) await recountComments(db, postId)
}

export { recountComments }

export const dueSeconds = (dueMs: number | null): number | null => (dueMs === null ? null : Math.ceil(dueMs / 1000))

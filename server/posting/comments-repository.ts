// The comments table (011_posting.sql; spec 000 §3 Comment) and comment_likes: every query on them,
// the list row (a comment with its author and the replied-to author) and its shape.
import { k, type Queryable } from '../db/queryable'

/** Every comment on one item (the item is deleted). */
export async function deleteCommentsOf(d: Queryable, source: 'post' | 'news', refId: number): Promise<void> {
  await k(d).deleteFrom('comments').where('source', '=', source).where('ref_id', '=', refId).execute()
}

/** Approves every comment whose automatic review time (seconds) has come; answers what each was on. */
export async function approveDueComments(d: Queryable, now: number): Promise<{ source: 'post' | 'news'; ref_id: number }[]> {
  return k(d)
    .updateTable('comments')
    .set({ status: 'approved', review_due: null })
    .where('status', '=', 'reviewing')
    .where('review_due', 'is not', null)
    .where('review_due', '<=', now)
    .returning(['source', 'ref_id'])
    .execute()
}

// The circle_comment_likes table (028_circle_social.sql): one like per reader of a comment under a
// circle's moment. The count is kept in circle_comments.like_count (comments-repository.ts recountLikes).
import { k, type Queryable } from '../db/queryable'

/** Adds the reader's like; nothing when it is there. */
export async function addLike(d: Queryable, commentId: number, userId: number, nowSeconds: number): Promise<void> {
  await k(d).insertInto('circle_comment_likes').values({ comment_id: commentId, user_id: userId, create_timestamp: nowSeconds }).onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing()).execute()
}

export async function removeLike(d: Queryable, commentId: number, userId: number): Promise<void> {
  await k(d).deleteFrom('circle_comment_likes').where('comment_id', '=', commentId).where('user_id', '=', userId).execute()
}

/** Which of these comments the reader liked. */
export async function likedBy(d: Queryable, commentIds: readonly number[], userId: number | null): Promise<Set<number>> {
  if (userId === null || commentIds.length === 0) return new Set()
  const rows = await k(d).selectFrom('circle_comment_likes').select('comment_id').where('comment_id', 'in', [...commentIds]).where('user_id', '=', userId).execute()
  return new Set(rows.map((r) => Number(r.comment_id)))
}

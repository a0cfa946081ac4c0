// The live room's comment list (issue 28; spec 001 §3 'Video comment', §7 before-id / after-id comments):
// comments arrive from three places — the history, the room's chat group as they are posted, and the
// catch-up after a gap — so the same comment may come twice and out of order. One list, unique by
// commentId, oldest first, the newest COMMENTS_KEPT kept.
import type { LiveComment } from '../api/live'

/** ours: how many comments the room page keeps (the older ones are read by scrolling the history) */
export const COMMENTS_KEPT = 200

/** `list` with `more` merged in: unique by commentId (a later copy replaces an earlier one), ascending, at most `kept`. */
export function mergeComments(list: readonly LiveComment[], more: readonly LiveComment[], kept = COMMENTS_KEPT): LiveComment[] {
  const byId = new Map<number, LiveComment>()
  for (const c of list) byId.set(c.commentId, c)
  for (const c of more) byId.set(c.commentId, c)
  const merged = [...byId.values()].sort((a, b) => a.commentId - b.commentId)
  return merged.length > kept ? merged.slice(merged.length - kept) : merged
}

/** The id the next catch-up asks after: the newest comment held, 0 when none. */
export const newestCommentId = (list: readonly LiveComment[]): number => list.at(-1)?.commentId ?? 0

// The comment box's rules (spec 000 §4, §5, §9). Pure; the view renders them.
import type { ReviewStatus } from '../api/posting'
import { canSubmitPost } from '../validation/post-body'
import { textToPostHtml } from './discussion'
import { COMMENT_CONTENT_MAX, POSTING_MESSAGES } from './limits'

/** The comment input's height, collapsed and expanded (px). */
export const COMMENT_BOX_COLLAPSED_PX = 45
export const COMMENT_BOX_EXPANDED_PX = 100
/** spec 000 §9: a post body is shown at most 300 px high until expanded */
export const POST_BODY_MAX_PX = 300

export type CommentInputState = { readonly open: true } | { readonly open: false; readonly message: string }

/**
 * spec 000 §4: only approved content lets a reader type; otherwise 'content is under review'
 * shows and input is blocked. §5: a closed comment shows 'this content has restricted comments'.
 */
export function commentInputState(target: { readonly status: ReviewStatus; readonly commentsClosed: boolean }): CommentInputState {
  if (target.status !== 'approved') return { open: false, message: POSTING_MESSAGES.underReview }
  if (target.commentsClosed) return { open: false, message: POSTING_MESSAGES.commentsRestricted }
  return { open: true }
}

/** spec 000 §4: submit only with text or a picture; never past the comment's bound. */
export function canSubmitComment(text: string, pictures = 0): boolean {
  if (Array.from(text.trim()).length > COMMENT_CONTENT_MAX) return false
  return canSubmitPost({ body: textToPostHtml(text), files: 0, pictures, shared: false })
}

/** What POST /api/comments/v2 takes as content: the text as HTML with its line breaks. */
export const commentContent = (text: string): string => textToPostHtml(text.trim())

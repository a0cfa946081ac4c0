// Bounds of posting (issue 12). The spec names the image counts (000 §5, §9); the text lengths are
// ours (the spec names none) and migration 011 repeats them as CHECKs.
import { DISCUSSION_IMAGE_LIMIT } from '../validation/upload'

export const POST_TITLE_MAX = 100
/** a discussion body or an article's text, in characters after stripping */
export const POST_CONTENT_MAX = 20_000
/** what the client may send for a discussion body (HTML before stripping) */
export const POST_HTML_MAX = 60_000
export const COMMENT_CONTENT_MAX = 2_000
/** spec 000 §5, §9: the discussion dialog takes at most 9 images */
export const POST_IMAGE_MAX = DISCUSSION_IMAGE_LIMIT
export const COMMENT_IMAGE_MAX = 9
/** stock codes, portfolio codes and user ids referenced by a post */
export const REF_CONTENTS_MAX = 20
export const ARTICLE_TOKENS_MAX = 2_000
export const URL_MAX = 500

export const POSTING_MESSAGES = {
  emptyBody: '请输入内容',
  emptyTitle: '请输入标题',
  contentTooLong: `内容不能超过${POST_CONTENT_MAX}字`,
  forbiddenWords: '内容包含违规信息，请修改后再发布',
  topicNotFound: '话题不存在',
  riskTipNotFound: '风险类别不存在',
  postNotFound: '帖子不存在',
  newsNotFound: '资讯不存在',
  commentNotFound: '评论不存在',
  draftNotFound: '草稿不存在',
  notOwner: '只能删除自己发布的内容',
  underReview: '内容审核中',
  /** a rejected post or comment, to its author (the reason when the reviewer gave one) */
  rejected: '内容未通过审核',
  /** spec 000 §5: a closed comment shows 'this content has restricted comments' */
  commentsRestricted: '该内容已限制评论',
  badImage: '图片地址不合规',
  replyElsewhere: '回复的评论不属于该内容',
} as const

// Bounds and texts of financial circles (issue 27; spec 001 §3, §5, §7, §9). The spec names the page
// sizes (ask-question users 5, circle searches 10) and the circle types; the text lengths are ours and
// migration 025 repeats them as CHECKs.
import { POSTING_MESSAGES } from '../posting/limits'

/** spec 001 §3: circle types */
export const CIRCLE_TYPES = ['FINANCIAL_CIRCLE', 'GROUP', 'COURSE', 'LIVE_COLUMN'] as const
export type CircleType = (typeof CIRCLE_TYPES)[number]

/** spec 001 §3 Comment or post draft: questionType (anonymity or public) */
export const QUESTION_TYPES = ['anonymity', 'public'] as const
export type QuestionType = (typeof QUESTION_TYPES)[number]

/** spec 001 §7: POST /api/momentUser/askQuestionUser/v1 {momentId, page, pageSize 5} */
export const ASK_QUESTION_USERS_PAGE_SIZE = 5
/** spec 001 §7, §9: GET /api/moment/dynamic/search and /dynamic/file/search (count 10); circle searches 10 */
export const CIRCLE_SEARCH_COUNT = 10
/** the moments of a circle per page unless the reader asks for another count (ours) */
export const CIRCLE_CONTENT_COUNT = 20
/** the newest comments a comment summary shows (ours) */
export const COMMENT_SUMMARY_SHOWN = 3
/** the sample an outsider sees on a circle's intro: this many moments, each cut to SAMPLE_CHARS (ours) */
export const SAMPLE_SIZE = 2
export const SAMPLE_CHARS = 60

export const CIRCLE_NAME_MAX = 30
export const CIRCLE_BRIEF_MAX = 500
export const TAG_NAME_MAX = 10
export const TOPIC_NAME_MAX = 30
export const MOMENT_TITLE_MAX = 100
/** a moment's, question's or answer's text after stripping (characters) */
export const MOMENT_CONTENT_MAX = 5_000
/** what the client may send (HTML before stripping) */
export const MOMENT_HTML_MAX = 15_000
/** spec 001 §5: files at most 10 in total */
export const MOMENT_FILES_MAX = 10
/** the post box of a circle takes up to 9 images (the discussion dialog's limit; spec default 1 is the comment box) */
export const MOMENT_IMAGES_MAX = 9
export const MOMENT_TAGS_MAX = 3
/** a moment's comments per page on /chiefCircle/comment/{id} unless the reader asks for another count (ours) */
export const CIRCLE_COMMENTS_PAGE = 20
/** a reviewer's reason for taking circle content down (the violations table's reason: 200) */
export const TAKE_DOWN_REASON_MAX = 200

export const CIRCLE_MESSAGES = {
  circleNotFound: '圈子不存在',
  dynamicNotFound: '内容不存在',
  tagNotFound: '标签不存在',
  /** a guest asked for something only a signed-in reader may do (spec 001 §8 403 guard) */
  loginFirst: '请先登录再进行操作！',
  /** an outsider (or an expired member) asked for a paid circle's content */
  joinFirst: '加入圈子后才能查看全部内容',
  expired: '您的圈子会员已到期，续费后可继续查看',
  /** joining a paid circle through the free join call */
  paidJoin: '该圈子需付费加入，请购买后查看',
  alreadyJoined: '您已加入该圈子',
  notPublishable: '您暂无发布权限',
  notMember: '加入圈子后才能发布内容',
  /** pin, essence, ignore, answer by someone who is neither the owner nor an admin of this circle */
  notManager: '仅圈主和管理员可以操作',
  onlyQuestionsAnswered: '只能回答提问',
  alreadyAnswered: '该提问已回答',
  emptyBody: POSTING_MESSAGES.emptyBody,
  contentTooLong: `内容不能超过${MOMENT_CONTENT_MAX}字`,
  forbiddenWords: POSTING_MESSAGES.forbiddenWords,
  /** spec 001 §4: review status of circle content other than approved blocks input */
  underReview: POSTING_MESSAGES.underReview,
  /** spec 001 §4: a closed comment */
  commentsRestricted: POSTING_MESSAGES.commentsRestricted,
  /** spec 001 §5: images and files cannot be mixed */
  mixed: '不能同时上传图片和文件',
  /** anonymity in place of an anonymous asker's name, for readers who may not see it */
  anonymousNick: '匿名用户',
  tagNotSendable: '该标签不可使用',
  topicNotFound: POSTING_MESSAGES.topicNotFound,
  commentNotFound: POSTING_MESSAGES.commentNotFound,
  /** deleting someone else's comment without being the circle's owner or an admin */
  notYourComment: '只能删除自己的评论',
  /** liking a comment without being a member, the owner or an admin (a reviewer reads only) */
  membersOnly: '加入圈子后才能操作',
  /** taking content down: the content reviewers only */
  reviewersOnly: '仅内容审核员可以操作',
  emptyReason: '请填写下架原因',
  alreadyTakenDown: '该内容已下架',
  /** what the author hears when a reviewer takes their moment or comment down (the reason follows) */
  takenDownNotice: '你在圈子发布的内容已被下架',
} as const

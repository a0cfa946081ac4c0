// The circle-admin console's communities (issue 29; spec 001 §2 'community-admin/community-list,
// community-summary, user-admin, community-list/community-create, community-list/community-edit/
// {momentId?}, community-admin/community-detail/{momentId?} with tabs announcement, comment, detail,
// post, privilege, qa (qa-answered, qa-unanswered), set-essence, set-preview, set-top, tags, user').
// The spec names the routes, not the calls: these are ours, in the spec's style (`/api/circle-admin/...`,
// the same envelope, numbered pages). A community is the moment feed of a circle of type FINANCIAL_CIRCLE
// or GROUP (core/circle-admin/communities.ts says why); `momentId` is that circle's id, as everywhere in
// the API. Every call about one community answers only its owner and its admins (core/circle-admin/
// access.ts; server/circle-admin/guard.ts): 请先登录再进行操作！ to a guest, 无权管理该圈子 to anyone else.
import * as Schema from 'effect/Schema'
import { del, get, post, put } from './endpoint'
import { Id, IdFromString, Seconds, Text } from './common'
import { Page, PageQuery } from './page'
import { Keyword } from './search'
import { ReviewStatus } from './posting'
import { CircleDynamic, CircleUser, MomentTag } from './circles'
import { MOMENT_HTML_MAX } from '../circles/limits'
import { ANNOUNCEMENT_MAX, COMMUNITY_BRIEF_MAX, COMMUNITY_INTRO_MAX, COMMUNITY_NAME_MAX, COMMUNITY_TAG_NAME_MAX, COMMUNITY_TIP_MAX, COMMUNITY_TYPES } from '../circle-admin/communities'
import { URL_MAX } from '../posting/limits'

const MomentPath = Schema.Struct({ momentId: IdFromString })

/** spec 001 §3 circle types with a moment feed: FINANCIAL_CIRCLE (圈子), GROUP (社群) */
export const CommunityType = Schema.Literals(COMMUNITY_TYPES)
/** The reader's part in a community, as the console sees it (core/circle-admin/access.ts ConsoleRole) */
export const ManagerRole = Schema.Literals(['owner', 'admin'])

/** A community in the console's list. */
export const AdminCommunity = Schema.Struct({
  momentId: Schema.Number,
  type: CommunityType,
  name: Schema.String,
  avatar: Schema.String,
  brief: Schema.String,
  /** the reader is its owner or one of its admins */
  role: ManagerRole,
  reviewStatus: Schema.Literals(['draft', 'reviewing', 'approved', 'rejected']),
  /** a paid circle (joined by an order of goods type financialCircle) */
  paid: Schema.Boolean,
  memberCount: Schema.Number,
  /** approved moments, not set aside */
  dynamicCount: Schema.Number,
  unansweredCount: Schema.Number,
  createTimestamp: Seconds,
})
export type AdminCommunity = typeof AdminCommunity.Type

/** A community's detail (the detail tab, the edit form, the announcement tab). */
export const AdminCommunityDetail = Schema.Struct({
  ...AdminCommunity.fields,
  intro: Schema.String,
  /** 入圈须知 (GET /api/financial-circle/tip/v1 shows it) */
  tip: Schema.String,
  /** the owner's pinned announcement ('' none): shown on top of the circle's feed */
  announcement: Schema.String,
  announcementTimestamp: Schema.NullOr(Seconds),
  owner: CircleUser,
  admins: Schema.Array(CircleUser),
  answeredCount: Schema.Number,
  commentCount: Schema.Number,
})
export type AdminCommunityDetail = typeof AdminCommunityDetail.Type

/** community-create and community-edit (the checks: core/circle-admin/communities.ts communityFormErrors). */
export const CommunityForm = Schema.Struct({
  name: Text(COMMUNITY_NAME_MAX * 2),
  brief: Text(COMMUNITY_BRIEF_MAX * 2),
  intro: Schema.optional(Text(COMMUNITY_INTRO_MAX * 2)),
  tip: Schema.optional(Text(COMMUNITY_TIP_MAX * 2)),
  avatar: Schema.optional(Text(URL_MAX)),
})
export type CommunityForm = typeof CommunityForm.Type

/** A day of the summary (the day's first second, UTC+8) with its new members, posts and comments. */
export const SummaryDay = Schema.Struct({ day: Seconds, members: Schema.Number, posts: Schema.Number, comments: Schema.Number })
export const CommunitySummary = Schema.Struct({
  communityCount: Schema.Number,
  memberCount: Schema.Number,
  postCount: Schema.Number,
  questionCount: Schema.Number,
  answeredCount: Schema.Number,
  unansweredCount: Schema.Number,
  commentCount: Schema.Number,
  /** the last SUMMARY_DAYS days, oldest first */
  days: Schema.Array(SummaryDay),
})
export type CommunitySummary = typeof CommunitySummary.Type

/** A post in the console: the feed's moment or question with whether outsiders see it as the sample. */
export const AdminPost = Schema.Struct({ ...CircleDynamic.fields, preview: Schema.Boolean })
export type AdminPost = typeof AdminPost.Type

export const AdminComment = Schema.Struct({
  id: Schema.Number,
  dynamicId: Schema.Number,
  /** the post's title, else its first words */
  dynamicTitle: Schema.String,
  commentsClosed: Schema.Boolean,
  author: CircleUser,
  content: Schema.String,
  status: ReviewStatus,
  likeCount: Schema.Number,
  createTimestamp: Seconds,
})
export type AdminComment = typeof AdminComment.Type

export const MemberRole = Schema.Literals(['owner', 'admin', 'member', 'expired'])
export const AdminMember = Schema.Struct({
  user: CircleUser,
  momentId: Schema.Number,
  communityName: Schema.String,
  role: MemberRole,
  joinTimestamp: Seconds,
  /** null: for good (a free join, the owner, an admin) */
  expireTimestamp: Schema.NullOr(Seconds),
  /** spec 001 §6 momentPublishable in this community (privilege) */
  publishable: Schema.Boolean,
  muted: Schema.Boolean,
})
export type AdminMember = typeof AdminMember.Type

export const AdminTag = Schema.Struct({ ...MomentTag.fields, adminOnly: Schema.Boolean, count: Schema.Number })
export type AdminTag = typeof AdminTag.Type

const ListQuery = Schema.Struct({ keyword: Schema.optional(Keyword), ...PageQuery.fields })

// --- the caller's communities -----------------------------------------------------------------------

/** community-admin/community-list: the communities the caller owns or administers (keyword, type, pages). */
export const communityList = get('circleAdmin.community.list', '/api/circle-admin/community/list/v1', {
  query: Schema.Struct({ ...ListQuery.fields, type: Schema.optional(CommunityType) }),
  result: Page(AdminCommunity),
})

/** community-admin/community-summary: counts over all the caller's communities, or one (momentId), and the last days. */
export const communitySummary = get('circleAdmin.community.summary', '/api/circle-admin/community/summary/v1', {
  query: Schema.Struct({ momentId: Schema.optional(IdFromString) }),
  result: CommunitySummary,
})

/** community-admin/user-admin: the members of the caller's communities (keyword on the nick, one community). */
export const communityUsers = get('circleAdmin.community.users', '/api/circle-admin/community/users/v1', {
  query: Schema.Struct({ ...ListQuery.fields, momentId: Schema.optional(IdFromString) }),
  result: Page(AdminMember),
})

/** community-list/community-create: a 社群 owned by the caller (advisory certification, core/circle-admin/access.ts). */
export const communityCreate = post('circleAdmin.community.create', '/api/circle-admin/community/v1', { body: CommunityForm, result: AdminCommunityDetail })

// --- one community ----------------------------------------------------------------------------------

/** community-detail/{momentId}/detail (and the edit form's values). */
export const communityDetail = get('circleAdmin.community.detail', '/api/circle-admin/community/{momentId}/v1', { params: MomentPath, result: AdminCommunityDetail })

/** community-list/community-edit/{momentId}. */
export const communityEdit = put('circleAdmin.community.edit', '/api/circle-admin/community/{momentId}/v1', { params: MomentPath, body: CommunityForm, result: AdminCommunityDetail })

/** community-detail/{momentId}/announcement: the owner's pinned announcement ('' takes it down). */
export const communityAnnouncement = put('circleAdmin.community.announcement', '/api/circle-admin/community/{momentId}/announcement/v1', {
  params: MomentPath,
  body: Schema.Struct({ announcement: Text(ANNOUNCEMENT_MAX * 2) }),
  result: AdminCommunityDetail,
})

/**
 * The community's posts, newest first (pinned first in `top`): post (every post with its review status),
 * set-top, set-essence, set-preview (`kind` picks the marked ones), qa-answered, qa-unanswered.
 */
export const POST_KINDS = ['all', 'dynamic', 'top', 'essence', 'preview', 'questions', 'answered', 'unanswered'] as const
export const communityPosts = get('circleAdmin.community.posts', '/api/circle-admin/community/{momentId}/posts/v1', {
  params: MomentPath,
  // a post is never a draft once sent: the filter names the three states a sent post is in
  query: Schema.Struct({ ...ListQuery.fields, kind: Schema.optional(Schema.Literals(POST_KINDS)), status: Schema.optional(Schema.Literals(['reviewing', 'approved', 'rejected'])) }),
  result: Page(AdminPost),
})


/** set-top: pin or unpin a post (the feed shows pinned ones first, newest pin first). */
export const communityPostTop = put('circleAdmin.community.postTop', '/api/circle-admin/community/{momentId}/post/top/v1', { params: MomentPath, body: Schema.Struct({ dynamicId: Id, top: Schema.Boolean }), result: AdminPost })
/** set-essence: mark or unmark a post essence. */
export const communityPostEssence = put('circleAdmin.community.postEssence', '/api/circle-admin/community/{momentId}/post/essence/v1', {
  params: MomentPath,
  body: Schema.Struct({ dynamicId: Id, essence: Schema.Boolean }),
  result: AdminPost,
})
/** set-preview: whether an outsider sees the post as the intro's sample (approved posts only). */
export const communityPostPreview = put('circleAdmin.community.postPreview', '/api/circle-admin/community/{momentId}/post/preview/v1', {
  params: MomentPath,
  body: Schema.Struct({ dynamicId: Id, preview: Schema.Boolean }),
  result: AdminPost,
})
/** comment: restrict commenting on a post (spec 001 §4: the comment box then shows 该内容已限制评论). */
export const communityPostCommentSwitch = put('circleAdmin.community.postCommentSwitch', '/api/circle-admin/community/{momentId}/post/comment-switch/v1', {
  params: MomentPath,
  body: Schema.Struct({ dynamicId: Id, commentsClosed: Schema.Boolean }),
  result: AdminPost,
})

/** qa-unanswered: answer a member's question (the circle's one answer, as PUT /api/review/v1 with replyId). */
export const communityAnswer = post('circleAdmin.community.answer', '/api/circle-admin/community/{momentId}/question/answer/v1', {
  params: MomentPath,
  body: Schema.Struct({ dynamicId: Id, content: Text(MOMENT_HTML_MAX) }),
  result: AdminPost,
})

/** comment: the community's comments, newest first (keyword on the text, one post). */
export const communityComments = get('circleAdmin.community.comments', '/api/circle-admin/community/{momentId}/comments/v1', {
  params: MomentPath,
  query: Schema.Struct({ ...ListQuery.fields, dynamicId: Schema.optional(IdFromString) }),
  result: Page(AdminComment),
})
/** comment: delete one. */
export const communityCommentDelete = del('circleAdmin.community.commentDelete', '/api/circle-admin/community/{momentId}/comment/{commentId}/v1', {
  params: Schema.Struct({ momentId: IdFromString, commentId: IdFromString }),
  result: Schema.Boolean,
})

/** user and privilege: the community's people (the owner and admins first, then members newest first). */
export const communityMembers = get('circleAdmin.community.members', '/api/circle-admin/community/{momentId}/members/v1', {
  params: MomentPath,
  query: ListQuery,
  result: Page(AdminMember),
})
const MemberPath = Schema.Struct({ momentId: IdFromString, userId: IdFromString })
/** privilege (publishable) and user (muted): a member's switches in this community. */
export const communityMemberSet = put('circleAdmin.community.memberSet', '/api/circle-admin/community/{momentId}/member/{userId}/v1', {
  params: MemberPath,
  body: Schema.Struct({ publishable: Schema.optional(Schema.Boolean), muted: Schema.optional(Schema.Boolean) }),
  result: AdminMember,
})
/** user: remove a member (a paid member's purchase is not refunded here: data/order refunds). */
export const communityMemberRemove = del('circleAdmin.community.memberRemove', '/api/circle-admin/community/{momentId}/member/{userId}/v1', {
  params: MemberPath,
  result: Schema.Boolean,
})

/** tags: the community's tags with their post counts (the default one first). */
export const communityTags = get('circleAdmin.community.tags', '/api/circle-admin/community/{momentId}/tags/v1', { params: MomentPath, result: Schema.Array(AdminTag) })
const TagBody = Schema.Struct({ tagName: Text(COMMUNITY_TAG_NAME_MAX * 2), adminOnly: Schema.optional(Schema.Boolean) })
export const communityTagCreate = post('circleAdmin.community.tagCreate', '/api/circle-admin/community/{momentId}/tag/v1', { params: MomentPath, body: TagBody, result: AdminTag })
const TagPath = Schema.Struct({ momentId: IdFromString, tagId: IdFromString })
export const communityTagEdit = put('circleAdmin.community.tagEdit', '/api/circle-admin/community/{momentId}/tag/{tagId}/v1', { params: TagPath, body: TagBody, result: AdminTag })
/** tags: delete one (its posts keep their other tags). */
export const communityTagDelete = del('circleAdmin.community.tagDelete', '/api/circle-admin/community/{momentId}/tag/{tagId}/v1', { params: TagPath, result: Schema.Boolean })

// Every state-changing endpoint of the contract registry (core/api/registry.ts: the non-GETs, and the
// GETs of the spec that change state) and the class of write it is (write-limits.ts). The server's one
// write-limit middleware is built from this list; endpoint-classes.test.ts fails when a state-changing
// endpoint of the registry is missing, so a new endpoint cannot forget its limit.
import * as accounts from '../api/accounts'
import * as attestation from '../api/attestation'
import * as certification from '../api/certification'
import * as chat from '../api/chat'
import * as circleAdminCommunities from '../api/circle-admin-communities'
import * as circles from '../api/circles'
import * as circleAdminData from '../api/circle-admin-data'
import * as circleAdminLive from '../api/circle-admin-live'
import * as circleAdminCircles from '../api/circle-admin-circles'
import * as circleAdminCourses from '../api/circle-admin-courses'
import * as circleExtras from '../api/circle-extras'
import * as circleSocial from '../api/circle-social'
import * as content from '../api/content'
import type { Endpoint } from '../api/endpoint'
import * as interaction from '../api/interaction'
import * as live from '../api/live'
import * as market from '../api/market'
import * as messages from '../api/messages'
import * as order from '../api/order'
import * as payment from '../api/payment'
import * as portfolio from '../api/portfolio'
import * as posting from '../api/posting'
import * as readingColumns from '../api/reading-columns'
import * as uploads from '../api/uploads'
import * as wecom from '../api/wecom'
import type { WriteClass } from './write-limits'

const CLASSES: Readonly<Record<WriteClass, readonly Endpoint[]>> = {
  // posts and discussions (a stock's discussion post too)
  post: [posting.publishDynamic, interaction.stockCommentPost, circles.reviewSubmit],
  article: [posting.articlePublish],
  draft: [posting.articleDraftSave, posting.articleDraftDelete],
  // comments and replies on posts, articles and news; comments on stock discussions
  // (the console's answer to a circle's question is an answer like PUT /api/review/v1's)
  comment: [posting.commentCreate, interaction.stockCommentComment, circleAdminCommunities.communityAnswer],
  // a live room's comments (a chat: quicker than comments under posts)
  liveComment: [live.videoComment],
  // a watching page's heartbeat and visit (core/live/limits.ts HEARTBEAT_INTERVAL_MS)
  heartbeat: [live.videoOnlineCount, live.videoVisit],
  like: [
    posting.postLikeAdd,
    posting.postLikeDelete,
    posting.commentLike,
    posting.commentUnlike,
    posting.postFavAdd,
    posting.favoriteAdd,
    posting.favoriteDelete,
    interaction.dynamicLike,
    interaction.dynamicUnlike,
    interaction.stockCommentLike,
    interaction.stockCommentUnlike,
    // a comment under a circle's moment
    circleSocial.circleCommentLike,
    circleSocial.circleCommentUnlike,
  ],
  // follows and watch toggles
  follow: [
    accounts.follow,
    accounts.unfollow,
    readingColumns.followSubject,
    readingColumns.unfollowSubject,
    portfolio.follow,
    portfolio.unfollow,
    market.addUserStock,
    market.deleteUserStock,
    // joining a free circle
    circles.momentJoin,
    // reserving a reminder of a booked live room or roadshow
    live.roadshowReserve,
  ],
  share: [interaction.shareV1, interaction.shareV2, portfolio.share],
  report: [interaction.complain, interaction.appeal],
  // orders, and so calls to the pay service
  order: [payment.createOrder, order.purchase, payment.recharge],
  pay: [payment.guruPay],
  // the circle-admin console's refund of an order (its owner returns a member's money)
  refund: [circleAdminData.adminOrderRefund],
  coupon: [order.exchangeCoupon],
  upload: [certification.uploadIdentityCard, uploads.uploadPostImage, uploads.uploadDynamicPicture, uploads.uploadDynamicPictureV2, uploads.uploadPostFile, uploads.uploadFile, circleAdminCourses.adminCourseVideoUpload],
  profile: [
    accounts.updateInfo,
    accounts.updatePassword,
    accounts.uploadAvatar,
    accounts.acceptAgreement,
    accounts.mergeAccounts,
    accounts.wechatUnbind,
    accounts.wechatBind,
    order.saveUserAddress,
    order.signAgreements,
  ],
  attestation: [attestation.submitAnswers, attestation.submitRealName],
  // creating a circle in the circle-admin console (it waits for review, like an application)
  application: [circleAdminCircles.adminCircleCreate, certification.applyCertificate, interaction.columnApply, interaction.columnApplyEdit, interaction.hotContentApply],
  manage: [
    // a reviewer deciding creator-certification applications
    certification.approveCertificate,
    certification.rejectCertificate,
    posting.postDelete,
    posting.deleteDynamic,
    posting.commentDelete,
    interaction.stockCommentDelete,
    interaction.dynamicTop,
    interaction.dynamicEssence,
    interaction.dynamicCommentSwitch,
    // a circle's owner or admin pinning, marking essence, setting aside
    circles.momentContentTop,
    circles.momentContentEssence,
    circles.dynamicIgnore,
    // deleting a comment under a circle's moment; a reviewer taking circle content down
    circleSocial.circleCommentDelete,
    circleSocial.circleTakeDown,
    // a live column's owner or admin booking and running its rooms
    live.liveBook,
    live.liveStart,
    live.livePause,
    live.liveResume,
    live.liveEnd,
    live.liveDelete,
    live.liveGuests,
    // the circle-admin console moving an order's delivery on
    circleAdminData.adminOrderDelivery,
    // the circle-admin console's communities: an owner or admin running the feed, its comments, members and tags
    circleAdminCommunities.communityCreate,
    circleAdminCommunities.communityEdit,
    circleAdminCommunities.communityAnnouncement,
    circleAdminCommunities.communityPostTop,
    circleAdminCommunities.communityPostEssence,
    circleAdminCommunities.communityPostPreview,
    circleAdminCommunities.communityPostCommentSwitch,
    circleAdminCommunities.communityCommentDelete,
    circleAdminCommunities.communityMemberSet,
    circleAdminCommunities.communityMemberRemove,
    circleAdminCommunities.communityTagCreate,
    circleAdminCommunities.communityTagEdit,
    circleAdminCommunities.communityTagDelete,
    // the console's live tabs: a room's edit and playback choice, its comments, mutes and kicked-out viewers
    circleAdminLive.adminEditLiveRoom,
    circleAdminLive.adminLivePlayback,
    circleAdminLive.adminDeleteLiveComment,
    circleAdminLive.adminLiveMute,
    circleAdminLive.adminLiveKick,
    circleAdminLive.adminLiveUnkick,
    // the circle-admin console's circles: edit, admins, rights, sort; a reviewer's decision on a new circle
    circleAdminCircles.adminCircleEdit,
    circleAdminCircles.adminAdd,
    circleAdminCircles.adminRemove,
    circleAdminCircles.adminRightsSave,
    circleAdminCircles.adminCircleSortSave,
    circleAdminCircles.adminTagSortSave,
    circleAdminCircles.circleReviewApprove,
    circleAdminCircles.circleReviewReject,
    // the circle-admin console's course chapters
    circleAdminCourses.adminChapterCreate,
    circleAdminCourses.adminChapterEdit,
    circleAdminCourses.adminChapterDelete,
  ],
  portfolio: [portfolio.add, portfolio.addStock, portfolio.adjust, portfolio.close, portfolio.edit],
  group: [
    chat.createGroup,
    chat.addFriend,
    chat.addressBook,
    chat.batchOne2One,
    chat.excelJoin,
    chat.excelRemove,
    chat.joinByPhones,
    chat.joinByUserIds,
    chat.removeByPhones,
    chat.kickMember,
    chat.muteMember,
    chat.muteAllMember,
    chat.setAdmin,
    chat.modifyGroupMsgBizType,
    chat.receiveMessageOpt,
  ],
  // POSTs that check or query rather than store
  check: [circles.reviewCheckSensitive, circles.askQuestionUsers, posting.moderateText, chat.chatroomCheckMsg, circleExtras.chatroomWithMessage, live.beforeJoinLiveRoom, live.sendKickOutNotification, portfolio.detectChars, portfolio.batchQueryAdjust, payment.rechargeStatus],
  reading: [interaction.recordRead, messages.markMessagesRead, circleExtras.courseProgress],
  loginQr: [accounts.wechatQr, wecom.wxworkSso, wecom.wxworkOauth2],
  // limited by their own rules (core/accounts/limits.ts; the logs' LOG_RATE in server/content/site.ts)
  own: [
    accounts.sendMessageCode,
    accounts.gtInit,
    accounts.captchaVerify,
    accounts.emailForgot,
    accounts.fastLogin,
    accounts.phoneCodeLogin,
    accounts.smsSession,
    accounts.register,
    accounts.smsRegister,
    accounts.passwordLogin,
    accounts.resetByEmail,
    accounts.resetByPhone,
    accounts.verifyBindPhone,
    accounts.bindPhone,
    accounts.wechatSession,
    wecom.wxworkSession,
    content.sendLogs,
  ],
  // the pay service's notification, checked by its signature
  service: [payment.payNotify],
  // the local moderation sandbox (local mode, loopback only)
  sandbox: [posting.moderationSandboxDecide],
  // ending one's own session
  session: [accounts.logout],
}

/** `METHOD /path` of an endpoint: how the registry tells endpoints apart. */
export const endpointKey = (e: Pick<Endpoint, 'method' | 'path'>): string => `${e.method} ${e.path}`

/** Every classed endpoint by `METHOD /path`. */
export const ENDPOINT_CLASSES: ReadonlyMap<string, WriteClass> = new Map(
  Object.entries(CLASSES).flatMap(([cls, endpoints]) => endpoints.map((e) => [endpointKey(e), cls as WriteClass] as const)),
)

/** The classed endpoints themselves (the server registers its middleware on each). */
export const CLASSED_ENDPOINTS: readonly (readonly [Endpoint, WriteClass])[] = Object.entries(CLASSES).flatMap(([cls, endpoints]) =>
  endpoints.map((e) => [e, cls as WriteClass] as const),
)

/** How many times each endpoint is listed (the test wants exactly once). */
export const CLASS_LISTINGS: ReadonlyMap<string, number> = CLASSED_ENDPOINTS.reduce(
  (m, [e]) => m.set(endpointKey(e), (m.get(endpointKey(e)) ?? 0) + 1),
  new Map<string, number>(),
)

/** The class of a state-changing endpoint, or undefined when it has none (the test forbids that). */
export const classOf = (e: Pick<Endpoint, 'method' | 'path'>): WriteClass | undefined => ENDPOINT_CLASSES.get(endpointKey(e))

/** Whether a class is limited by write-limits.ts (the others are listed with their reason above). */
export const isLimited = (cls: WriteClass): cls is Exclude<WriteClass, 'own' | 'service' | 'sandbox' | 'session'> =>
  cls !== 'own' && cls !== 'service' && cls !== 'sandbox' && cls !== 'session'

// spec 001 §7 'Group chat' and the live column's userSig; spec 000 §7 chatroom calls (issue 14).
// Ids of the messaging service are strings: a user's is our numeric user id written as digits, a
// group's is GROUP_CHAT_V2_<n> (spec 001 §3: newer group ids contain GROUP_CHAT_V2). Every id and
// text is bounded here, so the database never sees what it cannot hold (design.md pitfalls).
import * as Schema from 'effect/Schema'
import { get, post, put } from './endpoint'
import { CountFromString, Id, IdFromString, isWithoutNul, MAX_ID, Text, Ok, Seconds } from './common'
import { Page } from './page'
import { BATCH_MAX, GROUP_NAME_MAX, HELPER_GROUPS_MAX, MUTE_FOREVER, MUTE_MAX_HOURS, SPREADSHEET_MAX_BYTES, TEXT_MAX_BYTES } from '../chat/limits'

/** A user id of the messaging service: our user id as digits (1 … 2^31−1). */
export const ImUserId = Schema.String.check(
  Schema.isPattern(/^[1-9]\d{0,9}$/),
  Schema.makeFilter((s: string) => Number(s) <= MAX_ID || `用户 id 应不大于 ${MAX_ID}`),
)
/** A group id: letters, digits, _ @ # - (the messaging service's alphabet), 1–64 characters. */
export const GroupId = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_@#-]{1,64}$/))
/** A conversation id: C2C + user id, GROUP + group id, or @TIM#SYSTEM. */
export const ConversationId = Schema.String.check(Schema.isPattern(/^(C2C[1-9]\d{0,9}|GROUP[A-Za-z0-9_@#-]{1,64}|@TIM#SYSTEM)$/))
/** A message id as our relay writes it (Tencent's are longer; both fit). */
export const MessageId = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_@#-]{1,96}$/))
/** A mainland or HK/Macau phone: 8 or 11 digits (spec 001 §9), optionally a +country prefix separated by a space. */
export const GroupPhone = Schema.String.check(Schema.isPattern(/^(\+?\d{1,4} )?\d{8,11}$/))
/** spec 001 §3: chat members carry role Owner, Admin or other (the service says Member). */
export const MemberRole = Schema.Literals(['Owner', 'Admin', 'Member'])
export type MemberRole = typeof MemberRole.Type
/** spec 001 §7: POST /api/group-chat/v1 {name, groupType}; our local service knows these types. */
export const GroupType = Schema.Literals(['Work', 'Public', 'Meeting', 'ChatRoom'])


export const GroupSummary = Schema.Struct({
  groupId: Schema.String,
  name: Schema.String,
  groupType: Schema.String,
  avatar: Schema.String,
  memberCount: Schema.Number,
  muteAllMember: Schema.Boolean,
  /** the reader's role in it, or null when not a member */
  role: Schema.NullOr(MemberRole),
})
export type GroupSummary = typeof GroupSummary.Type

export const BatchOutcome = Schema.Struct({
  /** user ids the call changed */
  userIds: Schema.Array(Schema.String),
  /** phones or user ids that name no account */
  notFound: Schema.Array(Schema.String),
  /** already in (join) or already out (remove) */
  unchanged: Schema.Array(Schema.String),
})
export type BatchOutcome = typeof BatchOutcome.Type

export const GroupMember = Schema.Struct({
  userID: Schema.String,
  nick: Schema.String,
  avatar: Schema.String,
  role: MemberRole,
  /** seconds since the epoch the mute ends; 0 not muted; −1 for ever */
  muteUntil: Schema.Number,
})
export type GroupMember = typeof GroupMember.Type

const Tags = Schema.Array(Schema.Struct({ tags: Schema.Array(Schema.String) }))
/** spec 001 §3 Friend: nick, avatar, userId, wechatPersonalTags, guruPersonalTags, wechatEnterpriseTags (each with tags). */
export const Friend = Schema.Struct({
  userId: Schema.String,
  nick: Schema.String,
  avatar: Schema.String,
  wechatPersonalTags: Tags,
  guruPersonalTags: Tags,
  wechatEnterpriseTags: Tags,
})
export type Friend = typeof Friend.Type

/** spec 001 §3 Group: name, avatar, groupID, memberCount, selfInfo.role (memberCount shown only to Owner/Admin, §6). */
export const AddressBookGroup = Schema.Struct({
  groupID: Schema.String,
  name: Schema.String,
  avatar: Schema.String,
  memberCount: Schema.NullOr(Schema.Number),
  selfInfo: Schema.Struct({ role: MemberRole }),
})

const GroupBody = { groupId: GroupId }

// --- groups ------------------------------------------------------------------------------------

/** POST /api/group-chat/v1 {name, groupType}: certified advisers only (spec 001 §6: create-group button). */
export const createGroup = post('groupChat.create', '/api/group-chat/v1', {
  body: Schema.Struct({ name: Text(GROUP_NAME_MAX).check(Schema.isMinLength(1)), groupType: Schema.optional(GroupType) }),
  result: GroupSummary,
})

const Phones = Schema.Array(GroupPhone).check(Schema.isMinLength(1), Schema.isMaxLength(BATCH_MAX))
const UserIds = Schema.Array(ImUserId).check(Schema.isMinLength(1), Schema.isMaxLength(BATCH_MAX))

export const joinByPhones = post('groupChat.join', '/api/group-chat/join/v1', {
  body: Schema.Struct({ ...GroupBody, phones: Phones }),
  result: BatchOutcome,
})
export const removeByPhones = post('groupChat.remove', '/api/group-chat/remove/v1', {
  body: Schema.Struct({ ...GroupBody, phones: Phones }),
  result: BatchOutcome,
})
export const joinByUserIds = post('groupChat.joinByUserIds', '/api/group-chat/join-by-userids/v1', {
  body: Schema.Struct({ ...GroupBody, userIds: UserIds }),
  result: BatchOutcome,
})
/** Multipart (field `file`: xlsx or csv, first column phones), groupId in the query. */
export const excelJoin = post('groupChat.excelJoin', '/api/group-chat/excel-join/v1', {
  query: Schema.Struct(GroupBody),
  result: BatchOutcome,
  maxBodyBytes: SPREADSHEET_MAX_BYTES + 64 * 1024,
})
export const excelRemove = post('groupChat.excelRemove', '/api/group-chat/excel-remove/v1', {
  query: Schema.Struct(GroupBody),
  result: BatchOutcome,
  maxBodyBytes: SPREADSHEET_MAX_BYTES + 64 * 1024,
})

/** POST /member/mute/v1 {groupId, userId, muteStatus, muteTimeHour default −1}: muteStatus true mutes, false lifts. */
export const muteMember = post('groupChat.muteMember', '/api/group-chat/member/mute/v1', {
  body: Schema.Struct({
    ...GroupBody,
    userId: ImUserId,
    muteStatus: Schema.Boolean,
    muteTimeHour: Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: MUTE_FOREVER, maximum: MUTE_MAX_HOURS }))),
  }),
  result: GroupMember,
})
export const muteAllMember = post('groupChat.muteAll', '/api/group-chat/group/mute-all-member/v1', {
  body: Schema.Struct({ ...GroupBody, muteAllMember: Schema.Boolean }),
  result: GroupSummary,
})
/** Kick one member (the member list's 移出; the spec's remove takes phones, the list has user ids). */
export const kickMember = post('groupChat.kick', '/api/group-chat/member/kick/v1', {
  body: Schema.Struct({ ...GroupBody, userId: ImUserId }),
  result: Ok,
})
/** Set or cancel an admin (spec 001 §6: only an Owner, never on another Owner). Path ours. */
export const setAdmin = post('groupChat.setAdmin', '/api/group-chat/member/admin/v1', {
  body: Schema.Struct({ ...GroupBody, userId: ImUserId, admin: Schema.Boolean }),
  result: GroupMember,
})
/** POST /add-friend/v1 {toAccount, groupId}: a private chat opens only under the chat rules (spec 001 §6). */
export const addFriend = post('groupChat.addFriend', '/api/group-chat/add-friend/v1', {
  body: Schema.Struct({ toAccount: ImUserId, ...GroupBody }),
  result: Schema.Struct({ conversationID: Schema.String }),
})
/** Members whose account is no longer valid (merged away or deleted). */
export const listNotValidMember = get('groupChat.listNotValidMember', '/api/group-chat/group/list-not-valid-member', {
  query: Schema.Struct(GroupBody),
  result: Schema.Array(GroupMember),
})
/** spec 001 §6: the message helper shows only when result.isGroupAdminOrOwner. */
export const roleCheck = get('groupChat.roleCheck', '/api/group-chat/user/role/check/v1', {
  result: Schema.Struct({ isGroupAdminOrOwner: Schema.Boolean }),
})
/** GET /member/search/v1 (groupId, keyword, page 1, count 20) */
export const memberSearch = get('groupChat.memberSearch', '/api/group-chat/member/search/v1', {
  query: Schema.Struct({
    ...GroupBody,
    keyword: Schema.optional(Text(30)),
    page: Schema.optional(IdFromString.check(Schema.isLessThanOrEqualTo(10_000))),
    count: Schema.optional(CountFromString),
  }),
  result: Page(GroupMember),
})
export const userTags = get('groupChat.userTags', '/api/group-chat/{userId}/tags/v1', { params: Schema.Struct({ userId: ImUserId }), result: Friend })
/** POST /batch/one2one/v1 {groupIds, pictureUrls, content, riskTipId}: the message helper. */
export const batchOne2One = post('groupChat.batchOne2One', '/api/group-chat/batch/one2one/v1', {
  body: Schema.Struct({
    groupIds: Schema.Array(GroupId).check(Schema.isMinLength(1), Schema.isMaxLength(HELPER_GROUPS_MAX)),
    pictureUrls: Schema.optional(Schema.Array(Text(500).check(Schema.isPattern(/^(\/|https:\/\/)/))).check(Schema.isMaxLength(9))),
    content: Schema.optional(Text(TEXT_MAX_BYTES)),
    riskTipId: Schema.optional(Schema.NullOr(Id)),
  }),
  result: Schema.Struct({ sent: Schema.Number, conversations: Schema.Number }),
})
/** spec 001 §7: per-conversation notification push, conversationId list plus opt (2 muted, 0 notify). */
export const receiveMessageOpt = post('groupChat.receiveMessageOpt', '/api/group-chat/receive-message-opt', {
  body: Schema.Struct({ conversationIds: Schema.Array(ConversationId).check(Schema.isMinLength(1), Schema.isMaxLength(100)), opt: Schema.Literals([0, 2]) }),
  result: Ok,
})
export const checkConversation = get('groupChat.checkConversation', '/api/group-chat/group/detail/for-check-conversation/{id}/v1', {
  params: Schema.Struct({ id: GroupId }),
  result: Schema.Struct({ ...GroupSummary.fields, blocked: Schema.Boolean }),
})
/** POST /address-book/v1 {keyword, groupId}: a read (POST as the spec has it; changes nothing). */
export const addressBook = post('groupChat.addressBook', '/api/group-chat/address-book/v1', {
  body: Schema.Struct({ keyword: Schema.optional(Text(30)), groupId: Schema.optional(GroupId) }),
  result: Schema.Struct({ groups: Schema.Array(AddressBookGroup), friends: Schema.Array(Friend) }),
})
export const checkRevoked = get('groupChat.checkRevoked', '/api/group-chat/msg/check-revoked/v1', {
  query: Schema.Struct({ conversationId: ConversationId, msgSeq: IdFromString }),
  result: Schema.Struct({ revoked: Schema.Boolean }),
})
/** spec 001 §7 (Moments): PUT /api/group-chat/modify-group-msg/bizType {action, msgId, value}: shield or publish a group message. */
export const modifyGroupMsgBizType = put('groupChat.modifyGroupMsgBizType', '/api/group-chat/modify-group-msg/bizType', {
  body: Schema.Struct({ action: Schema.Literals(['shieldMsg', 'publicMessage']), msgId: MessageId, value: Schema.optional(Text(200)) }),
  result: Ok,
})
export const RemovalRecord = Schema.Struct({
  groupId: Schema.String,
  groupName: Schema.String,
  userId: Schema.String,
  nick: Schema.String,
  /** who removed them: the reader, or an Admin of a group the reader owns (our field: the spec shows none) */
  operNick: Schema.String,
  time: Seconds,
})
export const removeRecords = get('chatRoom.removeRecords', '/api/financialChatRoom/user/remove/record/{operId}/list', {
  params: Schema.Struct({ operId: ImUserId }),
  query: Schema.Struct({ page: Schema.optional(IdFromString.check(Schema.isLessThanOrEqualTo(10_000))), count: Schema.optional(CountFromString) }),
  result: Page(RemovalRecord),
})

// --- the signature (UserSig, computed on the server only) ------------------------------------------

/**
 * spec 001 §7: GET /api/financial-circle/live-column/im/userSig/v1. `service` tells the client which
 * messaging adapter to load: 'tencent' (@tencentcloud/chat) or 'local' (our relay at `socketPath`).
 */
export const imUserSig = get('liveColumn.imUserSig', '/api/financial-circle/live-column/im/userSig/v1', {
  result: Schema.Struct({
    sdkAppId: Schema.Number,
    userId: Schema.String,
    userSig: Schema.String,
    expireSeconds: Schema.Number,
    service: Schema.Literals(['tencent', 'local']),
    socketPath: Schema.String,
  }),
})

// --- chatrooms (spec 000 §7) ---------------------------------------------------------------------

export const Chatroom = Schema.Struct({ id: Schema.Number, groupId: Schema.String, name: Schema.String, canSpeak: Schema.Boolean })
/** GET /api/chatroom/check/v2: the chatroom (default the chief's) and whether the reader may speak in it. */
export const chatroomCheck = get('chatroom.check', '/api/chatroom/check/v2', {
  query: Schema.Struct({ id: Schema.optional(IdFromString) }),
  result: Chatroom,
})
export const ChatroomMessage = Schema.Struct({
  ID: Schema.String,
  from: Schema.String,
  nick: Schema.String,
  avatar: Schema.String,
  time: Seconds,
  type: Schema.String,
  text: Schema.String,
  seq: Schema.Number,
})
/** GET /api/chatroom/{id}/message/v1: history, newest first, before `seq`. */
export const chatroomMessages = get('chatroom.messages', '/api/chatroom/{id}/message/v1', {
  params: Schema.Struct({ id: IdFromString }),
  query: Schema.Struct({ seq: Schema.optional(IdFromString), count: Schema.optional(CountFromString) }),
  result: Page(ChatroomMessage),
})
/** POST /api/chatroom/check/msg/v1: may this text be sent (length, words, mute)? */
export const chatroomCheckMsg = post('chatroom.checkMsg', '/api/chatroom/check/msg/v1', {
  body: Schema.Struct({ id: Schema.optional(Id), content: Schema.String.check(Schema.isMaxLength(TEXT_MAX_BYTES * 2), isWithoutNul) }),
  result: Schema.Struct({ pass: Schema.Boolean, message: Schema.String }),
})

// The wire protocol of our local messaging service (a WebSocket relay that behaves like Tencent Cloud
// Chat; server/chat/ serves it, adapters/messaging/local-client.ts speaks it). One JSON frame per
// WebSocket message:
//   client → server  { id, op, args }                       a request
//   server → client  { id, ok: true, result }               its answer
//                    { id, ok: false, code, message }       its failure (a Chinese message)
//                    { event, data }                        a push (the messaging port's events)
// Every request is decoded with these schemas on the server: bounded ids and texts, no NUL.
import * as Schema from 'effect/Schema'
import { isWithoutNul } from '../api/common'
import { IMAGE_MAX_BYTES, HISTORY_PAGE_MAX, TEXT_MAX_BYTES } from './limits'
import { AT_ALL } from './messaging-port'

/** The path the relay listens on (the server tells the client, core/api/chat.ts imUserSig.socketPath). */
export const LOCAL_SOCKET_PATH = '/api/chat/socket'
/** A frame is at most an image as a data URL plus a little: 3,000,000 bytes in base64 is 4,000,000 characters. */
export const MAX_FRAME_BYTES = Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024

const ConversationId = Schema.String.check(Schema.isPattern(/^(C2C[1-9]\d{0,9}|GROUP[A-Za-z0-9_@#-]{1,64})$/))
const GroupId = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_@#-]{1,64}$/))
const MessageId = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_@#-]{1,96}$/))
const UserId = Schema.String.check(Schema.isPattern(/^[1-9]\d{0,9}$/))
/** Texts are checked for their UTF-8 size by the service (4 KB); this only bounds the frame. */
const MessageText = Schema.String.check(Schema.isMaxLength(TEXT_MAX_BYTES), isWithoutNul)
const Short = (max: number) => Schema.String.check(Schema.isMaxLength(max), isWithoutNul)

export const LocalRequests = {
  login: Schema.Struct({ userID: UserId, userSig: Schema.String.check(Schema.isMaxLength(1024)) }),
  logout: Schema.Struct({}),
  getConversationList: Schema.Struct({}),
  getGroupList: Schema.Struct({}),
  getMessageList: Schema.Struct({
    conversationID: ConversationId,
    /** seq of the oldest message already shown; the page is the messages before it */
    nextSeq: Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 }))),
    count: Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: HISTORY_PAGE_MAX }))),
  }),
  sendMessage: Schema.Struct({
    conversationID: ConversationId,
    kind: Schema.Literals(['text', 'at', 'image', 'custom']),
    text: Schema.optional(MessageText),
    atUserList: Schema.optional(Schema.Array(Schema.Union([UserId, Schema.Literal(AT_ALL)])).check(Schema.isMaxLength(50))),
    /** data:image/(png|jpeg|gif);base64,… */
    image: Schema.optional(Schema.String.check(Schema.isMaxLength(MAX_FRAME_BYTES))),
    /** custom message data (JSON text) */
    data: Schema.optional(Short(1000)),
    cloudCustomData: Schema.optional(Short(1000)),
  }),
  revokeMessage: Schema.Struct({ ID: MessageId }),
  modifyMessage: Schema.Struct({ ID: MessageId, text: MessageText }),
  setMessageRead: Schema.Struct({ conversationID: ConversationId }),
  setMessageRemindType: Schema.Struct({ conversationID: ConversationId, opt: Schema.Literals([0, 2]) }),
  pinConversation: Schema.Struct({ conversationID: ConversationId, pinned: Schema.Boolean }),
  deleteConversation: Schema.Struct({ conversationID: ConversationId }),
  getGroupMemberList: Schema.Struct({ groupID: GroupId }),
  joinGroup: Schema.Struct({ groupID: GroupId }),
  setGroupAttributes: Schema.Struct({
    groupID: GroupId,
    attributes: Schema.Record(Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_]{1,32}$/)), Short(4096)),
  }),
  updateMyProfile: Schema.Struct({ nick: Short(64), avatar: Short(500) }),
} as const

export type LocalOp = keyof typeof LocalRequests
export type LocalArgs<K extends LocalOp> = (typeof LocalRequests)[K]['Type']

export const RequestFrame = Schema.Struct({
  id: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  op: Schema.Literals(Object.keys(LocalRequests) as [LocalOp, ...LocalOp[]]),
  args: Schema.optional(Schema.Unknown),
})

/** The events the relay pushes; the client adapter turns them into the messaging port's events. */
export type LocalEvent =
  | { readonly event: 'sdk.ready'; readonly data: Record<string, never> }
  | { readonly event: 'sdk.kickedOut'; readonly data: { readonly reason: string } }
  | { readonly event: 'conversation.changed'; readonly data: { readonly conversation: unknown; readonly totalUnread: number } }
  | { readonly event: 'conversation.removed'; readonly data: { readonly conversationID: string; readonly totalUnread: number } }
  | { readonly event: 'groups.updated'; readonly data: { readonly groups: readonly unknown[] } }
  | { readonly event: 'messages.received'; readonly data: { readonly messages: readonly unknown[] } }
  | { readonly event: 'messages.revoked'; readonly data: { readonly messages: readonly unknown[] } }
  | { readonly event: 'messages.modified'; readonly data: { readonly messages: readonly unknown[] } }
  | { readonly event: 'groupAttributes.updated'; readonly data: { readonly groupID: string; readonly attributes: Readonly<Record<string, string>> } }
  | { readonly event: 'members.changed'; readonly data: { readonly groupID: string } }

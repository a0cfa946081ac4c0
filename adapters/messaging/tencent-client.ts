// The messaging port over Tencent Cloud Chat (@tencentcloud/chat), used when the server says
// service 'tencent' (TENCENT_IM_SDKAPPID and TENCENT_IM_SECRET configured; the UserSig is signed on
// the server). Only this file may create the SDK's client: it opens a socket on create() (design.md).
// The SDK is imported lazily by adapters/messaging/messaging-port.ts, inside the chat route's chunk.
// The SDK's values are the service's own shapes (conversation, message, group): they already carry
// the fields core/chat/messaging-port.ts names, so they pass through with their type names mapped.
import TencentCloudChat from '@tencentcloud/chat'
import type {
  ChatGroup,
  ChatGroupMember,
  ChatMessage,
  ChatSignature,
  Conversation,
  MessagePage,
  MessagingClient,
  MessagingEventMap,
  MessagingEventType,
} from '../../core/chat/messaging-port'
import { toChatRole } from '../../core/chat/permissions'
import { parseConversationId } from '../../core/chat/conversation-id'

/* eslint-disable @typescript-eslint/no-explicit-any -- the SDK's own types are loose (Promise<any>); each value is read field by field below */
type Sdk = any

const toConversationTarget = (conversationID: string): { to: string; conversationType: TencentCloudChat.TYPES } => {
  const ref = parseConversationId(conversationID)
  if (ref.kind === 'c2c') return { to: ref.userID, conversationType: TencentCloudChat.TYPES.CONV_C2C }
  if (ref.kind === 'group') return { to: ref.groupID, conversationType: TencentCloudChat.TYPES.CONV_GROUP }
  throw new Error(`cannot send to ${conversationID}`)
}

const toGroup = (g: any): ChatGroup => ({
  groupID: String(g.groupID),
  name: String(g.name ?? ''),
  avatar: String(g.avatar ?? ''),
  memberCount: Number(g.memberCount ?? 0),
  selfInfo: { role: toChatRole(g.selfInfo?.role) },
})
const remind = (t: unknown): Conversation['messageRemindType'] =>
  t === TencentCloudChat.TYPES.MSG_REMIND_ACPT_NOT_NOTE ? 'AcceptNotNotify' : t === TencentCloudChat.TYPES.MSG_REMIND_ACPT_AND_NOTE ? 'AcceptAndNotify' : ''
const toConversation = (c: any): Conversation => ({ ...c, messageRemindType: remind(c.messageRemindType) })
const toMessage = (m: any): ChatMessage => m as ChatMessage

/** The SDK's event names for the port's events. */
const EVENTS: { readonly [K in MessagingEventType]?: { readonly name: string; readonly map: (data: any) => MessagingEventMap[K] } } = {
  'sdk.ready': { name: TencentCloudChat.EVENT.SDK_READY, map: () => ({}) },
  'sdk.notReady': { name: TencentCloudChat.EVENT.SDK_NOT_READY, map: () => ({}) },
  'sdk.kickedOut': { name: TencentCloudChat.EVENT.KICKED_OUT, map: (d) => ({ reason: String(d?.type ?? '') }) },
  'conversations.updated': { name: TencentCloudChat.EVENT.CONVERSATION_LIST_UPDATED, map: (d) => ({ conversations: (d ?? []).map(toConversation) }) },
  'groups.updated': { name: TencentCloudChat.EVENT.GROUP_LIST_UPDATED, map: (d) => ({ groups: (d ?? []).map(toGroup) }) },
  'friends.updated': { name: TencentCloudChat.EVENT.FRIEND_LIST_UPDATED, map: (d) => ({ friends: d ?? [] }) },
  'messages.received': { name: TencentCloudChat.EVENT.MESSAGE_RECEIVED, map: (d) => ({ messages: (d ?? []).map(toMessage) }) },
  'messages.revoked': { name: TencentCloudChat.EVENT.MESSAGE_REVOKED, map: (d) => ({ messages: (d ?? []).map(toMessage) }) },
  'messages.modified': { name: TencentCloudChat.EVENT.MESSAGE_MODIFIED, map: (d) => ({ messages: (d ?? []).map(toMessage) }) },
  'groupAttributes.updated': { name: TencentCloudChat.EVENT.GROUP_ATTRIBUTES_UPDATED, map: (d) => ({ groupID: String(d?.groupID ?? ''), attributes: d?.groupAttributes ?? {} }) },
  'unread.updated': { name: TencentCloudChat.EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, map: (d) => ({ total: Number(d ?? 0) }) },
}

export function createTencentMessagingClient(signature: ChatSignature, onProgress?: (percent: number) => void): MessagingClient & { joinGroup(groupID: string): Promise<void> } {
  const chat: Sdk = TencentCloudChat.create({ SDKAppID: signature.sdkAppId })
  const wrapped = new Map<unknown, (event: { data: unknown }) => void>()
  const send = async (message: unknown): Promise<ChatMessage> => toMessage((await chat.sendMessage(message)).data.message)
  return {
    on(type, handler) {
      const e = EVENTS[type]
      if (!e) return
      const f = (event: { data: unknown }) => handler({ type, ...(e.map as (d: unknown) => object)(event.data) } as never)
      wrapped.set(handler, f)
      chat.on(e.name, f)
    },
    off(type, handler) {
      const e = EVENTS[type]
      const f = wrapped.get(handler)
      if (e && f) chat.off(e.name, f)
      wrapped.delete(handler)
    },
    login: async (sig) => void (await chat.login({ userID: sig.userId, userSig: sig.userSig })),
    logout: async () => void (await chat.logout()),
    destroy: async () => void (await chat.destroy()),
    updateMyProfile: async (p) =>
      void (await chat.updateMyProfile({
        nick: p.nick,
        avatar: p.avatar,
        gender: TencentCloudChat.TYPES.GENDER_UNKNOWN,
        selfSignature: p.selfSignature,
        allowType: TencentCloudChat.TYPES.ALLOW_TYPE_ALLOW_ANY,
      })),
    getConversationList: async () => ((await chat.getConversationList()).data.conversationList ?? []).map(toConversation),
    getGroupList: async () => ((await chat.getGroupList()).data.groupList ?? []).map(toGroup),
    sendTextMessage: (target, text) => send(chat.createTextMessage({ ...toConversationTarget(target.conversationID), payload: { text } })),
    sendAtTextMessage: (target, text, atUserList) =>
      send(chat.createTextAtMessage({ ...toConversationTarget(target.conversationID), payload: { text, atUserList: [...atUserList] } })),
    sendImageMessage: (target, image) =>
      send(chat.createImageMessage({ ...toConversationTarget(target.conversationID), payload: { file: image }, onProgress: (p: number) => onProgress?.(Math.round(p * 100)) })),
    async setMessageRemindType(conversationID, type) {
      const ref = parseConversationId(conversationID)
      const messageRemindType = type === 'AcceptNotNotify' ? TencentCloudChat.TYPES.MSG_REMIND_ACPT_NOT_NOTE : TencentCloudChat.TYPES.MSG_REMIND_ACPT_AND_NOTE
      if (ref.kind === 'group') await chat.setMessageRemindType({ groupID: ref.groupID, messageRemindType })
      else if (ref.kind === 'c2c') await chat.setMessageRemindType({ userIDList: [ref.userID], messageRemindType })
    },
    pinConversation: async (conversationID, pinned) => void (await chat.pinConversation({ conversationID, isPinned: pinned })),
    // chatrooms (AVChatRoom) are joined by the reader itself
    joinGroup: async (groupID: string) => void (await chat.joinGroup({ groupID })),
    deleteConversation: async (conversationID) => void (await chat.deleteConversation(conversationID)),
    async getMessageList(conversationID, nextReqMessageID): Promise<MessagePage> {
      const r = (await chat.getMessageList({ conversationID, ...(nextReqMessageID ? { nextReqMessageID } : {}) })).data
      return { messageList: (r.messageList ?? []).map(toMessage), nextReqMessageID: String(r.nextReqMessageID ?? ''), isCompleted: Boolean(r.isCompleted) }
    },
    revokeMessage: async (message) => void (await chat.revokeMessage(message)),
    async modifyMessage(message, text) {
      const m = message as any
      m.payload = { ...(m.payload ?? {}), text }
      return toMessage((await chat.modifyMessage(m)).data.message)
    },
    setMessageRead: async (conversationID) => void (await chat.setMessageRead({ conversationID })),
    async getGroupMemberList(groupID): Promise<readonly ChatGroupMember[]> {
      const r = (await chat.getGroupMemberList({ groupID, count: 100, offset: 0 })).data.memberList ?? []
      return r.map((m: any) => ({
        userID: String(m.userID),
        nick: String(m.nick ?? ''),
        avatar: String(m.avatar ?? ''),
        role: toChatRole(m.role),
        muteUntil: Number(m.muteUntil ?? 0),
      }))
    },
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any -- end of the SDK's shapes */

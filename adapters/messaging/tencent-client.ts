// The messaging port over Tencent Cloud Chat (@tencentcloud/chat), used when the server says
// service 'tencent' (TENCENT_IM_SDKAPPID and TENCENT_IM_SECRET configured; the UserSig is signed on
// the server). Only this file may create the SDK's client: it opens a socket on create() (design.md).
// The SDK is imported lazily by adapters/messaging/messaging-port.ts, inside the chat route's chunk.
// The SDK types its answers loosely (Promise<any>): each one is taken as `unknown` and read field by
// field into core/chat/messaging-port.ts's shapes (no casts); the SDK's own message objects are kept by
// ID, since revoking and editing hand the SDK back its own message.
import TencentCloudChat, { type Message } from '@tencentcloud/chat'
import type {
  ChatGroup,
  ChatGroupMember,
  ChatMessage,
  ChatSignature,
  Conversation,
  ConversationType,
  MessagePage,
  MessagingClient,
  MessagingEventMap,
  MessagingEventType,
} from '../../core/chat/messaging-port'
import { toChatRole } from '../../core/chat/permissions'
import { parseConversationId } from '../../core/chat/conversation-id'

const toConversationTarget = (conversationID: string): { to: string; conversationType: TencentCloudChat.TYPES } => {
  const ref = parseConversationId(conversationID)
  if (ref.kind === 'c2c') return { to: ref.userID, conversationType: TencentCloudChat.TYPES.CONV_C2C }
  if (ref.kind === 'group') return { to: ref.groupID, conversationType: TencentCloudChat.TYPES.CONV_GROUP }
  throw new Error(`cannot send to ${conversationID}`)
}

// --- reading the SDK's answers ---------------------------------------------------------------
type Fields = Readonly<Record<string, unknown>>
const fields = (v: unknown): Fields => (typeof v === 'object' && v !== null ? (v as Fields) : {})
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v ?? 0) || 0)
const list = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : [])
/** `answer.data` of an SDK call. */
const dataOf = (answer: unknown): Fields => fields(fields(answer).data)

const toGroup = (raw: unknown): ChatGroup => {
  const g = fields(raw)
  return { groupID: text(g.groupID), name: text(g.name), avatar: text(g.avatar), memberCount: num(g.memberCount), selfInfo: { role: toChatRole(text(fields(g.selfInfo).role)) } }
}

const remind = (t: unknown): Conversation['messageRemindType'] =>
  t === TencentCloudChat.TYPES.MSG_REMIND_ACPT_NOT_NOTE ? 'AcceptNotNotify' : t === TencentCloudChat.TYPES.MSG_REMIND_ACPT_AND_NOTE ? 'AcceptAndNotify' : ''
const conversationType = (t: unknown): ConversationType => (t === 'GROUP' || t === '@TIM#SYSTEM' ? t : 'C2C')

const toConversation = (raw: unknown): Conversation => {
  const c = fields(raw)
  const last = c.lastMessage === undefined ? undefined : fields(c.lastMessage)
  const user = c.userProfile === undefined ? undefined : fields(c.userProfile)
  const group = c.groupProfile === undefined ? undefined : fields(c.groupProfile)
  return {
    conversationID: text(c.conversationID),
    type: conversationType(c.type),
    unreadCount: num(c.unreadCount),
    isPinned: c.isPinned === true,
    messageRemindType: remind(c.messageRemindType),
    groupAtInfoList: list(c.groupAtInfoList).map((a) => ({ atType: num(fields(a).atType) })),
    ...(last ? { lastMessage: { messageForShow: text(last.messageForShow), lastTime: num(last.lastTime), nick: text(last.nick), type: text(last.type) } } : {}),
    ...(user ? { userProfile: { userID: text(user.userID), nick: text(user.nick), avatar: text(user.avatar) } } : {}),
    ...(group
      ? { groupProfile: { groupID: text(group.groupID), name: text(group.name), avatar: text(group.avatar), memberCount: num(group.memberCount), selfInfo: { role: text(fields(group.selfInfo).role) } } }
      : {}),
  }
}

const toGroupMember = (raw: unknown): ChatGroupMember => {
  const m = fields(raw)
  return { userID: text(m.userID), nick: text(m.nick), avatar: text(m.avatar), role: toChatRole(text(m.role)), muteUntil: num(m.muteUntil) }
}

/** The SDK's event names for the port's events, and how each event's data reads. */
type EventReaders = { readonly [K in MessagingEventType]?: { readonly name: string; readonly map: (data: unknown) => MessagingEventMap[K] } }

export function createTencentMessagingClient(signature: ChatSignature, onProgress?: (percent: number) => void): MessagingClient & { joinGroup(groupID: string): Promise<void> } {
  const chat = TencentCloudChat.create({ SDKAppID: signature.sdkAppId })
  /** The SDK's own message objects by ID: revoke and modify hand them back. */
  const sdkMessages = new Map<string, Message>()
  const toMessage = (raw: unknown): ChatMessage => {
    const m = fields(raw)
    const id = text(m.ID)
    if (typeof raw === 'object' && raw !== null && isSdkMessage(raw)) sdkMessages.set(id, raw)
    return {
      ID: id,
      conversationID: text(m.conversationID),
      from: text(m.from),
      ...(typeof m.nick === 'string' ? { nick: m.nick } : {}),
      time: num(m.time),
      type: text(m.type),
      payload: m.payload,
      ...(typeof m.cloudCustomData === 'string' ? { cloudCustomData: m.cloudCustomData } : {}),
      isRevoked: m.isRevoked === true,
      ...(typeof m.sequence === 'number' ? { sequence: m.sequence } : {}),
      ...(Array.isArray(m.atUserList) ? { atUserList: m.atUserList.map(text) } : {}),
    }
  }
  const sdkMessage = (message: ChatMessage): Message => {
    const own = sdkMessages.get(message.ID)
    if (!own) throw new Error('消息不存在')
    return own
  }
  const messages = (d: unknown) => ({ messages: list(d).map(toMessage) })
  const EVENTS: EventReaders = {
    'sdk.ready': { name: TencentCloudChat.EVENT.SDK_READY, map: () => ({}) },
    'sdk.notReady': { name: TencentCloudChat.EVENT.SDK_NOT_READY, map: () => ({}) },
    'sdk.kickedOut': { name: TencentCloudChat.EVENT.KICKED_OUT, map: (d) => ({ reason: text(fields(d).type) }) },
    'conversations.updated': { name: TencentCloudChat.EVENT.CONVERSATION_LIST_UPDATED, map: (d) => ({ conversations: list(d).map(toConversation) }) },
    'groups.updated': { name: TencentCloudChat.EVENT.GROUP_LIST_UPDATED, map: (d) => ({ groups: list(d).map(toGroup) }) },
    'friends.updated': {
      name: TencentCloudChat.EVENT.FRIEND_LIST_UPDATED,
      map: (d) => ({ friends: list(d).map((f) => ({ userID: text(fields(f).userID), nick: text(fields(fields(f).profile).nick), avatar: text(fields(fields(f).profile).avatar) })) }),
    },
    'messages.received': { name: TencentCloudChat.EVENT.MESSAGE_RECEIVED, map: messages },
    'messages.revoked': { name: TencentCloudChat.EVENT.MESSAGE_REVOKED, map: messages },
    'messages.modified': { name: TencentCloudChat.EVENT.MESSAGE_MODIFIED, map: messages },
    'groupAttributes.updated': {
      name: TencentCloudChat.EVENT.GROUP_ATTRIBUTES_UPDATED,
      map: (d) => ({ groupID: text(fields(d).groupID), attributes: Object.fromEntries(Object.entries(fields(fields(d).groupAttributes)).map(([k, v]) => [k, text(v)])) }),
    },
    'unread.updated': { name: TencentCloudChat.EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, map: (d) => ({ total: num(d) }) },
  }
  const wrapped = new Map<unknown, (event: { data: unknown }) => void>()
  const send = async (message: Message): Promise<ChatMessage> => toMessage(fields(dataOf(await chat.sendMessage(message))).message)
  return {
    on(type, handler) {
      const e = EVENTS[type]
      if (!e) return
      const read = e.map as (data: unknown) => MessagingEventMap[typeof type]
      const f = (event: { data: unknown }) => handler({ type, ...read(event.data) })
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
    getConversationList: async () => list(dataOf(await chat.getConversationList()).conversationList).map(toConversation),
    getGroupList: async () => list(dataOf(await chat.getGroupList()).groupList).map(toGroup),
    sendTextMessage: (target, t) => send(chat.createTextMessage({ ...toConversationTarget(target.conversationID), payload: { text: t } })),
    sendAtTextMessage: (target, t, atUserList) => send(chat.createTextAtMessage({ ...toConversationTarget(target.conversationID), payload: { text: t, atUserList: [...atUserList] } })),
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
      const r = dataOf(await chat.getMessageList({ conversationID, ...(nextReqMessageID ? { nextReqMessageID } : {}) }))
      return { messageList: list(r.messageList).map(toMessage), nextReqMessageID: text(r.nextReqMessageID), isCompleted: r.isCompleted === true }
    },
    revokeMessage: async (message) => void (await chat.revokeMessage(sdkMessage(message))),
    async modifyMessage(message, t) {
      const own = sdkMessage(message)
      own.payload = { ...fields(own.payload), text: t }
      return toMessage(fields(dataOf(await chat.modifyMessage(own))).message)
    },
    setMessageRead: async (conversationID) => void (await chat.setMessageRead({ conversationID })),
    async getGroupMemberList(groupID): Promise<readonly ChatGroupMember[]> {
      return list(dataOf(await chat.getGroupMemberList({ groupID, count: 100, offset: 0 })).memberList).map(toGroupMember)
    },
  }
}

/** An object the SDK made as a message (it carries the SDK's ID and conversation fields). */
function isSdkMessage(v: object): v is Message {
  return 'ID' in v && 'conversationID' in v && 'flow' in v
}

// The messaging port: what the chat core needs from the instant-messaging service (spec 001 §1, §3, §4 "Chat lifecycle", §7 "Messaging service, called directly").
// adapters/ implements it twice: over @tencentcloud/chat, and a local default that behaves like the service.
// Only the adapter may create the real client (it opens a socket on create()).

import type { ChatRole } from './permissions'

/** The login signature for the messaging service, fetched from our server. */
export interface ChatSignature {
  readonly sdkAppId: number
  readonly userId: string
  readonly userSig: string
}

/** spec 001 §3: messageRemindType AcceptNotNotify (muted) or AcceptAndNotify. */
export type MessageRemindType = 'AcceptNotNotify' | 'AcceptAndNotify'

/** spec 001 §3: conversation type one-to-one, group or system. */
export type ConversationType = 'C2C' | 'GROUP' | '@TIM#SYSTEM'

/** spec 001 §4: at-types 1 and 3 mean someone mentioned me, 2 means @all. */
export interface GroupAtInfo {
  readonly atType: number
}

export interface Conversation {
  readonly conversationID: string
  readonly type: ConversationType
  readonly lastMessage?: {
    readonly messageForShow: string
    /** seconds */
    readonly lastTime: number
    readonly nick?: string
    readonly type?: string
  }
  readonly unreadCount: number
  readonly isPinned: boolean
  readonly messageRemindType?: MessageRemindType | ''
  readonly groupAtInfoList?: readonly GroupAtInfo[]
  readonly userProfile?: { readonly userID: string; readonly nick: string; readonly avatar: string }
  readonly groupProfile?: {
    readonly groupID: string
    readonly name: string
    readonly avatar?: string
    readonly memberCount?: number
    readonly selfInfo?: { readonly role?: string }
  }
}

export interface ChatGroup {
  readonly groupID: string
  readonly name: string
  readonly avatar: string
  readonly memberCount: number
  readonly selfInfo: { readonly role: ChatRole }
}

export interface ChatMessage {
  readonly ID: string
  readonly conversationID: string
  readonly from: string
  readonly nick?: string
  /** seconds */
  readonly time: number
  readonly type: string
  readonly payload: unknown
  /** JSON string; may carry { bizType: 'shieldMsg', data: { msgId } } (spec 001 §3). */
  readonly cloudCustomData?: string
  readonly isRevoked?: boolean
  /** the message's sequence number in its conversation (history pages and check-revoked use it) */
  readonly sequence?: number
  /** user ids an @-message mentions (AT_ALL for @all) */
  readonly atUserList?: readonly string[]
}

/**
 * The messaging service's user id for @all in an @-message's atUserList (Tencent Cloud Chat's
 * TYPES.MSG_AT_ALL, spelling included). Only an Owner or Admin may send it (spec 001 §6).
 */
export const AT_ALL = '__kImSDK_MesssageAtALL__'

/** The messaging service's type names for the payloads we use. */
export const MESSAGE_TYPES = {
  text: 'TIMTextElem',
  image: 'TIMImageElem',
  custom: 'TIMCustomElem',
  groupTip: 'TIMGroupTipElem',
} as const

/** spec 001 §3: a member of a group, as the member list shows it. */
export interface ChatGroupMember {
  readonly userID: string
  readonly nick: string
  readonly avatar: string
  readonly role: ChatRole
  /** seconds since the epoch the mute ends; 0 not muted; −1 for ever */
  readonly muteUntil: number
}

/** One page of history, oldest first; `nextReqMessageID` asks for the page before it. */
export interface MessagePage {
  readonly messageList: readonly ChatMessage[]
  readonly nextReqMessageID: string
  readonly isCompleted: boolean
}

/** An image to send; a browser File satisfies it (the adapter hands the File itself to the service). */
export interface ImageFile {
  readonly name: string
  readonly size: number
  readonly type: string
}

/** What we write into our own profile after login (spec 001 §7). */
export interface OwnChatProfile {
  readonly nick: string
  readonly avatar: string
  readonly gender: 'Gender_Type_Unknown' | 'Gender_Type_Female' | 'Gender_Type_Male'
  readonly selfSignature: string
  readonly allowType: 'AllowType_Type_AllowAny' | 'AllowType_Type_NeedConfirm' | 'AllowType_Type_DenyAny'
}

/** Events the service pushes (spec 001 §4 "Events handled"). Names follow our house style. */
export interface MessagingEventMap {
  'sdk.ready': Record<string, never>
  'sdk.notReady': { readonly reason?: string }
  'sdk.kickedOut': { readonly reason?: string }
  'conversations.updated': { readonly conversations: readonly Conversation[] }
  'groups.updated': { readonly groups: readonly ChatGroup[] }
  'friends.updated': { readonly friends: readonly { readonly userID: string; readonly nick: string; readonly avatar: string }[] }
  'messages.received': { readonly messages: readonly ChatMessage[] }
  'messages.revoked': { readonly messages: readonly ChatMessage[] }
  'messages.modified': { readonly messages: readonly ChatMessage[] }
  'groupAttributes.updated': { readonly groupID: string; readonly attributes: Readonly<Record<string, string>> }
  'unread.updated': { readonly total: number }
  /** a group's members or roles changed (join, kick, mute, admin): member lists reload */
  'members.changed': { readonly groupID: string }
}

export type MessagingEventType = keyof MessagingEventMap
export type MessagingEvent = { [K in MessagingEventType]: { readonly type: K } & MessagingEventMap[K] }[MessagingEventType]
export type MessagingHandler<K extends MessagingEventType> = (event: { readonly type: K } & MessagingEventMap[K]) => void

/** One logged-in connection to the messaging service. */
export interface MessagingClient {
  on<K extends MessagingEventType>(type: K, handler: MessagingHandler<K>): void
  off<K extends MessagingEventType>(type: K, handler: MessagingHandler<K>): void
  login(signature: ChatSignature): Promise<void>
  logout(): Promise<void>
  destroy(): Promise<void>
  updateMyProfile(profile: OwnChatProfile): Promise<void>
  getConversationList(): Promise<readonly Conversation[]>
  getGroupList(): Promise<readonly ChatGroup[]>
  sendTextMessage(to: { conversationID: string }, text: string): Promise<ChatMessage>
  sendAtTextMessage(to: { conversationID: string }, text: string, atUserList: readonly string[]): Promise<ChatMessage>
  sendImageMessage(to: { conversationID: string }, image: ImageFile): Promise<ChatMessage>
  /** spec 001 §7: per-conversation notification push, opt 2 muted, 0 notify. */
  setMessageRemindType(conversationID: string, type: MessageRemindType): Promise<void>
  pinConversation(conversationID: string, pinned: boolean): Promise<void>
  deleteConversation(conversationID: string): Promise<void>
  /** History before `nextReqMessageID` (the newest page without it). */
  getMessageList(conversationID: string, nextReqMessageID?: string): Promise<MessagePage>
  revokeMessage(message: ChatMessage): Promise<void>
  modifyMessage(message: ChatMessage, text: string): Promise<ChatMessage>
  /** Marks a conversation read (its unread count drops to 0). */
  setMessageRead(conversationID: string): Promise<void>
  getGroupMemberList(groupID: string): Promise<readonly ChatGroupMember[]>
}

/** The port: fetch a signature from our server, and create a client for it. */
export interface MessagingPort {
  getSignature(): Promise<ChatSignature>
  createClient(signature: ChatSignature): Promise<MessagingClient>
}

// The messaging port over our local relay (server/chat/socket.ts), speaking core/chat/local-protocol.ts
// on one WebSocket. It behaves like the Tencent Cloud Chat adapter: the same events, the conversation
// list kept here and pushed whole on every change (the relay sends only the conversation that changed).
import type {
  ChatGroup,
  ChatGroupMember,
  ChatMessage,
  ChatSignature,
  Conversation,
  ImageFile,
  MessagePage,
  MessageRemindType,
  MessagingClient,
  MessagingEventMap,
  MessagingEventType,
  OwnChatProfile,
} from '../../core/chat/messaging-port'
import type { LocalArgs, LocalOp } from '../../core/chat/local-protocol'
import { orderConversations } from '../../core/chat/conversation-list'

/** What we need of a WebSocket: the browser's, or `ws` in Node tests. */
export interface SocketLike {
  readonly readyState: number
  send(data: string): void
  close(): void
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
}

/** A failure the relay answered: its status and Chinese message. */
export class MessagingError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'MessagingError'
  }
}

/** The reason shown when the relay goes away (spec 001 §8: the not-ready dialog shows a reason). */
export const DISCONNECTED_REASON = '与消息服务的连接已断开'
const OPEN = 1

/** A File as a data URL (the relay takes images inline, 3,000,000 bytes at most). */
async function dataUrlOf(image: ImageFile): Promise<string> {
  // the view hands the picked File itself (core names only what it reads of it)
  if (!(image instanceof Blob)) throw new Error('not a file')
  const bytes = new Uint8Array(await image.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return `data:${image.type};base64,${btoa(binary)}`
}

export function createLocalMessagingClient(url: string, openSocket: (url: string) => SocketLike): MessagingClient & { joinGroup(groupID: string): Promise<void> } {
  const handlers = new Map<MessagingEventType, Set<(event: unknown) => void>>()
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  const conversations = new Map<string, Conversation>()
  let socket: SocketLike | null = null
  let nextId = 1
  let closing = false

  const emit = <K extends MessagingEventType>(type: K, data: MessagingEventMap[K]) => {
    for (const h of handlers.get(type) ?? []) h({ type, ...data })
  }
  const emitConversations = () => emit('conversations.updated', { conversations: orderConversations([...conversations.values()]) })

  const onFrame = (raw: unknown) => {
    let frame: { id?: number; ok?: boolean; result?: unknown; code?: number; message?: string; event?: string; data?: Record<string, unknown> }
    try {
      frame = JSON.parse(String(raw)) as typeof frame
    } catch {
      return // spec 001 §8: chat JSON parse failures are logged only (nothing to do here)
    }
    if (typeof frame.id === 'number' && typeof frame.ok === 'boolean') {
      const p = pending.get(frame.id)
      if (!p) return
      pending.delete(frame.id)
      if (frame.ok) p.resolve(frame.result)
      else p.reject(new MessagingError(frame.code ?? 500, frame.message ?? '请求失败'))
      return
    }
    const data = frame.data ?? {}
    switch (frame.event) {
      case 'sdk.ready':
        return emit('sdk.ready', {})
      case 'sdk.kickedOut':
        return emit('sdk.kickedOut', { reason: String(data.reason ?? '') })
      case 'conversation.changed': {
        const c = data.conversation as Conversation
        conversations.set(c.conversationID, c)
        emitConversations()
        return emit('unread.updated', { total: Number(data.totalUnread ?? 0) })
      }
      case 'conversation.removed':
        conversations.delete(String(data.conversationID))
        emitConversations()
        return emit('unread.updated', { total: Number(data.totalUnread ?? 0) })
      case 'groups.updated':
        return emit('groups.updated', { groups: data.groups as ChatGroup[] })
      case 'messages.received':
      case 'messages.revoked':
      case 'messages.modified':
        return emit(frame.event, { messages: data.messages as ChatMessage[] })
      case 'groupAttributes.updated':
        return emit('groupAttributes.updated', { groupID: String(data.groupID), attributes: data.attributes as Record<string, string> })
      case 'members.changed':
        return emit('members.changed', { groupID: String(data.groupID) })
    }
  }

  const request = <K extends LocalOp>(op: K, args: LocalArgs<K>): Promise<unknown> => {
    const s = socket
    if (!s || s.readyState !== OPEN) return Promise.reject(new MessagingError(503, DISCONNECTED_REASON))
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      s.send(JSON.stringify({ id, op, args }))
    })
  }

  const connect = () =>
    new Promise<void>((resolve, reject) => {
      const s = openSocket(url)
      socket = s
      let opened = false
      s.addEventListener('open', () => {
        opened = true
        resolve()
      })
      s.addEventListener('message', (event) => onFrame(event.data))
      s.addEventListener('close', () => {
        for (const p of pending.values()) p.reject(new MessagingError(503, DISCONNECTED_REASON))
        pending.clear()
        if (!opened) reject(new MessagingError(503, DISCONNECTED_REASON))
        else if (!closing) emit('sdk.notReady', { reason: DISCONNECTED_REASON })
      })
    })

  const to = (target: { conversationID: string }) => target.conversationID

  return {
    on: (type, handler) => {
      let set = handlers.get(type)
      if (!set) handlers.set(type, (set = new Set()))
      set.add(handler as (event: unknown) => void)
    },
    off: (type, handler) => void handlers.get(type)?.delete(handler as (event: unknown) => void),
    async login(signature: ChatSignature) {
      closing = false
      await connect()
      await request('login', { userID: signature.userId, userSig: signature.userSig })
    },
    async logout() {
      await request('logout', {}).catch(() => undefined)
      closing = true
      socket?.close()
    },
    async destroy() {
      closing = true
      socket?.close()
      socket = null
      handlers.clear()
    },
    async updateMyProfile(profile: OwnChatProfile) {
      await request('updateMyProfile', { nick: profile.nick.slice(0, 64), avatar: profile.avatar.slice(0, 500) })
    },
    async getConversationList() {
      const list = (await request('getConversationList', {})) as Conversation[]
      conversations.clear()
      for (const c of list) conversations.set(c.conversationID, c)
      // as the service reports the total once ready: the page title shows unread messages at once
      emit('unread.updated', { total: list.reduce((n, c) => n + Math.max(0, c.unreadCount), 0) })
      return orderConversations(list)
    },
    getGroupList: async () => (await request('getGroupList', {})) as ChatGroup[],
    sendTextMessage: async (target, text) => (await request('sendMessage', { conversationID: to(target), kind: 'text', text })) as ChatMessage,
    sendAtTextMessage: async (target, text, atUserList) =>
      (await request('sendMessage', { conversationID: to(target), kind: 'at', text, atUserList: [...atUserList] })) as ChatMessage,
    sendImageMessage: async (target, image) =>
      (await request('sendMessage', { conversationID: to(target), kind: 'image', image: await dataUrlOf(image) })) as ChatMessage,
    async setMessageRemindType(conversationID: string, type: MessageRemindType) {
      await request('setMessageRemindType', { conversationID, opt: type === 'AcceptNotNotify' ? 2 : 0 })
    },
    async pinConversation(conversationID, pinned) {
      await request('pinConversation', { conversationID, pinned })
    },
    async deleteConversation(conversationID) {
      await request('deleteConversation', { conversationID })
    },
    async getMessageList(conversationID, nextReqMessageID) {
      const nextSeq = nextReqMessageID ? Number(nextReqMessageID) : undefined
      return (await request('getMessageList', { conversationID, ...(nextSeq ? { nextSeq } : {}) })) as MessagePage
    },
    async revokeMessage(message) {
      await request('revokeMessage', { ID: message.ID })
    },
    modifyMessage: async (message, text) => (await request('modifyMessage', { ID: message.ID, text })) as ChatMessage,
    async setMessageRead(conversationID) {
      await request('setMessageRead', { conversationID })
    },
    getGroupMemberList: async (groupID) => (await request('getGroupMemberList', { groupID })) as ChatGroupMember[],
    async joinGroup(groupID: string) {
      await request('joinGroup', { groupID })
    },
  }
}

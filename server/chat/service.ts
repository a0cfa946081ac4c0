// The local messaging service: what Tencent Cloud Chat does for us in production, done by our server
// so chat works on a fresh machine (issue 14). It keeps everything in the database (nothing is lost
// on restart), enforces the chat rules of core/chat/permissions.ts, caps texts at 4 KB and senders at
// SEND_RATE (counted in the database's rate_events, so every process shares it), and pushes the messaging port's events to the signed-in sockets of each user.
// The HTTP group endpoints (routes.ts) and the WebSocket relay (socket.ts) share one service per Db.
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/db'
import { ApiError, notFound } from '../http/api-error'
import { canKick, canMute, canMuteAll, canPlaceMarker, canPrivateMessage, canRevoke, canSetAdmin, isOwnerOrAdmin, speakBlock, type ChatMember, type ChatRole } from '../../core/chat/permissions'
import { CHAT_MESSAGES as M, SPEAK_BLOCK_MESSAGES, IMAGE_MAX_BYTES, IMAGE_SEND_RATE, SEND_RATE, TEXT_MAX_BYTES, utf8Bytes, HISTORY_PAGE_SIZE } from '../../core/chat/limits'
import { AT_ALL, MESSAGE_TYPES, type ChatMessage, type MessagePage } from '../../core/chat/messaging-port'
import { GROUP_TIP, type GroupTipPayload } from '../../core/chat/group-tips'
import { markerOf, PUBLIC_MESSAGE_BIZ_TYPE, SHIELD_BIZ_TYPE } from '../../core/chat/shield-queue'
import type { LocalArgs, LocalEvent } from '../../core/chat/local-protocol'
import type { GroupMirror } from './tencent-rest'
import { overLimit, recordEvent } from '../accounts/http'
import { liveUserIds, profilesOf } from '../accounts/users-repository'
import { deleteEventsBefore, takeEventSlot } from '../accounts/rate-events-repository'
import { liveTokenHashes, sessionLives } from '../accounts/sessions-repository'
import { groupById, groupsOf, insertGroup, setMuteAll, type GroupRow } from './groups-repository'
import { coreRole, deleteMembers, insertMembers, memberIdsOf, memberIdsOfGroups, memberOf, membersOf, setMuteUntil, setRole, sharedGroupRoles, toGroupMember, type MemberRow } from './members-repository'
import { c2cKey, groupKey, insertMessage, messageById, messagesBefore, revokedAt, setRevoked, setTextPayload, toMessage, type MessageRow } from './messages-repository'
import {
  conversationsByUser,
  conversationsOf,
  ensureC2CConversation,
  ensureGroupConversations,
  leaveGroupConversations,
  totalUnreadByUser,
  touchC2C,
  touchGroup,
  updateView,
  type ViewChange,
} from './conversations-repository'
import { insertRemovals } from './removals-repository'
import { areFriends, befriend } from './friends-repository'
import { attributesOf, setAttribute } from './group-attributes-repository'
import { Fanout, InSequence } from './fanout'
import type { ChatPeersPort } from '../cluster/chat-peers'
import { deleteImage, imageByKey, insertImage } from './images-repository'

/** One signed-in connection (a ws WebSocket satisfies it). */
export interface ChatSocket {
  send(frame: string): void
  close(code?: number, reason?: string): void
}

/** The service's mute time for ever (2^32−1 s), as its group tips carry it. */
const MUTE_FOREVER_SECONDS = 4_294_967_295

const forbidden = (message: string) => new ApiError(403, message)
const bad = (message: string) => new ApiError(400, message)

type Target = { kind: 'c2c'; peerId: number; key: string } | { kind: 'group'; group: GroupRow; key: string }

interface DecodedImage {
  mime: 'image/png' | 'image/jpeg' | 'image/gif'
  bytes: Buffer
}
const MAGIC: Record<DecodedImage['mime'], (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
}
/** A data URL's image, checked (format, size, magic bytes) without storing anything. */
function decodeImage(dataUrl: string): DecodedImage {
  const m = /^data:(image\/(?:png|jpeg|gif));base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl)
  if (!m) throw bad(M.badImage)
  const mime = m[1] as DecodedImage['mime']
  const bytes = Buffer.from(m[2]!, 'base64')
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw bad(M.imageTooLarge)
  if (!MAGIC[mime](bytes)) throw bad(M.badImage)
  return { mime, bytes }
}

export class ChatService {
  private readonly sockets = new Map<number, Set<ChatSocket>>()
  /** the session each signed-in socket's UserSig was issued to (token hash), and its user */
  private readonly sessions = new Map<ChatSocket, { userId: number; session: string }>()
  /** Tencent's copy of our groups when the Tencent service is configured (tencent-rest.ts); changed there first */
  private mirror: GroupMirror | null = null
  /** every push goes out through it: batched per socket, changed conversations read once per flush */
  private readonly fanout: Fanout
  /** each conversation's pushes in seq order, whichever concurrent send finishes its delivery first */
  private readonly inSequence: InSequence

  constructor(
    readonly db: Db,
    private readonly clock: () => number,
  ) {
    const pushFailed = (error: unknown) => console.error(`chat push failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300))
    this.fanout = new Fanout(
      (userId) => this.sockets.get(userId),
      async (pairs) => ({ conversations: await conversationsByUser(this.k, pairs), totals: await totalUnreadByUser(this.k, pairs.map((p) => p.userId)) }),
      pushFailed,
    )
    this.inSequence = new InSequence(pushFailed)
  }

  /** Settles once every push queued so far has gone out (tests; a server shutting down). */
  pushed(): Promise<void> {
    return this.fanout.idle()
  }

  useMirror(mirror: GroupMirror | null): void {
    this.mirror = mirror
  }

  /** Other server processes' sockets (server/cluster/chat-peers.ts): each push is told to them, and their users count as online. */
  private peers: ChatPeersPort | null = null
  usePeers(peers: ChatPeersPort | null): void {
    this.peers = peers
  }
  /** A push another process told: to this process's sockets of the user. */
  pushFromPeer(userId: number, event: LocalEvent): void {
    this.fanout.event(userId, event)
  }
  conversationFromPeer(userId: number, conversationId: string): void {
    this.fanout.conversation(userId, conversationId)
  }
  localUsers(): Iterable<number> {
    return this.sockets.keys()
  }

  private get k() {
    return this.db.kysely
  }
  private now(): number {
    return Math.floor(this.clock() / 1000)
  }

  // --- sockets ------------------------------------------------------------------------------

  attach(userId: number, socket: ChatSocket, session?: string): void {
    let set = this.sockets.get(userId)
    if (!set) {
      this.sockets.set(userId, (set = new Set()))
      this.peers?.online(userId)
    }
    set.add(socket)
    if (session !== undefined) this.sessions.set(socket, { userId, session })
  }
  detach(userId: number, socket: ChatSocket): void {
    const set = this.sockets.get(userId)
    set?.delete(socket)
    if (set && set.size === 0) {
      this.sockets.delete(userId)
      this.peers?.offline(userId)
    }
    this.sessions.delete(socket)
  }

  /** Whether this user's session (its token hash) still lives: a UserSig issued to it signs in only then. */
  async sessionAlive(userId: number, session: string): Promise<boolean> {
    return sessionLives(this.k, userId, session, this.clock())
  }

  /** Closes (4001, after sdk.kickedOut) every socket whose session has ended since it signed in: one query. */
  async closeEndedSessions(): Promise<void> {
    if (this.sessions.size === 0) return
    const wanted = [...new Set([...this.sessions.values()].map((s) => s.session))]
    const alive = await liveTokenHashes(this.k, wanted, this.clock())
    for (const [socket, { userId, session }] of [...this.sessions]) {
      if (alive.has(session)) continue
      this.detach(userId, socket)
      try {
        socket.send(JSON.stringify({ event: 'sdk.kickedOut', data: { reason: '登录已失效' } } satisfies LocalEvent))
        socket.close(4001, 'session ended')
      } catch {
        // already closing: nothing to end
      }
    }
  }
  isOnline(userId: number): boolean {
    return this.sockets.has(userId) || (this.peers?.isOnline(userId) ?? false)
  }
  /** Sends an event to every socket of a user (except one, the sender's own), with the next flush of the fan-out. */
  push(userId: number, event: LocalEvent, except?: ChatSocket): void {
    this.fanout.event(userId, event, except)
    this.peers?.push(userId, event)
  }

  private pushConversation(userId: number, conversationId: string): void {
    this.fanout.conversation(userId, conversationId)
    this.peers?.conversation(userId, conversationId)
  }
  /** Each online user's changed (or removed) conversation and unread total, read with the fan-out's next flush (two queries for any number). */
  private pushConversations(changed: readonly { userId: number; conversationId: string }[]): void {
    for (const { userId, conversationId } of changed) this.pushConversation(userId, conversationId)
  }
  private async pushGroups(userId: number): Promise<void> {
    if (this.isOnline(userId)) this.push(userId, { event: 'groups.updated', data: { groups: await groupsOf(this.k, userId) } })
  }

  // --- rules --------------------------------------------------------------------------------

  /**
   * The send rate, per account, in the database (rate_events: every process counts the same events):
   * a message counts against SEND_RATE, an image also against IMAGE_SEND_RATE. Checked before anything
   * is stored; counted only once the send is allowed.
   */
  private async takeSendRate(userId: number, image: boolean): Promise<void> {
    const now = this.clock()
    const send = `chat:send:user:${userId}`
    const img = `chat:image:user:${userId}`
    // an image is checked against its own rate first, so a refused image takes no message slot
    if (image && (await overLimit(this.db, img, { max: IMAGE_SEND_RATE.count, windowMs: IMAGE_SEND_RATE.windowMs }, now))) throw new ApiError(429, M.tooFast)
    // a message's check and record in one statement (issue 31: fewer statements a send)
    if (!(await takeEventSlot(this.k, send, now, now - SEND_RATE.windowMs, SEND_RATE.count))) throw new ApiError(429, M.tooFast)
    if (image) await recordEvent(this.db, img, now)
  }

  /** Forgets send-rate events older than the longest window (rate_events keeps one row per message). */
  async forgetOldSendEvents(): Promise<void> {
    const before = this.clock() - Math.max(SEND_RATE.windowMs, IMAGE_SEND_RATE.windowMs)
    await deleteEventsBefore(this.k, ['chat:send:user:', 'chat:image:user:'], before)
  }

  /** Muted (by name, or all members while the group is muted) members neither send nor change what the group reads. */
  private mayChangeGroup(group: GroupRow, me: MemberRow): void {
    const block = speakBlock({ blocked: group.blocked, muteAll: group.mute_all }, { role: coreRole(me.role), muteUntil: Number(me.mute_until) }, this.now())
    if (block !== null) throw forbidden(SPEAK_BLOCK_MESSAGES[block])
  }

  async requireGroup(groupId: string): Promise<GroupRow> {
    const group = await groupById(this.k, groupId)
    if (!group) throw notFound(M.groupNotFound)
    return group
  }
  async requireMember(groupId: string, userId: number): Promise<MemberRow> {
    const member = await memberOf(this.k, groupId, userId)
    if (!member) throw forbidden(M.notMember)
    return member
  }
  /** The user's role in the group, or null when they are not in it. */
  async roleIn(groupId: string, userId: number): Promise<MemberRow['role'] | null> {
    return (await memberOf(this.k, groupId, userId))?.role ?? null
  }
  async requireAdmin(groupId: string, userId: number): Promise<MemberRow> {
    const member = await this.requireMember(groupId, userId)
    if (!isOwnerOrAdmin(coreRole(member.role))) throw forbidden(M.notAdmin)
    return member
  }

  /** Private message rule (spec 001 §6), over every group both are in; or they are already friends. */
  async mayChatPrivately(userId: number, peerId: number): Promise<boolean> {
    if (userId === peerId) return false
    if (await areFriends(this.k, userId, peerId)) return true
    const shared = await sharedGroupRoles(this.k, userId, peerId)
    return shared.some((r) => canPrivateMessage({ userID: String(userId), role: coreRole(r.a) }, { userID: String(peerId), role: coreRole(r.b) }))
  }

  private async target(userId: number, conversationId: string): Promise<Target> {
    if (conversationId.startsWith('C2C')) {
      const peerId = Number(conversationId.slice(3))
      if (!Number.isSafeInteger(peerId) || (await liveUserIds(this.k, [peerId])).length === 0) throw notFound(M.userNotFound)
      return { kind: 'c2c', peerId, key: c2cKey(userId, peerId) }
    }
    const group = await this.requireGroup(conversationId.slice(5))
    return { kind: 'group', group, key: groupKey(group.group_id) }
  }

  /** May this user read the conversation (a party to it; a member of the group)? */
  private async requireReader(userId: number, conversationId: string): Promise<Target> {
    const target = await this.target(userId, conversationId)
    if (target.kind === 'group') await this.requireMember(target.group.group_id, userId)
    return target
  }

  // --- messages -----------------------------------------------------------------------------

  private async insertMessage(
    key: string,
    senderId: number,
    type: string,
    payload: unknown,
    extra: { cloudCustomData?: string; atUsers?: readonly string[] } = {},
  ): Promise<MessageRow> {
    const msgId = `${this.now().toString(36)}-${randomBytes(9).toString('base64url')}`
    for (let attempt = 0; ; attempt++) {
      try {
        const row = await insertMessage(this.k, { msgId, convKey: key, senderId, type, payload, cloudCustomData: extra.cloudCustomData ?? '', atUsers: extra.atUsers ?? [], time: this.now() })
        // stored: pushes of later seqs of this conversation wait for this one's (deliver releases it)
        this.inSequence.stored(key, row.seq)
        return row
      } catch (error) {
        // two senders took the same seq on PostgreSQL: take the next one
        if (attempt < 3 && (error as { code?: string }).code === '23505') continue
        throw error
      }
    }
  }

  /**
   * Delivers a stored message: the conversation's counters, @-markers, then the pushes. A group message
   * writes O(1) rows however many members it has (migration 036: the group's sequences, the sender's
   * row, the @-named members' rows); each online member gets the one message object (encoded once) and
   * their conversation re-read with the fan-out's next flush; no write per recipient.
   */
  private async deliver(target: Target, row: MessageRow, options: { counts: boolean; senderSocket?: ChatSocket }): Promise<void> {
    let pushes: (() => void) | undefined
    try {
      pushes = await this.prepareDelivery(target, row, options)
    } finally {
      // its pushes go once every lower seq of the conversation has gone; a failed delivery holds none back
      if (pushes) this.inSequence.ready(target.key, row.seq, pushes)
      else this.inSequence.drop(target.key, row.seq)
    }
  }

  /** A stored message's counters and @-markers, written; answers its pushes (run in seq order by deliver). */
  private async prepareDelivery(target: Target, row: MessageRow, options: { counts: boolean; senderSocket?: ChatSocket }): Promise<() => void> {
    const sender = row.sender_id
    const now = Number(row.time)
    if (target.kind === 'c2c') {
      await touchC2C(this.k, { senderId: sender, peerId: target.peerId, convKey: target.key, unread: options.counts ? 1 : 0, time: now })
      return () => {
        for (const userId of [sender, target.peerId]) {
          this.push(userId, { event: 'messages.received', data: { messages: [toMessage(row, userId)] } }, options.senderSocket)
          this.pushConversation(userId, `C2C${userId === sender ? target.peerId : sender}`)
        }
      }
    }
    // A chatroom (the service's AVChatRoom: live rooms' comments, circle chatrooms) counts no unread and
    // keeps no conversation order — Tencent IM counts no unread in an AVChatRoom; its members read it while
    // it is open. So its message costs one read of the members and no write.
    const chatroom = target.group.group_type === 'ChatRoom'
    if (!chatroom) {
      const at = row.at_users.filter((u) => u !== AT_ALL).map(Number)
      const atAll = row.at_users.includes(AT_ALL)
      await touchGroup(this.k, { groupId: target.group.group_id, convKey: target.key, senderId: sender, seq: row.seq, counts: options.counts, at, atAll, time: now })
    }
    // a group message reads the same to every member: one object, encoded once by the fan-out
    const event: LocalEvent = { event: 'messages.received', data: { messages: [toMessage(row, sender)] } }
    const members = await memberIdsOf(this.k, target.group.group_id)
    return () => {
      for (const userId of members) {
        if (!this.isOnline(userId)) continue
        this.push(userId, event, options.senderSocket)
        if (!chatroom) this.pushConversation(userId, target.key)
      }
    }
  }

  /** The group tip sent by the service itself (no unread count). */
  async groupTip(group: GroupRow, operatorId: number, tip: GroupTipPayload): Promise<void> {
    const row = await this.insertMessage(groupKey(group.group_id), operatorId, MESSAGE_TYPES.groupTip, tip)
    await this.deliver({ kind: 'group', group, key: groupKey(group.group_id) }, row, { counts: false })
  }

  /** A custom message the service itself sends to a group, from its owner (no unread count, no send rate). */
  async notice(groupId: string, data: string): Promise<void> {
    const group = await this.requireGroup(groupId)
    const row = await this.insertMessage(groupKey(group.group_id), group.owner_id, MESSAGE_TYPES.custom, { data, description: '', extension: '' })
    await this.deliver({ kind: 'group', group, key: groupKey(group.group_id) }, row, { counts: false })
  }

  async send(userId: number, args: LocalArgs<'sendMessage'>, socket?: ChatSocket): Promise<ChatMessage> {
    const target = await this.target(userId, args.conversationID)
    let role: MemberRow['role'] | null = null
    if (target.kind === 'c2c') {
      if (!(await this.mayChatPrivately(userId, target.peerId))) throw forbidden(M.cannotPrivate)
    } else {
      const me = await this.requireMember(target.group.group_id, userId)
      role = me.role
      this.mayChangeGroup(target.group, me)
    }
    // shield and public markers change what every member reads: decided on the parsed custom data
    // (core/chat/shield-queue markerOf), only from an Owner or Admin (core/chat/permissions canPlaceMarker)
    const chatRole: ChatRole | null = role === null ? null : coreRole(role)
    for (const raw of [args.cloudCustomData, args.kind === 'custom' ? args.data : undefined]) {
      const decided = markerOf(raw)
      if (!decided.ok) throw bad(M.badCustomData)
      if (!canPlaceMarker(chatRole, decided.marker)) throw forbidden(M.noPermission)
    }
    let image: DecodedImage | null = null
    let type: string
    let payload: unknown
    let atUsers: readonly string[] = []
    if (args.kind === 'text' || args.kind === 'at') {
      const text = args.text ?? ''
      if (text.trim() === '') throw bad(M.emptyText)
      if (utf8Bytes(text) > TEXT_MAX_BYTES) throw bad(M.textTooLong)
      type = MESSAGE_TYPES.text
      payload = { text }
      if (args.kind === 'at') {
        if (target.kind !== 'group') throw bad('只能在群聊中@成员')
        atUsers = args.atUserList ?? []
        // @all only by an Owner or Admin (as the service allows)
        if (atUsers.includes(AT_ALL) && role === 'Member') throw forbidden(M.noPermission)
      }
    } else if (args.kind === 'image') {
      image = decodeImage(args.image ?? '')
      payload = null
      type = MESSAGE_TYPES.image
    } else {
      const data = args.data ?? ''
      if (data === '') throw bad(M.emptyText)
      type = MESSAGE_TYPES.custom
      payload = { data, description: '', extension: '' }
    }
    // the rate (and every rule above) before anything is stored: a refused image leaves nothing behind
    await this.takeSendRate(userId, image !== null)
    let imageKey: string | null = null
    if (image !== null) {
      imageKey = await this.storeImage(userId, target.key, image)
      payload = { imageFormat: image.mime.slice(6), imageInfoArray: [{ type: 0, url: `/api/chat/images/${imageKey}`, size: image.bytes.byteLength }] }
    }
    let row: MessageRow
    try {
      row = await this.insertMessage(target.key, userId, type, payload, {
        ...(args.cloudCustomData ? { cloudCustomData: args.cloudCustomData } : {}),
        atUsers,
      })
    } catch (error) {
      if (imageKey !== null) await deleteImage(this.k, imageKey)
      throw error
    }
    await this.deliver(target, row, { counts: true, ...(socket ? { senderSocket: socket } : {}) })
    return toMessage(row, userId)
  }

  /** Stores an accepted image under an unguessable key (128 random bits), readable in its conversation only. */
  private async storeImage(userId: number, convKey: string, image: DecodedImage): Promise<string> {
    const key = randomBytes(16).toString('base64url')
    await insertImage(this.k, { ownerId: userId, mime: image.mime, data: image.bytes, createdAt: this.now(), key, convKey })
    return key
  }

  /** An image for this reader: undefined when there is none; 403 unless they are in its conversation (a party, or a member of the group). */
  async image(userId: number, key: string): Promise<{ mime: string; data: Uint8Array } | undefined> {
    const row = await imageByKey(this.k, key)
    if (!row) return undefined
    const reader = row.conv_key.startsWith('GROUP')
      ? (await memberOf(this.k, row.conv_key.slice(5), userId)) !== undefined
      : row.conv_key.slice(3).split('_').map(Number).includes(userId)
    if (!reader) throw forbidden(M.imageNotYours)
    return { mime: row.mime, data: row.data }
  }

  async history(userId: number, args: LocalArgs<'getMessageList'>): Promise<MessagePage> {
    const target = await this.requireReader(userId, args.conversationID)
    const count = args.count ?? HISTORY_PAGE_SIZE
    const before = args.nextSeq ?? 2_147_483_647
    const rows = await messagesBefore(this.k, target.key, before, count, { withRevoked: true })
    const page = rows.slice(0, count).reverse()
    return {
      messageList: page.map((r) => toMessage(r, userId)),
      nextReqMessageID: page.length > 0 ? String(page[0]!.seq) : '',
      isCompleted: rows.length <= count,
    }
  }

  private async ownMessage(userId: number, msgId: string): Promise<{ row: MessageRow; target: Target }> {
    const row = await messageById(this.k, msgId)
    if (!row) throw notFound(M.messageNotFound)
    const convId = row.conv_key.startsWith('GROUP') ? row.conv_key : `C2C${row.conv_key.slice(3).split('_').map(Number).find((id) => id !== userId) ?? userId}`
    if (row.conv_key.startsWith('C2C') && !row.conv_key.slice(3).split('_').map(Number).includes(userId)) throw notFound(M.messageNotFound)
    const target = await this.requireReader(userId, convId)
    return { row, target }
  }

  private async fanOut(target: Target, row: MessageRow, event: 'messages.revoked' | 'messages.modified'): Promise<void> {
    const users = target.kind === 'c2c' ? [row.sender_id, target.peerId] : await memberIdsOf(this.k, target.group.group_id)
    const online = users.filter((u) => this.isOnline(u))
    for (const u of online) this.push(u, { event, data: { messages: [toMessage(row, u)] } })
    this.pushConversations(online.map((u) => ({ userId: u, conversationId: target.kind === 'c2c' ? `C2C${u === row.sender_id ? target.peerId : row.sender_id}` : target.key })))
  }

  /** Revoke: the sender's own message, or any group message by the group's Owner or Admin. */
  async revoke(userId: number, msgId: string): Promise<void> {
    const { row, target } = await this.ownMessage(userId, msgId)
    const me = target.kind === 'group' && row.sender_id !== userId ? await memberOf(this.k, target.group.group_id, userId) : undefined
    if (!canRevoke({ userID: String(userId), role: me ? coreRole(me.role) : null }, String(row.sender_id))) throw forbidden(M.cannotRevoke)
    await setRevoked(this.k, msgId)
    await this.fanOut(target, { ...row, revoked: true }, 'messages.revoked')
  }

  /** Modify: the sender's own text message, under the same rules as sending (not while muted; the send rate). */
  async modify(userId: number, msgId: string, text: string): Promise<ChatMessage> {
    const { row, target } = await this.ownMessage(userId, msgId)
    if (row.sender_id !== userId || row.type !== MESSAGE_TYPES.text || row.revoked) throw forbidden(M.noPermission)
    if (target.kind === 'group') this.mayChangeGroup(target.group, await this.requireMember(target.group.group_id, userId))
    if (text.trim() === '') throw bad(M.emptyText)
    if (utf8Bytes(text) > TEXT_MAX_BYTES) throw bad(M.textTooLong)
    await this.takeSendRate(userId, false)
    await setTextPayload(this.k, msgId, text)
    const updated = { ...row, payload: { text } }
    await this.fanOut(target, updated, 'messages.modified')
    return toMessage(updated, userId)
  }

  async isRevoked(userId: number, conversationId: string, seq: number): Promise<boolean> {
    const target = await this.requireReader(userId, conversationId)
    const revoked = await revokedAt(this.k, target.key, seq)
    if (revoked === undefined) throw notFound(M.messageNotFound)
    return revoked
  }

  // --- a user's view of conversations -------------------------------------------------------

  private async updateView(userId: number, conversationId: string, change: ViewChange): Promise<void> {
    if (!(await updateView(this.k, userId, conversationId, change))) throw notFound('会话不存在')
    this.pushConversation(userId, conversationId)
  }
  setRead(userId: number, conversationId: string) {
    return this.updateView(userId, conversationId, { read: true })
  }
  setReceiveOpt(userId: number, conversationId: string, opt: 0 | 2) {
    return this.updateView(userId, conversationId, { receiveOpt: opt })
  }
  pin(userId: number, conversationId: string, pinned: boolean) {
    return this.updateView(userId, conversationId, { pinned })
  }
  remove(userId: number, conversationId: string) {
    return this.updateView(userId, conversationId, { deleted: true })
  }
  conversations(userId: number) {
    return conversationsOf(this.k, userId)
  }
  groups(userId: number) {
    return groupsOf(this.k, userId)
  }
  async members(userId: number, groupId: string) {
    await this.requireGroup(groupId)
    await this.requireMember(groupId, userId)
    return (await membersOf(this.k, groupId)).map(toGroupMember)
  }

  // --- groups -------------------------------------------------------------------------------

  async createGroup(ownerId: number, name: string, groupType: GroupRow['group_type']): Promise<GroupRow> {
    const groupId = `GROUP_CHAT_V2_${randomBytes(6).toString('hex')}`
    const now = this.now()
    await this.mirror?.createGroup({ groupId, name, groupType, ownerId })
    await this.k.transaction().execute(async (trx) => {
      await insertGroup(trx, { groupId, name, groupType, ownerId, now })
      await insertMembers(trx, groupId, [ownerId], 'Owner', now)
      await ensureGroupConversations(trx, groupId, [ownerId], now)
    })
    await this.pushGroups(ownerId)
    this.pushConversation(ownerId, groupKey(groupId))
    return (await groupById(this.k, groupId))!
  }

  /** Adds members (ordinary); answers who was added and who was in already. */
  async addMembers(operatorId: number, groupId: string, userIds: readonly number[]): Promise<{ added: number[]; unchanged: number[] }> {
    const group = await this.requireGroup(groupId)
    await this.requireAdmin(groupId, operatorId)
    const now = this.now()
    if (this.mirror) {
      const already = new Set((await membersOf(this.k, groupId)).map((m) => m.user_id))
      await this.mirror.addMembers(groupId, userIds.filter((u) => !already.has(u)))
    }
    const added = await insertMembers(this.k, groupId, userIds, 'Member', now)
    await ensureGroupConversations(this.k, groupId, added, now)
    if (added.length > 0) {
      const names = await this.nicks(added)
      await this.groupTip(group, operatorId, { operationType: GROUP_TIP.memberJoined, operatorName: (await this.nicks([operatorId]))[0]!, targetNames: names })
      for (const u of added) await this.pushGroups(u)
      await this.membersChanged(groupId)
    }
    return { added, unchanged: userIds.filter((u) => !added.includes(u)) }
  }

  /** Removes members under the kick rule (spec 001 §6); a target the operator may not kick fails the call. */
  async removeMembers(operatorId: number, groupId: string, userIds: readonly number[]): Promise<{ removed: number[]; unchanged: number[] }> {
    const group = await this.requireGroup(groupId)
    const operator = await this.requireMember(groupId, operatorId)
    const op: ChatMember = { userID: String(operatorId), role: coreRole(operator.role) }
    const targets = (await membersOf(this.k, groupId)).filter((m) => userIds.includes(m.user_id))
    for (const t of targets) if (!canKick(op, { userID: String(t.user_id), role: coreRole(t.role) })) throw forbidden(M.cannotKick)
    if (targets.length === 0) {
      if (!isOwnerOrAdmin(op.role)) throw forbidden(M.notAdmin)
      return { removed: [], unchanged: [...userIds] }
    }
    const removed = targets.map((t) => t.user_id)
    const now = this.now()
    await this.mirror?.removeMembers(groupId, removed)
    await this.groupTip(group, operatorId, {
      operationType: GROUP_TIP.memberKickedOut,
      operatorName: operator.nick,
      targetNames: targets.map((t) => t.nick),
    })
    await this.k.transaction().execute(async (trx) => {
      await deleteMembers(trx, groupId, removed)
      await leaveGroupConversations(trx, groupId, removed)
      await insertRemovals(trx, { groupId, groupName: group.name, userIds: removed, operatorId, at: now })
    })
    for (const u of removed) await this.pushGroups(u)
    this.pushConversations(removed.map((u) => ({ userId: u, conversationId: groupKey(groupId) })))
    await this.membersChanged(groupId)
    return { removed, unchanged: userIds.filter((u) => !removed.includes(u)) }
  }

  async mute(operatorId: number, groupId: string, userId: number, muted: boolean, hours: number): Promise<MemberRow> {
    const group = await this.requireGroup(groupId)
    const operator = await this.requireMember(groupId, operatorId)
    const op: ChatMember = { userID: String(operatorId), role: coreRole(operator.role) }
    if (!isOwnerOrAdmin(op.role)) throw forbidden(M.notAdmin)
    const target = await memberOf(this.k, groupId, userId)
    if (!target) throw notFound('该用户不是群成员')
    if (!canMute(op, { userID: String(userId), role: coreRole(target.role) })) throw forbidden(M.cannotMuteSelf)
    const until = !muted ? 0 : hours === -1 ? -1 : this.now() + hours * 3600
    await this.mirror?.mute(groupId, userId, until === 0 ? 0 : until === -1 ? MUTE_FOREVER_SECONDS : hours * 3600)
    await setMuteUntil(this.k, groupId, userId, until)
    await this.groupTip(group, operatorId, {
      operationType: GROUP_TIP.memberProfileUpdated,
      operatorName: operator.nick,
      memberList: [{ name: target.nick, muteTime: until === 0 ? 0 : until === -1 ? MUTE_FOREVER_SECONDS : hours * 3600 }],
    })
    await this.membersChanged(groupId)
    return { ...target, mute_until: until }
  }

  async muteAll(operatorId: number, groupId: string, muted: boolean): Promise<GroupRow> {
    const group = await this.requireGroup(groupId)
    const operator = await this.requireMember(groupId, operatorId)
    if (!canMuteAll({ userID: String(operatorId), role: coreRole(operator.role) })) throw forbidden(M.notAdmin)
    await this.mirror?.muteAll(groupId, muted)
    await setMuteAll(this.k, groupId, muted)
    await this.groupTip(group, operatorId, {
      operationType: GROUP_TIP.groupProfileUpdated,
      operatorName: operator.nick,
      newGroupProfile: { muteAllMembers: muted },
    })
    return (await groupById(this.k, groupId))!
  }

  async setAdmin(operatorId: number, groupId: string, userId: number, admin: boolean): Promise<MemberRow> {
    const group = await this.requireGroup(groupId)
    const operator = await this.requireMember(groupId, operatorId)
    const target = await memberOf(this.k, groupId, userId)
    if (!target) throw notFound('该用户不是群成员')
    if (!canSetAdmin({ userID: String(operatorId), role: coreRole(operator.role) }, { userID: String(userId), role: coreRole(target.role) })) throw forbidden(M.noPermission)
    const role = admin ? 'Admin' : 'Member'
    await this.mirror?.setRole(groupId, userId, role)
    await setRole(this.k, groupId, userId, role)
    await this.groupTip(group, operatorId, { operationType: admin ? GROUP_TIP.adminSet : GROUP_TIP.adminCancelled, operatorName: operator.nick, targetNames: [target.nick] })
    await this.membersChanged(groupId)
    return { ...target, role }
  }

  async setAttributes(userId: number, groupId: string, attributes: Readonly<Record<string, string>>): Promise<void> {
    await this.requireGroup(groupId)
    await this.requireAdmin(groupId, userId)
    for (const [key, value] of Object.entries(attributes)) await setAttribute(this.k, groupId, key, value)
    const map = await attributesOf(this.k, groupId)
    for (const m of await membersOf(this.k, groupId)) this.push(m.user_id, { event: 'groupAttributes.updated', data: { groupID: groupId, attributes: map } })
  }

  /** Joining by oneself: only chatrooms (like the service's AVChatRoom) are open to anyone signed in. */
  async joinOpenGroup(userId: number, groupId: string): Promise<void> {
    const group = await this.requireGroup(groupId)
    if (group.group_type !== 'ChatRoom') throw forbidden(M.noPermission)
    const now = this.now()
    await insertMembers(this.k, groupId, [userId], 'Member', now)
    await ensureGroupConversations(this.k, groupId, [userId], now)
    await this.pushGroups(userId)
    this.pushConversation(userId, groupKey(groupId))
  }

  async addFriend(userId: number, peerId: number, groupId: string): Promise<string> {
    await this.requireGroup(groupId)
    const me = await this.requireMember(groupId, userId)
    const peer = await memberOf(this.k, groupId, peerId)
    if (!peer) throw notFound('该用户不是群成员')
    if (!canPrivateMessage({ userID: String(userId), role: coreRole(me.role) }, { userID: String(peerId), role: coreRole(peer.role) })) throw forbidden(M.cannotPrivate)
    const now = this.now()
    // both rows in one transaction: a friendship never stands without the conversation it opens
    await this.k.transaction().execute(async (trx) => {
      await befriend(trx, userId, peerId, now)
      await ensureC2CConversation(trx, userId, peerId, c2cKey(userId, peerId), now)
    })
    this.pushConversation(userId, `C2C${peerId}`)
    return `C2C${peerId}`
  }

  /** Shield or publish a group message (spec 001 §3: custom data bizType shieldMsg hides data.msgId). */
  async shield(userId: number, msgId: string, action: 'shieldMsg' | 'publicMessage'): Promise<void> {
    const row = await messageById(this.k, msgId)
    if (!row || !row.conv_key.startsWith('GROUP')) throw notFound(M.messageNotFound)
    const groupId = row.conv_key.slice(5)
    const group = await this.requireGroup(groupId)
    await this.requireAdmin(groupId, userId)
    const bizType = action === 'shieldMsg' ? SHIELD_BIZ_TYPE : PUBLIC_MESSAGE_BIZ_TYPE
    const marker = await this.insertMessage(row.conv_key, userId, MESSAGE_TYPES.custom, { data: '', description: '', extension: '' }, {
      cloudCustomData: JSON.stringify({ bizType, data: { msgId } }),
    })
    await this.deliver({ kind: 'group', group, key: row.conv_key }, marker, { counts: false })
  }

  /** One-to-one messages to every member of the groups (the message helper, spec 001 §7). */
  async batchOne2One(userId: number, groupIds: readonly string[], content: string, pictureUrls: readonly string[], riskTipId: number | null): Promise<{ sent: number; conversations: number }> {
    for (const g of groupIds) {
      await this.requireGroup(g)
      await this.requireAdmin(g, userId)
    }
    if (content.trim() === '' && pictureUrls.length === 0) throw bad(M.emptyText)
    if (utf8Bytes(content) > TEXT_MAX_BYTES) throw bad(M.textTooLong)
    const peers = await memberIdsOfGroups(this.k, groupIds, userId)
    const custom = riskTipId !== null ? { cloudCustomData: JSON.stringify({ riskTipId }) } : {}
    // Tencent first (the readers' clients read it there), our copy only once it accepted
    await this.mirror?.sendC2C(userId, peers, { text: content.trim() !== '' ? content : null, pictureUrls, ...custom })
    let sent = 0
    for (const peerId of peers) {
      const target: Target = { kind: 'c2c', peerId, key: c2cKey(userId, peerId) }
      if (content.trim() !== '') {
        await this.deliver(target, await this.insertMessage(target.key, userId, MESSAGE_TYPES.text, { text: content }, custom), { counts: true })
        sent++
      }
      for (const url of pictureUrls) {
        await this.deliver(target, await this.insertMessage(target.key, userId, MESSAGE_TYPES.image, { imageInfoArray: [{ type: 0, url, size: 0 }] }, custom), { counts: true })
        sent++
      }
    }
    return { sent, conversations: peers.length }
  }

  private async nicks(ids: readonly number[]): Promise<string[]> {
    const by = new Map((await profilesOf(this.k, ids)).map((x) => [x.id, x.nick]))
    return ids.map((id) => by.get(id) ?? String(id))
  }

  private async membersChanged(groupId: string): Promise<void> {
    for (const m of await membersOf(this.k, groupId)) this.push(m.user_id, { event: 'members.changed', data: { groupID: groupId } })
  }
}

const services = new WeakMap<Db, ChatService>()
/** The one chat service of a database (the routes and the socket share it). */
export function chatServiceFor(db: Db, clock: () => number = Date.now): ChatService {
  let s = services.get(db)
  if (!s) services.set(db, (s = new ChatService(db, clock)))
  return s
}

// The local messaging relay over WebSocket (the `ws` package on the Node server's upgrade event),
// speaking core/chat/local-protocol.ts. A socket must sign in with a UserSig our server issued
// (/api/financial-circle/live-column/im/userSig/v1); every request is decoded with its schema; a
// failure answers a Chinese message, never closes the server. Local mode only (main.ts).
// No single frame or socket can stop the process (issue 23): the WebSocketServer, every socket and the
// upgrade's raw socket have 'error' listeners; frames are bounded (maxPayload), so a malformed or
// oversize frame makes `ws` close that one socket with the protocol's code (1002, 1007, 1009); a
// socket's requests are queued one at a time, at most MAX_PENDING of them, and no handler's failure
// escapes its catch.
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import * as Schema from 'effect/Schema'
import * as Result from 'effect/Result'
import { WebSocketServer, type WebSocket } from 'ws'
import { LOCAL_SOCKET_PATH, LocalRequests, MAX_FRAME_BYTES, RequestFrame, type LocalArgs, type LocalOp } from '../../core/chat/local-protocol'
import { CHAT_MESSAGES as M } from '../../core/chat/limits'
import { ApiError } from '../http/api-error'
import { readUserSig, type SigKey } from './user-sig'
import type { ChatService, ChatSocket } from './service'
import { errorMessage } from '../../core/api/api-error'

type Handler = (service: ChatService, userId: number, args: never, socket: ChatSocket) => Promise<unknown>

const handlers: { [K in Exclude<LocalOp, 'login'>]: (service: ChatService, userId: number, args: LocalArgs<K>, socket: ChatSocket) => Promise<unknown> } = {
  logout: async () => true,
  getConversationList: (s, u) => s.conversations(u),
  getGroupList: (s, u) => s.groups(u),
  getMessageList: (s, u, a) => s.history(u, a),
  sendMessage: (s, u, a, socket) => s.send(u, a, socket),
  revokeMessage: async (s, u, a) => (await s.revoke(u, a.ID), true),
  modifyMessage: (s, u, a) => s.modify(u, a.ID, a.text),
  setMessageRead: async (s, u, a) => (await s.setRead(u, a.conversationID), true),
  setMessageRemindType: async (s, u, a) => (await s.setReceiveOpt(u, a.conversationID, a.opt), true),
  pinConversation: async (s, u, a) => (await s.pin(u, a.conversationID, a.pinned), true),
  deleteConversation: async (s, u, a) => (await s.remove(u, a.conversationID), true),
  getGroupMemberList: (s, u, a) => s.members(u, a.groupID),
  joinGroup: async (s, u, a) => (await s.joinOpenGroup(u, a.groupID), true),
  setGroupAttributes: async (s, u, a) => (await s.setAttributes(u, a.groupID, a.attributes), true),
  // our own profile lives in the users table; the relay accepts the call as the service does
  updateMyProfile: async () => true,
}

const decoders = Object.fromEntries(
  Object.entries<Schema.Codec<unknown, unknown>>(LocalRequests).map(([op, schema]) => [op, Schema.decodeUnknownResult(schema)]),
) as Record<LocalOp, (u: unknown) => Result.Result<unknown, unknown>>
const decodeFrame = Schema.decodeUnknownResult(RequestFrame)

/** Our choice: an ended session's sockets are closed within 15 s (one query for every open socket). */
export const SESSION_SWEEP_MS = 15_000
/** Our choice: send-rate events past their window are deleted every 10 minutes. */
export const RATE_SWEEP_MS = 600_000
/** Our choice: a socket may have 16 requests waiting (a client that waits for answers never has more than a few). */
export const MAX_PENDING = 16

/** A WebSocket as serveSocket uses it (a ws WebSocket satisfies it). */
export type RelaySocket = ChatSocket & {
  on(event: 'message', f: (data: Buffer, isBinary: boolean) => void): void
  on(event: 'close', f: () => void): void
}

const logFailure = (what: string, error: unknown) => console.error(`chat socket ${what} failed: ${errorMessage(error, 'error').slice(0, 200)}`)

/** One connection: answers requests in order, one at a time, at most MAX_PENDING waiting (a client cannot flood the queue). */
export function serveSocket(service: ChatService, key: SigKey, ws: RelaySocket, now: () => number): void {
  let userId: number | null = null
  let queue = Promise.resolve()
  let pending = 0
  const answer = (id: number, body: { ok: true; result: unknown } | { ok: false; code: number; message: string }) => {
    try {
      ws.send(JSON.stringify({ id, ...body }))
    } catch (error) {
      logFailure('answer', error)
    }
  }
  const handle = async (raw: string) => {
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      return answer(0, { ok: false, code: 400, message: '参数错误：不是有效的 JSON' })
    }
    const frame = decodeFrame(parsed)
    if (Result.isFailure(frame)) return answer(0, { ok: false, code: 400, message: '参数错误：未知的请求' })
    const { id, op } = frame.success
    const args = decoders[op](frame.success.args ?? {})
    if (Result.isFailure(args)) return answer(id, { ok: false, code: 400, message: '参数错误' })
    try {
      if (op === 'login') {
        const a = args.success as LocalArgs<'login'>
        const uid = Number(a.userID)
        // the UserSig names the session it was issued to (routes.ts): it signs in only while that session lives
        const sig = readUserSig(key, a.userID, a.userSig, Math.floor(now() / 1000))
        const session = sig?.userbuf ?? null
        if (session === null || !(await service.sessionAlive(uid, session))) {
          return answer(id, { ok: false, code: 401, message: M.badSignature })
        }
        if (userId !== null) service.detach(userId, ws)
        userId = uid
        service.attach(uid, ws, session)
        answer(id, { ok: true, result: true })
        ws.send(JSON.stringify({ event: 'sdk.ready', data: {} }))
        return
      }
      if (userId === null) return answer(id, { ok: false, code: 401, message: M.badSignature })
      const result = await (handlers[op] as Handler)(service, userId, args.success as never, ws)
      answer(id, { ok: true, result })
    } catch (error) {
      if (error instanceof ApiError) return answer(id, { ok: false, code: error.status, message: error.message })
      logFailure(op, error)
      answer(id, { ok: false, code: 500, message: '服务器繁忙，请稍后重试' })
    }
  }
  ws.on('message', (data, isBinary) => {
    if (isBinary) return answer(0, { ok: false, code: 400, message: '参数错误：只接受文本帧' })
    if (pending >= MAX_PENDING) return answer(0, { ok: false, code: 429, message: M.tooFast })
    pending++
    const raw = data.toString('utf8')
    queue = queue
      .then(() => handle(raw))
      .catch((error: unknown) => logFailure('request', error))
      .finally(() => pending--)
  })
  ws.on('close', () => {
    if (userId !== null) service.detach(userId, ws)
  })
}

/** Same-origin upgrades only: a page of another site may not open a socket with our user's cookies. */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin
  if (origin === undefined) return true // not a browser
  try {
    return new URL(origin).host === req.headers.host
  } catch {
    return false
  }
}

/** Attaches the relay to the HTTP server at LOCAL_SOCKET_PATH; other upgrade paths are refused. */
export function attachChatSocket(server: Server, service: ChatService, key: SigKey, now: () => number = Date.now): WebSocketServer {
  // permessage-deflate stays off (ws's default for servers): no compressed frame can inflate past maxPayload
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false })
  wss.on('error', (error) => logFailure('server', error))
  // sockets whose session ended (logout, a password change) are closed within SESSION_SWEEP_MS
  const sweep = setInterval(() => void service.closeEndedSessions().catch((error: unknown) => logFailure('sweep', error)), SESSION_SWEEP_MS)
  sweep.unref()
  const forget = setInterval(() => void service.forgetOldSendEvents().catch((error: unknown) => logFailure('forget', error)), RATE_SWEEP_MS)
  forget.unref()
  wss.on('close', () => {
    clearInterval(sweep)
    clearInterval(forget)
  })
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node's HTTP server drops its own error listener from an upgraded socket: a reset before ws takes
    // it over (or after we refused it) would otherwise be an unhandled 'error' event
    socket.on('error', () => socket.destroy())
    try {
      const path = (req.url ?? '').split('?')[0]
      if (path !== LOCAL_SOCKET_PATH || !sameOrigin(req)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n')
        return
      }
      wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
        // a malformed or oversize frame: ws has already sent the close frame (1002, 1007, 1009) and
        // ends the socket itself (at once once the peer answers, else after its close timeout)
        ws.on('error', () => {})
        serveSocket(service, key, ws, now)
      })
    } catch (error) {
      logFailure('upgrade', error)
      socket.destroy()
    }
  })
  return wss
}

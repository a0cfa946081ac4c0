// The live room's API module (design.md 'App state and the API layer'; issue 28, spec 001 §7 'Video and
// live'): the room read for the one read helper, and the actors of the viewer and comments machines
// (core/live/viewer.machine.ts, viewer-comments.machine.ts) built from the HTTP port, the clock port and
// the messaging port. Views take it through useLiveApi(); they never call the port.
import { fromCallback, fromPromise } from 'xstate'
import * as Schema from 'effect/Schema'
import type { HttpPort } from '../../core/api/http-port'
import {
  afterIdComments,
  beforeIdComments,
  beforeJoinLiveRoom,
  LiveComment,
  roadshowCheckInviteCode,
  roadshowReserve,
  sendKickOutNotification,
  videoComment,
  videoDetail,
  videoOnlineCount,
  videoVisit,
  type VideoDetail,
} from '../../core/api/live'
import { imUserSig } from '../../core/api/chat'
import { firstCalls } from '../../core/api/first-screen'
import { isApiError } from '../../core/api/api-error'
import { MESSAGE_TYPES, type ChatMessage } from '../../core/chat/messaging-port'
import { KICK_OUT_BIZ_TYPE, LIVE_COMMENT_BIZ_TYPE, LIVE_COMMENTS_PAGE, LIVE_MESSAGES, LIVE_STATUS_BIZ_TYPE } from '../../core/live/limits'
import { viewerMachine, type LoadedRoom } from '../../core/live/viewer.machine'
import { toViewerRoom } from '../../core/live/viewer-status'
import { commentsMachine, type CommentPage, type CommentsEvent } from '../../core/live/viewer-comments.machine'
import { createMessagingPort, type ServerSignature } from '../../adapters/messaging/messaging-port'
import { useApi } from '../common/use-api'
import type { Read } from '../common/use-read'

const decodeComment = Schema.decodeUnknownOption(LiveComment)

/** What a message of the room's chat group carries: a live comment, a kick-out notification, a status move, or nothing of ours. */
export type GroupNotice =
  | { kind: 'comment'; comment: LiveComment }
  | { kind: 'kickOut'; userId: number; deviceId: string }
  | { kind: 'statusChanged'; videoId: number }
  | null

const parsed = (raw: unknown): Record<string, unknown> | null => {
  if (typeof raw !== 'string' || raw === '') return null
  try {
    const value: unknown = JSON.parse(raw)
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
  } catch {
    return null // spec 001 §8: chat JSON parse failures are logged only
  }
}

/**
 * Reads our data off a chat message of the room's group (core/live/limits.ts): a comment is a text whose
 * custom data is { bizType: liveComment, data: comment }; a kick-out is a custom element whose data is
 * { bizType: liveKickOut, userId, deviceId }; a status move is a custom element whose data is
 * { bizType: liveStatus, videoId, status } (server/live/service.ts).
 */
export function groupNotice(message: ChatMessage): GroupNotice {
  const custom = parsed(message.cloudCustomData)
  if (custom?.bizType === LIVE_COMMENT_BIZ_TYPE) {
    const c = decodeComment(custom.data)
    return c._tag === 'Some' ? { kind: 'comment', comment: c.value } : null
  }
  const element = message.type === MESSAGE_TYPES.custom ? parsed((message.payload as { data?: unknown } | null)?.data) : null
  if (element?.bizType === KICK_OUT_BIZ_TYPE && typeof element.userId === 'number' && typeof element.deviceId === 'string') {
    return { kind: 'kickOut', userId: element.userId, deviceId: element.deviceId }
  }
  if (element?.bizType === LIVE_STATUS_BIZ_TYPE && typeof element.videoId === 'number') return { kind: 'statusChanged', videoId: element.videoId }
  return null
}

/** What the page gives the actors: the reader's login, the clock port, and where to tell the viewer. */
export interface RoomPorts {
  readonly now: () => number
  readonly requireLogin: () => Promise<boolean>
  /** this page's id (heartbeat session and kick-out device) */
  readonly sessionId: string
  /** the signed-in reader (a kick-out concerns only their own other devices) */
  readonly userId: number | null
}

export function liveApi(http: HttpPort) {
  const query = (room: Pick<VideoDetail, 'id' | 'videoServiceType'>) => ({ videoId: room.id, videoServiceType: room.videoServiceType })
  const detail = (id: number, signal?: AbortSignal) => http.call(videoDetail, { query: { videoId: id } }, signal ? { signal } : undefined)
  const asPage = (answer: { list: readonly LiveComment[]; hasMore: boolean }, newestFirst: boolean): CommentPage => ({
    comments: newestFirst ? [...answer.list].reverse() : answer.list,
    hasMore: answer.hasMore,
  })
  return {
    /** GET /api/video/detail/v1 (videoId): inlined on /live/{id} for a room (core/api/first-screen.ts) */
    room: (id: number): Read<VideoDetail> => ({ key: firstCalls.liveRoom(id), load: (signal) => detail(id, signal) }),

    /** spec 001 §7 send-kick-out-group-notification: this device watches `roomId` now (the account's other devices stop) */
    claimDevice: (roomId: number, deviceId: string) => http.call(sendKickOutNotification, { body: { id: roomId, deviceId } }),

    /** The viewer machine of a room (its id and service type never change), its actors on the ports. */
    viewer: (room: Pick<VideoDetail, 'id' | 'videoServiceType'>, ports: RoomPorts) =>
      viewerMachine.provide({
        actors: {
          refreshRoom: fromPromise<LoadedRoom, { roomId: number }>(async ({ input, signal }) => ({ room: toViewerRoom(await detail(input.roomId, signal)), nowMs: ports.now() })),
          reserve: fromPromise<boolean, { roomId: number }>(async ({ input }) => {
            if (!(await ports.requireLogin())) return false
            return (await http.call(roadshowReserve, { params: { id: input.roomId }, body: { videoServiceType: room.videoServiceType } })).reserved
          }),
          checkInviteCode: fromPromise(async ({ input }: { input: { roomId: number; code: string } }) => {
            if (!(await ports.requireLogin())) return { passed: false, message: LIVE_MESSAGES.loginFirst }
            try {
              const answer = await http.call(roadshowCheckInviteCode, { params: { id: input.roomId }, query: { inviteCode: input.code } })
              return { passed: answer.passed, message: answer.passed ? '' : LIVE_MESSAGES.inviteCodeWrong }
            } catch (e) {
              // 400 邀请码错误 and the format's message are answers, not failures
              if (isApiError(e) && e.statusCode === 400) return { passed: false, message: e.message }
              throw e
            }
          }),
          heartbeat: fromPromise<number, { roomId: number; sessionId: string }>(async ({ input }) =>
            (await http.call(videoOnlineCount, { body: { ...query(room), sessionId: input.sessionId } })).onlineCount,
          ),
          visit: fromPromise<unknown, { roomId: number }>(() => http.call(videoVisit, { query: query(room) })),
        },
      }),

    /**
     * The comments machine of a room the reader may watch: history and catch-up over HTTP, pushes from
     * the room's chat group over the messaging port (joined through before-join-live-room), posting over
     * HTTP. A kick-out notice for another device of this account goes to `onKickedOut`; a notice that
     * this room's status moved goes to `onRoomChanged` (the viewer reads the room at once).
     */
    comments: (room: VideoDetail, ports: RoomPorts & { onKickedOut: () => void; onRoomChanged: () => void }) => {
      let conversationId: string | null = null
      let client: Awaited<ReturnType<ReturnType<typeof createMessagingPort>['createClient']>> | null = null
      const port = createMessagingPort(async (): Promise<ServerSignature> => {
        const s = await http.call(imUserSig)
        return { sdkAppId: s.sdkAppId, userId: s.userId, userSig: s.userSig, service: s.service, socketPath: s.socketPath }
      })
      return commentsMachine.provide({
        actors: {
          loadRecent: fromPromise<CommentPage, void>(async ({ signal }) =>
            asPage(await http.call(beforeIdComments, { query: { ...query(room), count: LIVE_COMMENTS_PAGE } }, { signal }), true),
          ),
          loadAfter: fromPromise<CommentPage, { afterId: number }>(async ({ input, signal }) =>
            asPage(await http.call(afterIdComments, { query: { ...query(room), commentId: input.afterId, count: LIVE_COMMENTS_PAGE } }, { signal }), false),
          ),
          connect: fromPromise<void, void>(async () => {
            // a guest reads the comments by polling; a reader who may watch joins the group
            if (!room.canWatch || room.groupId === null) throw new Error('not in the group')
            const joined = await http.call(beforeJoinLiveRoom, { query: { id: room.id } })
            if (!joined.canEnter || joined.conversationId === null) throw new Error(joined.message)
            conversationId = joined.conversationId
            // this device watches now: the account's other devices are told to stop
            await http.call(sendKickOutNotification, { body: { id: room.id, deviceId: ports.sessionId } })
            const signature = await port.getSignature()
            const created = await port.createClient(signature)
            try {
              await created.login(signature)
            } catch (e) {
              void created.destroy().catch(() => {})
              throw e
            }
            client = created
          }),
          listen: fromCallback<CommentsEvent>(({ sendBack }) => {
            const c = client
            if (!c) return () => {}
            const received = (e: { messages: readonly ChatMessage[] }) => {
              const comments: LiveComment[] = []
              for (const m of e.messages) {
                if (m.conversationID !== conversationId) continue
                const notice = groupNotice(m)
                if (notice?.kind === 'comment') comments.push(notice.comment)
                else if (notice?.kind === 'kickOut' && notice.userId === ports.userId && notice.deviceId !== ports.sessionId) ports.onKickedOut()
                else if (notice?.kind === 'statusChanged' && notice.videoId === room.id) ports.onRoomChanged()
              }
              if (comments.length) sendBack({ type: 'comments.received', comments })
            }
            const lost = () => sendBack({ type: 'messaging.lost' })
            const back = () => sendBack({ type: 'messaging.back' })
            const kicked = () => ports.onKickedOut()
            c.on('messages.received', received)
            c.on('sdk.notReady', lost)
            c.on('sdk.ready', back)
            c.on('sdk.kickedOut', kicked)
            return () => {
              c.off('messages.received', received)
              c.off('sdk.notReady', lost)
              c.off('sdk.ready', back)
              c.off('sdk.kickedOut', kicked)
              client = null
              void c.destroy().catch(() => {})
            }
          }),
          postComment: fromPromise<LiveComment | null, { content: string }>(async ({ input }) => {
            if (!(await ports.requireLogin())) return null
            return http.call(videoComment, { body: { ...query(room), content: input.content } })
          }),
        },
      })
    },
  }
}

export type LiveApi = ReturnType<typeof liveApi>
export const useLiveApi = () => useApi(liveApi)

// Routes of the live rooms (issue 28; spec 001 §7 'Video and live', the live-column calls, and the
// owner's controls under /api/circle-admin/live/), registered by server/app.ts. Thin: who the reader is,
// then one call of service.ts.
import * as api from '../../core/api/live'
import { LIVE_COMMENTS_PAGE, OWNER_ROOMS_PAGE } from '../../core/live/limits'
import { clientIp } from '../accounts/http'
import { currentUser } from '../accounts/session'
import type { FeatureDeps } from '../feature'
import type { Hono } from 'hono'
import type { Context } from 'hono'
import { route } from '../http/route'
import type { StreamingPort } from '../streaming/port'
import * as live from './service'

export function registerLive(app: Hono, deps: FeatureDeps & { streaming: StreamingPort }): void {
  const d: live.LiveDeps = { db: deps.db, clock: deps.clock, streaming: deps.streaming }
  const who = async (c: Context) => (await currentUser(c, deps.db))?.id ?? null
  // a recording arrived (the streaming service's callback; locally at the end): playback generating → playback
  deps.streaming.onRecording(async (p) => void (await live.recordPlayback(d, p.roomId, p.videoUrl, p.durationSeconds)))

  route(app, api.videoDetail, async ({ query, c }) => live.videoDetail(d, query.videoId, query.videoServiceType, await who(c)))
  route(app, api.beforeIdComments, async ({ query, c }) => live.commentsBeforeId(d, { ...query, count: query.count ?? LIVE_COMMENTS_PAGE }, await who(c)))
  route(app, api.afterIdComments, async ({ query, c }) => live.commentsAfterId(d, { ...query, count: query.count ?? LIVE_COMMENTS_PAGE }, await who(c)))
  route(app, api.videoComment, async ({ body, c }) => live.postComment(d, body, await who(c)))
  route(app, api.videoOnlineCount, async ({ body, c }) => live.heartbeat(d, body, await who(c)))
  route(app, api.videoVisit, ({ query }) => live.visit(d, query))
  route(app, api.roadshowCheckInviteCode, async ({ params, query, c }) => live.checkInviteCode(d, params.id, query.inviteCode, await who(c), clientIp(c, deps.env)))
  route(app, api.roadshowReserve, async ({ params, body, c }) => live.reserveRoom(d, params.id, body.videoServiceType, await who(c)))
  route(app, api.beforeJoinLiveRoom, async ({ query, c }) => live.beforeJoin(d, query.id, query.inviteCode, await who(c), clientIp(c, deps.env)))
  route(app, api.ownerContentPage, async ({ query, c }) => live.ownerPage(d, { page: query.page ?? 1, count: query.count ?? OWNER_ROOMS_PAGE, liveColumnId: query.liveColumnId }, await who(c)))
  route(app, api.sendKickOutNotification, async ({ body, c }) => live.kickOut(d, body, await who(c)))

  route(app, api.liveBook, async ({ body, c }) => live.book(d, body, await who(c)))
  route(app, api.liveOwnerDetail, async ({ params, c }) => live.ownerDetail(d, params.id, await who(c)))
  route(app, api.liveStart, async ({ params, body, c }) => live.start(d, params.id, body, await who(c)))
  route(app, api.livePause, async ({ params, c }) => live.pause(d, params.id, await who(c)))
  route(app, api.liveResume, async ({ params, c }) => live.resume(d, params.id, await who(c)))
  route(app, api.liveEnd, async ({ params, body, c }) => live.end(d, params.id, body, await who(c)))
  route(app, api.liveDelete, async ({ params, c }) => live.remove(d, params.id, await who(c)))
  route(app, api.liveGuests, async ({ params, body, c }) => live.guests(d, params.id, body.userIds, await who(c)))
}

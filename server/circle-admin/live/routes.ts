// Routes of the console's live tabs (issue 29; core/api/circle-admin-live.ts), registered by server/app.ts
// beside server/live's (whose booking, detail, start, pause, resume, end, delete and guests the console
// calls as they are). Thin: the reader, then one service call (the guard and the rules run there). No SQL.
import type { Context, Hono } from 'hono'
import * as api from '../../../core/api/circle-admin-live'
import { ADMIN_LIVE_PAGE } from '../../../core/circle-admin/live'
import { currentUser } from '../../accounts/session'
import type { FeatureDeps } from '../../feature'
import { route } from '../../http/route'
import type { LiveDeps } from '../../live/service'
import type { StreamingPort } from '../../streaming/port'
import * as svc from './service'

export function registerCircleAdminLive(app: Hono, deps: FeatureDeps & { streaming: StreamingPort }): void {
  const d: LiveDeps = { db: deps.db, clock: deps.clock, streaming: deps.streaming }
  const me = async (c: Context) => (await currentUser(c, deps.db))?.id ?? null
  const at = (q: { page?: number | undefined; count?: number | undefined }) => ({ page: q.page ?? 1, count: q.count ?? ADMIN_LIVE_PAGE })

  route(app, api.adminLiveRooms, async ({ query, c }) => svc.rooms(d, { ...query, ...at(query) }, await me(c)))
  route(app, api.adminLiveRoom, async ({ params, c }) => svc.room(d, params.id, await me(c)))
  route(app, api.adminEditLiveRoom, async ({ params, body, c }) => svc.editRoom(d, params.id, body, await me(c)))
  route(app, api.adminLivePlayback, async ({ params, body, c }) => svc.setPlayback(d, params.id, body.keepPlayback, await me(c)))
  route(app, api.adminLiveComments, async ({ params, query, c }) => svc.comments(d, params.id, { ...query, ...at(query) }, await me(c)))
  route(app, api.adminDeleteLiveComment, async ({ params, c }) => svc.deleteComment(d, params.id, params.commentId, await me(c)))
  route(app, api.adminLiveMute, async ({ params, body, c }) => svc.mute(d, params.id, body, await me(c)))
  route(app, api.adminLiveData, async ({ params, c }) => svc.data(d, params.id, await me(c)))
  route(app, api.adminLiveUserSearch, async ({ params, query, c }) => svc.userCandidates(d, params.id, query.keyword, await me(c)))
  route(app, api.adminLiveKicked, async ({ params, query, c }) => svc.kicked(d, params.id, at(query), await me(c)))
  route(app, api.adminLiveKick, async ({ params, body, c }) => svc.kickOut(d, params.id, body.userId, await me(c)))
  route(app, api.adminLiveUnkick, async ({ params, c }) => svc.letBackIn(d, params.id, params.userId, await me(c)))
  route(app, api.adminLiveUsers, async ({ query, c }) => svc.viewers(d, { ...query, ...at(query) }, await me(c)))
}

// Routes of the circle extras (issue 27), registered by server/app.ts: live columns and the circle
// chatroom (courses are server/courses/routes.ts). Thin: who the reader is, then one call.
import * as api from '../../core/api/circle-extras'
import { LIVE_COLUMN_PAGE_SIZE } from '../../core/courses/limits'
import { currentUser, requireUser } from '../accounts/session'
import type { RegisterFeature } from '../feature'
import { route } from '../http/route'
import { chatroomWithMessage } from './chatroom'
import { liveColumn, liveColumnContent } from './live-columns'

export const registerCircleExtras: RegisterFeature = (app, { db, clock }) => {
  const now = () => Math.floor(clock() / 1000)
  route(app, api.liveColumnContent, ({ query }) => liveColumnContent(db, query.liveColumnId, { page: query.page ?? 1, count: query.count ?? LIVE_COLUMN_PAGE_SIZE }, now()))
  route(app, api.liveColumn, async ({ params, c }) => liveColumn(db, params.id, (await currentUser(c, db))?.id ?? null, now()))
  route(app, api.chatroomWithMessage, async ({ query, c }) => chatroomWithMessage(db, clock, query.financialCircleId, (await requireUser(c, db)).id, now()))
}

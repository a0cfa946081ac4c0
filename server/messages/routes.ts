// Routes of the bell's messages (spec 000 §7; 001 §7 'Messages'), registered by server/app.ts. Thin:
// sign-in, then one service call. Opening a list with the spec's GET from our pages reads it (issue 25:
// the spec names no other call that could): only a request that echoes our CSRF token marks anything
// (a link or image from another site reads without marking), and the kept login infos are dropped as
// after any write, so the bell and /api/user/get/v2 say 0 at once. POST /api/message/v2/read marks a
// group, a source type or everything.
import type { Context } from 'hono'
import * as api from '../../core/api/messages'
import type { RegisterFeature } from '../feature'
import { route } from '../http/route'
import { requireUser } from '../accounts/session'
import { echoesCsrfToken } from '../accounts/http'
import { forgetLoginInfos } from '../accounts/login-info-cache'
import { markRead, messageGroups, messageList } from './messages'

export const MESSAGE_PAGE_SIZE = 20

export const registerMessages: RegisterFeature = (app, { db, clock }) => {
  const now = () => Math.floor(clock() / 1000)
  route(app, api.messageGroups, async ({ c }) => messageGroups(db, (await requireUser(c, db)).id, now()))
  const openList = async (c: Context, sourceType: api.MessageSourceType, type: string, query: { timestamp?: number | undefined; count?: number | undefined }) => {
    const me = (await requireUser(c, db)).id
    const { marked, ...page } = await messageList(db, me, sourceType, type, { before: query.timestamp, count: query.count ?? MESSAGE_PAGE_SIZE, read: echoesCsrfToken(c) }, now())
    if (marked > 0) forgetLoginInfos(db)
    return page
  }
  route(app, api.interactionMessages, ({ params, query, c }) => openList(c, 'interaction', params.type, query))
  route(app, api.notificationMessages, ({ params, query, c }) => openList(c, 'notification', params.type, query))
  route(app, api.markMessagesRead, async ({ body, c }) => {
    const me = (await requireUser(c, db)).id
    // a type names its source type: interaction types and notification types do not overlap
    const sourceType = body.sourceType ?? (body.type ? ((api.INTERACTION_TYPES as readonly string[]).includes(body.type) ? 'interaction' : 'notification') : undefined)
    return { unCheck: await markRead(db, me, { sourceType, type: body.type }, now()) }
  })
}

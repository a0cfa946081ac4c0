// Routes of the bell's messages (spec 000 §7; 001 §7 'Messages'), registered by server/app.ts. Thin:
// sign-in, then one service call. Reading a list marks nothing read (no GET changes state): the
// client POSTs /api/message/v2/read when it shows a group.
import * as api from '../../core/api/messages'
import type { RegisterFeature } from '../feature'
import { route } from '../http/route'
import { requireUser } from '../accounts/session'
import { markRead, messageGroups, messageList } from './messages'

export const MESSAGE_PAGE_SIZE = 20

export const registerMessages: RegisterFeature = (app, { db, clock }) => {
  const now = () => Math.floor(clock() / 1000)
  route(app, api.messageGroups, async ({ c }) => messageGroups(db, (await requireUser(c, db)).id, now()))
  route(app, api.interactionMessages, async ({ params, query, c }) =>
    messageList(db, (await requireUser(c, db)).id, 'interaction', params.type, { before: query.timestamp, count: query.count ?? MESSAGE_PAGE_SIZE }, now()),
  )
  route(app, api.notificationMessages, async ({ params, query, c }) =>
    messageList(db, (await requireUser(c, db)).id, 'notification', params.type, { before: query.timestamp, count: query.count ?? MESSAGE_PAGE_SIZE }, now()),
  )
  route(app, api.markMessagesRead, async ({ body, c }) => {
    const me = (await requireUser(c, db)).id
    // a type names its source type: interaction types and notification types do not overlap
    const sourceType = body.sourceType ?? (body.type ? ((api.INTERACTION_TYPES as readonly string[]).includes(body.type) ? 'interaction' : 'notification') : undefined)
    return { unCheck: await markRead(db, me, { sourceType, type: body.type }, now()) }
  })
}

// The messages feature's API module (spec 000 §7 'Other', 001 §7 'Messages'): the bell panel's
// groups and the message lists, from the HTTP port. Opening a list reads it on the server (issue 25),
// so the first page is followed by the spec's unread count (GET /api/user/map-unread-count), which
// goes into the session's login info: the bell says what is left at once, not after a reload.
import type { HttpPort } from '../../core/api/http-port'
import { mapUnreadCount } from '../../core/api/accounts'
import { interactionMessages, messageGroups, notificationMessages, type InteractionType, type NotificationType } from '../../core/api/messages'
import type { SessionActor } from '../common/session'
import { useApi } from '../common/use-api'
import { endpointRead, forReader, type Read } from '../common/use-read'
import type { ResultOf } from '../../core/api/endpoint'

/** Items per page of a message list (our choice). */
const PAGE = 20

export type MessageChoice = { sourceType: 'interaction'; type: InteractionType } | { sourceType: 'notification'; type: NotificationType }

/** The login info's message.unCheck (spec 000 §3), as the server now counts it; nothing for a guest. */
export function reportUnread(session: SessionActor, unCheck: number): void {
  const info = session.getSnapshot().context.info
  if (info && info.message.unCheck !== unCheck) session.send({ type: 'info.update', info: { ...info, message: { ...info.message, unCheck } } })
}

export function messagesApi(http: HttpPort) {
  const page = (choice: MessageChoice, timestamp?: number) =>
    choice.sourceType === 'interaction'
      ? http.call(interactionMessages, { params: { type: choice.type }, query: { timestamp, count: PAGE } })
      : http.call(notificationMessages, { params: { type: choice.type }, query: { timestamp, count: PAGE } })
  return {
    /** the groups; their total is the unread count the bell shows */
    groups: (session: SessionActor, userId: number | null): Read<ResultOf<typeof messageGroups>> => {
      const read = endpointRead(http, messageGroups)
      const load = async (signal: AbortSignal) => {
        const r = await read.load(signal)
        reportUnread(session, r.unCheck)
        return r
      }
      return forReader({ key: read.key, load }, userId)
    },
    /** a page of a group (older than `timestamp`); the first page reads the group, then the bell is told what is left */
    open: async (session: SessionActor, choice: MessageChoice, timestamp?: number) => {
      const r = await page(choice, timestamp)
      if (timestamp === undefined) {
        await http.call(mapUnreadCount).then(
          (u) => reportUnread(session, u.unCheck),
          () => undefined, // the list is shown all the same; the bell catches up on the next page
        )
      }
      return r
    },
  }
}
export const useMessagesApi = () => useApi(messagesApi)

// The messages feature's API module (spec 000 §7 'Other', 001 §7 'Messages'): the bell panel's
// groups and the message lists, from the HTTP port.
import type { HttpPort } from '../../core/api/http-port'
import { interactionMessages, messageGroups, notificationMessages, type InteractionType, type NotificationType } from '../../core/api/messages'
import { useApi } from '../common/use-api'

/** Items per page of a message list (our choice). */
const PAGE = 20

export function messagesApi(http: HttpPort) {
  return {
    groups: () => http.call(messageGroups),
    interaction: (type: InteractionType, timestamp?: number) => http.call(interactionMessages, { params: { type }, query: { timestamp, count: PAGE } }),
    notification: (type: NotificationType, timestamp?: number) => http.call(notificationMessages, { params: { type }, query: { timestamp, count: PAGE } }),
  }
}
export const useMessagesApi = () => useApi(messagesApi)

// The messaging port for the browser: the signature comes from our server (spec 001 §7 userSig), and
// the server says which service to use — Tencent Cloud Chat (@tencentcloud/chat, imported lazily so
// only the chat route's chunk carries it) or our local relay over WebSocket.
import type { ChatSignature, MessagingClient, MessagingPort } from '../../core/chat/messaging-port'
import { createLocalMessagingClient, type SocketLike } from './local-client'

export interface ServerSignature extends ChatSignature {
  readonly service: 'tencent' | 'local'
  /** the local relay's path on our origin ('' for Tencent) */
  readonly socketPath: string
}

/** ws:// or wss:// on the page's own origin. */
export const socketUrl = (page: { protocol: string; host: string }, path: string): string =>
  `${page.protocol === 'https:' ? 'wss' : 'ws'}://${page.host}${path}`

export function createMessagingPort(
  fetchSignature: () => Promise<ServerSignature>,
  options: { readonly onImageProgress?: (percent: number) => void } = {},
): MessagingPort {
  let last: ServerSignature | null = null
  return {
    async getSignature() {
      last = await fetchSignature()
      return last
    },
    async createClient(signature): Promise<MessagingClient> {
      if (last?.service === 'tencent') {
        const { createTencentMessagingClient } = await import('./tencent-client')
        return createTencentMessagingClient(signature, options.onImageProgress)
      }
      const url = socketUrl(location, last?.socketPath ?? '/api/chat/socket')
      return createLocalMessagingClient(url, (u): SocketLike => new WebSocket(u))
    },
  }
}

/** Both clients can join an open group (a chatroom) themselves; core's port has no such call. */
export async function joinChatroom(client: MessagingClient, groupID: string): Promise<void> {
  const joinable = client as MessagingClient & { joinGroup?: (groupID: string) => Promise<void> }
  if (typeof joinable.joinGroup !== 'function') throw new Error('messaging client cannot join groups')
  await joinable.joinGroup(groupID)
}

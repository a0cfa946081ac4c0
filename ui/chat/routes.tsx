// Routes of chat (spec 001 §2 'Chat'; see ui/route-def.ts). Pages are lazy: the chat code, and the
// Tencent Cloud Chat SDK when the server names it, load only on these routes.
import { lazy } from 'react'
import type { RouteDef } from '../route-def'

const ChatPage = lazy(() => import('./chat-page').then((m) => ({ default: m.ChatPage })))
const AddressBookPage = lazy(() => import('./address-book').then((m) => ({ default: m.AddressBookPage })))
const MessageHelperPage = lazy(() => import('./message-helper').then((m) => ({ default: m.MessageHelperPage })))

const decoded = (id: string | undefined) => {
  if (id === undefined) return undefined
  try {
    return decodeURIComponent(id)
  } catch {
    return undefined
  }
}

export const chatRoutes: RouteDef[] = [
  { path: '/chat', layout: 'default', render: () => <ChatPage /> },
  { path: '/chat/conversation', layout: 'default', render: () => <ChatPage /> },
  { path: '/chat/conversation/:id', layout: 'default', render: (p) => <ChatPage conversationId={decoded(p.id)} /> },
  { path: '/chat/address-book/:itemId?', layout: 'default', render: () => <AddressBookPage /> },
  { path: '/chat/message-helper', layout: 'default', render: () => <MessageHelperPage /> },
]

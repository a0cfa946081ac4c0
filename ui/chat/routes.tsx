// Routes of chat (spec 001 §2 'Chat'; see ui/route-def.ts). Pages are lazy: the chat code, and the
// Tencent Cloud Chat SDK when the server names it, load only on these routes.
import { lazy } from 'react'
import type { RouteDef } from '../route-def'

const ChatPage = lazy(() => import('./chat-page').then((m) => ({ default: m.ChatPage })))
const AddressBookPage = lazy(() => import('./address-book').then((m) => ({ default: m.AddressBookPage })))
const MessageHelperPage = lazy(() => import('./message-helper').then((m) => ({ default: m.MessageHelperPage })))
const ChatroomPage = lazy(() => import('./chatroom-page').then((m) => ({ default: m.ChatroomPage })))
const CircleChatroomPage = lazy(() => import('./circle-chatroom-page').then((m) => ({ default: m.CircleChatroomPage })))
const InvitationToBindPage = lazy(() => import('./guide-pages').then((m) => ({ default: m.InvitationToBindPage })))
const RemoveUserResultPage = lazy(() => import('./guide-pages').then((m) => ({ default: m.RemoveUserResultPage })))
const UserGuidancePage = lazy(() => import('./guide-pages').then((m) => ({ default: m.UserGuidancePage })))

const decoded = (id: string | undefined) => {
  if (id === undefined) return undefined
  try {
    return decodeURIComponent(id)
  } catch {
    return undefined
  }
}

export const chatRoutes: RouteDef[] = [
  { path: '/chat', layout: 'chat', render: () => <ChatPage /> },
  { path: '/chat/conversation', layout: 'chat', render: () => <ChatPage /> },
  { path: '/chat/conversation/:id', layout: 'chat', render: (p) => <ChatPage conversationId={decoded(p.id)} /> },
  { path: '/chat/address-book/:itemId?', layout: 'chat', render: () => <AddressBookPage /> },
  { path: '/chat/message-helper', layout: 'chat', render: () => <MessageHelperPage /> },
  { path: '/chat/invitation-to-bind/success', layout: 'chat', render: () => <InvitationToBindPage outcome="success" /> },
  { path: '/chat/invitation-to-bind/fail', layout: 'chat', render: () => <InvitationToBindPage outcome="fail" /> },
  { path: '/chat/invitation-to-bind', layout: 'chat', render: () => <InvitationToBindPage outcome="fail" /> },
  { path: '/chat/remove-user-result', layout: 'chat', render: () => <RemoveUserResultPage /> },
  { path: '/chat/user-guidance', layout: 'chat', render: () => <UserGuidancePage /> },
  // spec 000 §2: the default layout hides the footer on chatroom pages (ui/shell/layout.tsx isChatroomPath)
  { path: '/chatroom/:id', layout: 'default', render: (p) => <ChatroomPage id={p.id} /> },
  { path: '/chatroom', layout: 'default', render: () => <ChatroomPage /> },
  // a circle's chatroom with ?financialCircleId=, else the chief's
  { path: '/chiefChatroom', layout: 'default', render: () => <CircleChatroomPage /> },
]

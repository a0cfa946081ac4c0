// Routes of the messages feature (see ui/route-def.ts); pages are lazy-loaded.
import { lazy } from 'react'
import type { RouteDef } from '../route-def'

const MessagePage = lazy(() => import('./message-page').then((m) => ({ default: m.MessagePage })))

export const messagesRoutes: RouteDef[] = [{ path: '/message', layout: 'my', render: () => <MessagePage /> }]

// Routes of the accounts feature (see ui/route-def.ts); pages are lazy-loaded.
import { lazy } from 'react'
import type { RouteDef } from '../route-def'

const SettingPage = lazy(() => import('./my-pages').then((m) => ({ default: m.SettingPage })))
const FriendsPage = lazy(() => import('./my-pages').then((m) => ({ default: m.FriendsPage })))

export const accountsRoutes: RouteDef[] = [
  { path: '/my/setting', layout: 'my', render: () => <SettingPage /> },
  { path: '/my/follower', layout: 'my', render: () => <FriendsPage side="followers" /> },
  { path: '/my/following', layout: 'my', render: () => <FriendsPage side="followings" /> },
  // /user/{id} and its tabs are ui/user's (ui/user/routes.tsx)
  // /chiefChatroom is chat's (ui/chat/routes.tsx); it sends guests to /chiefCircle as guards.tsx describes
]

// Routes of the accounts feature (see ui/route-def.ts); pages are lazy-loaded.
import { parseRouteId } from '../../core/validation/route-id'
import { lazy } from 'react'
import type { RouteDef } from '../route-def'

const SettingPage = lazy(() => import('./my-pages').then((m) => ({ default: m.SettingPage })))
const FriendsPage = lazy(() => import('./my-pages').then((m) => ({ default: m.FriendsPage })))
const UserPage = lazy(() => import('./my-pages').then((m) => ({ default: m.UserPage })))

export const accountsRoutes: RouteDef[] = [
  { path: '/my/setting', layout: 'my', render: () => <SettingPage /> },
  { path: '/my/follower', layout: 'my', render: () => <FriendsPage side="followers" /> },
  { path: '/my/following', layout: 'my', render: () => <FriendsPage side="followings" /> },
  // /user/{id} is public: guests see the profile; follow asks them to log in
  { path: '/user/:id', layout: 'default', render: (p) => <UserPage id={parseRouteId(p.id) ?? 0} /> },
  // /chiefChatroom is chat's (ui/chat/routes.tsx); it sends guests to /chiefCircle as guards.tsx describes
]

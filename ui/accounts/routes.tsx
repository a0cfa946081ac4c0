// Routes of the accounts feature (see ui/route-def.ts); pages are lazy-loaded.
import { parseRouteId } from '../../core/validation/route-id'
import { lazy } from 'react'
import type { RouteDef } from '../route-def'
import { t } from '../i18n/i18n'
import { RedirectGuestsToCircle } from './guards'

const SettingPage = lazy(() => import('./my-pages').then((m) => ({ default: m.SettingPage })))
const FriendsPage = lazy(() => import('./my-pages').then((m) => ({ default: m.FriendsPage })))
const UserPage = lazy(() => import('./my-pages').then((m) => ({ default: m.UserPage })))
const ComingSoonPage = lazy(() => import('../common/status-pages').then((m) => ({ default: m.ComingSoonPage })))

export const accountsRoutes: RouteDef[] = [
  { path: '/my/setting', layout: 'my', render: () => <SettingPage /> },
  { path: '/my/follower', layout: 'my', render: () => <FriendsPage side="followers" /> },
  { path: '/my/following', layout: 'my', render: () => <FriendsPage side="followings" /> },
  // /user/{id} is public: guests see the profile; follow asks them to log in
  { path: '/user/:id', layout: 'default', render: (p) => <UserPage id={parseRouteId(p.id) ?? 0} /> },
  // spec 000 §2: logged-out visitors are redirected to /chiefCircle (ui/accounts/guards.tsx says where and why)
  {
    path: '/chiefChatroom',
    layout: 'default',
    render: () => (
      <RedirectGuestsToCircle>
        <ComingSoonPage name={t('nav.chiefCircle')} />
      </RedirectGuestsToCircle>
    ),
  },
]

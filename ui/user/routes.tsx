// Routes of a user's homepage (spec 000 §2 'Personal area': /user/{id?} with child {type}); pages are
// lazy-loaded. Registered after every other feature, so /user/{id}/portfolio (portfolios), /user/member
// (membership) and any other feature's /user/… page match first; another id is no user (用户不存在).
import { lazy } from 'react'
import { parseRouteId } from '../../core/validation/route-id'
import type { RouteDef } from '../route-def'

const UserHomePage = lazy(() => import('./user-page').then((m) => ({ default: m.UserHomePage })))
const ColumnApplyPage = lazy(() => import('./column-apply-page').then((m) => ({ default: m.ColumnApplyPage })))
const MyHomePage = lazy(() => import('./user-page').then((m) => ({ default: m.MyHomePage })))

const userPage = (id: string | undefined, type: string | undefined) => {
  const n = parseRouteId(id) ?? 0
  return <UserHomePage key={`${n}/${type ?? ''}`} id={n} type={type} />
}

export const userRoutes: RouteDef[] = [
  // spec 000 §7 'Author application' (no route named): in the personal area
  { path: '/my/columnApply', layout: 'my', render: () => <ColumnApplyPage /> },
  { path: '/user', layout: 'user', render: () => <MyHomePage /> },
  { path: '/user/:id', layout: 'user', render: (p) => userPage(p.id, undefined) },
  { path: '/user/:id/:type', layout: 'user', render: (p) => userPage(p.id, p.type) },
]

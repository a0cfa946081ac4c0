// The console's circle and operate pages (issue 29; spec 001 §2 circle admin circle/circle-list,
// circle/circle-list/circle-create, circle/circle-list/circle-edit/{circleId?}, circle/circle-user-admin,
// operate/rights, operate/sort, operate/sort/{id}). Pages are lazy.
import { lazy } from 'react'
import type { RouteDef } from '../../route-def'
import { idRoute } from '../id-route'

const CircleListPage = lazy(() => import('./circle-list-page').then((m) => ({ default: m.CircleListPage })))
const CircleFormPage = lazy(() => import('./circle-form-page').then((m) => ({ default: m.CircleFormPage })))
const CircleUsersPage = lazy(() => import('./circle-users-page').then((m) => ({ default: m.CircleUsersPage })))
const RightsPage = lazy(() => import('../operate/rights-page').then((m) => ({ default: m.RightsPage })))
const CircleSortPage = lazy(() => import('../operate/sort-page').then((m) => ({ default: m.CircleSortPage })))
const TagSortPage = lazy(() => import('../operate/sort-page').then((m) => ({ default: m.TagSortPage })))

const LIST = '/circle-admin/circle/circle-list'

export const circleRoutes: RouteDef[] = [
  { path: LIST, layout: 'default', render: () => <CircleListPage /> },
  { path: `${LIST}/circle-create`, layout: 'default', render: () => <CircleFormPage key="create" id={null} /> },
  // spec 001 §2: {circleId?} — without one there is nothing to edit: the list
  idRoute(`${LIST}/circle-edit/:circleId?`, 'circleId', (id) => <CircleFormPage key={id} id={id} />, LIST),
  { path: '/circle-admin/circle/circle-user-admin', layout: 'default', render: () => <CircleUsersPage /> },
  { path: '/circle-admin/operate/rights', layout: 'default', render: () => <RightsPage /> },
  { path: '/circle-admin/operate/sort', layout: 'default', render: () => <CircleSortPage /> },
  idRoute('/circle-admin/operate/sort/:id', 'id', (id) => <TagSortPage key={id} id={id} />),
]

// The console's live pages (issue 29; spec 001 §2 circle admin live/live-column-list (add, edit/{id}),
// live/live-list (add, edit/{id}, manage/{id} with its tabs), live/live-user-admin). Pages are lazy, so
// uPlot and the forms load only here.
import { lazy } from 'react'
import type { RouteDef } from '../../route-def'
import { parseRouteId } from '../../../core/validation/route-id'
import { isManageTab } from '../../../core/circle-admin/live'
import { idRoute } from '../id-route'

const LiveColumnListPage = lazy(() => import('./column-pages').then((m) => ({ default: m.LiveColumnListPage })))
const LiveColumnFormPage = lazy(() => import('./column-pages').then((m) => ({ default: m.LiveColumnFormPage })))
const LiveRoomListPage = lazy(() => import('./room-pages').then((m) => ({ default: m.LiveRoomListPage })))
const LiveRoomFormPage = lazy(() => import('./room-pages').then((m) => ({ default: m.LiveRoomFormPage })))
const LiveManagePage = lazy(() => import('./manage-page').then((m) => ({ default: m.LiveManagePage })))
const LiveViewersPage = lazy(() => import('./viewers-page').then((m) => ({ default: m.LiveViewersPage })))
const NotFoundPage = lazy(() => import('../../common/status-pages').then((m) => ({ default: m.NotFoundPage })))

const BASE = '/circle-admin/live'

export const liveRoutes: RouteDef[] = [
  { path: `${BASE}/live-column-list`, layout: 'default', render: () => <LiveColumnListPage /> },
  { path: `${BASE}/live-column-list/add`, layout: 'default', render: () => <LiveColumnFormPage id={null} /> },
  idRoute(`${BASE}/live-column-list/edit/:id`, 'id', (id) => <LiveColumnFormPage key={id} id={id} />),
  { path: `${BASE}/live-list`, layout: 'default', render: () => <LiveRoomListPage /> },
  { path: `${BASE}/live-list/add`, layout: 'default', render: () => <LiveRoomFormPage id={null} /> },
  idRoute(`${BASE}/live-list/edit/:id`, 'id', (id) => <LiveRoomFormPage key={id} id={id} />),
  {
    // spec 001 §2: manage/{id?} with tabs basicInfo, commentManage, dataAnalysis, playbackSet, startSet, userManage
    path: `${BASE}/live-list/manage/:id/:tab?`,
    layout: 'default',
    render: (p) => {
      const id = parseRouteId(p.id)
      const tab = p.tab ?? 'basicInfo'
      return id === null || !isManageTab(tab) ? <NotFoundPage /> : <LiveManagePage key={id} id={id} tab={tab} />
    },
  },
  { path: `${BASE}/live-user-admin`, layout: 'default', render: () => <LiveViewersPage /> },
]

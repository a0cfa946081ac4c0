// The console's community pages (issue 29; spec 001 §2 community-admin/community-list (community-create,
// community-edit/{momentId?}), community-summary, user-admin, community-detail/{momentId?} with its tabs,
// qa with qa-answered and qa-unanswered). Pages are lazy, so uPlot and the forms load only here.
import { lazy } from 'react'
import type { RouteDef } from '../../route-def'
import { parseRouteId } from '../../../core/validation/route-id'
import { isDetailTab, isQaTab } from '../../../core/circle-admin/communities'
import { idRoute } from '../id-route'

const CommunityListPage = lazy(() => import('./list-pages').then((m) => ({ default: m.CommunityListPage })))
const CommunityFormPage = lazy(() => import('./list-pages').then((m) => ({ default: m.CommunityFormPage })))
const CommunitySummaryPage = lazy(() => import('./summary-page').then((m) => ({ default: m.CommunitySummaryPage })))
const CommunityUsersPage = lazy(() => import('./summary-page').then((m) => ({ default: m.CommunityUsersPage })))
const CommunityDetailPage = lazy(() => import('./detail-page').then((m) => ({ default: m.CommunityDetailPage })))
const NotFoundPage = lazy(() => import('../../common/status-pages').then((m) => ({ default: m.NotFoundPage })))

const BASE = '/circle-admin/community-admin'

export const communityRoutes: RouteDef[] = [
  { path: `${BASE}/community-list`, layout: 'default', render: () => <CommunityListPage /> },
  { path: `${BASE}/community-list/community-create`, layout: 'default', render: () => <CommunityFormPage momentId={null} /> },
  idRoute(`${BASE}/community-list/community-edit/:momentId`, 'momentId', (id) => <CommunityFormPage key={id} momentId={id} />),
  { path: `${BASE}/community-summary`, layout: 'default', render: () => <CommunitySummaryPage /> },
  { path: `${BASE}/user-admin`, layout: 'default', render: () => <CommunityUsersPage /> },
  {
    // spec 001 §2: community-detail/{momentId?} with tabs …, qa (qa-answered, qa-unanswered)
    path: `${BASE}/community-detail/:momentId/:tab?/:sub?`,
    layout: 'default',
    render: (p) => {
      const id = parseRouteId(p.momentId)
      const tab = p.tab ?? 'detail'
      const sub = p.sub ?? 'qa-unanswered'
      if (id === null || !isDetailTab(tab) || !isQaTab(sub) || (p.sub !== undefined && tab !== 'qa')) return <NotFoundPage />
      return <CommunityDetailPage key={id} momentId={id} tab={tab} sub={sub} />
    },
  },
]

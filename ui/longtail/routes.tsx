// Routes of the long tail (spec 000 §2 'Content routes' and 'Activity pages'; see ui/route-def.ts).
// The activity pages take the activity layout; pages are lazy.
import { lazy } from 'react'
import { CONTEST_ACTIVITY, FIXED_ACTIVITIES } from '../../core/longtail/activities'
import type { RouteDef } from '../route-def'

const ActivityPage = lazy(() => import('./activity-pages').then((m) => ({ default: m.ActivityPage })))
const KefuPage = lazy(() => import('./activity-pages').then((m) => ({ default: m.KefuPage })))
const AppUpdatePage = lazy(() => import('./info-pages').then((m) => ({ default: m.AppUpdatePage })))
const RecruitPage = lazy(() => import('./info-pages').then((m) => ({ default: m.RecruitPage })))
const HuiluyanPage = lazy(() => import('./info-pages').then((m) => ({ default: m.HuiluyanPage })))
const EtfSubjectPage = lazy(() => import('./info-pages').then((m) => ({ default: m.EtfSubjectPage })))
const FundWatchlistPage = lazy(() => import('./info-pages').then((m) => ({ default: m.FundWatchlistPage })))

export const longtailRoutes: RouteDef[] = [
  ...FIXED_ACTIVITIES.map((id): RouteDef => ({ path: `/activity/${id}`, layout: 'activity', render: () => <ActivityPage id={id} /> })),
  { path: `/activity/${CONTEST_ACTIVITY}/:id?`, layout: 'activity', render: (p) => <ActivityPage id={CONTEST_ACTIVITY} portfolioId={p.id} /> },
  { path: '/activity/kefu/:id?', layout: 'activity', render: (p) => <KefuPage id={p.id} /> },
  { path: '/app-update', layout: 'activity', render: () => <AppUpdatePage /> },
  { path: '/recruit', layout: 'default', render: () => <RecruitPage /> },
  { path: '/huiluyan/index', layout: 'default', render: () => <HuiluyanPage /> },
  { path: '/fundHomeV2/etfSubject', layout: 'default', render: () => <EtfSubjectPage /> },
  { path: '/fundHomeV2/watchlist', layout: 'default', render: () => <FundWatchlistPage /> },
]

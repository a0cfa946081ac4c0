// Routes of the reading 'community' part (hot posts, topics, tags, recommended users, trade headlines and official posts); pages lazy-loaded.
import { parseRouteId } from '../../../core/validation/route-id'
import { lazy } from 'react'
import type { RouteDef } from '../../route-def'

const HotpostPage = lazy(() => import('./hotpost-page').then((m) => ({ default: m.HotpostPage })))
const PopularTopicsPage = lazy(() => import('./topics-pages').then((m) => ({ default: m.PopularTopicsPage })))
const TopicPage = lazy(() => import('./topics-pages').then((m) => ({ default: m.TopicPage })))
const RecommendUsersPage = lazy(() => import('./recommend-users-page').then((m) => ({ default: m.RecommendUsersPage })))
const TagsPage = lazy(() => import('./tags-page').then((m) => ({ default: m.TagsPage })))
const TradeHeadlinesPage = lazy(() => import('./headlines-pages').then((m) => ({ default: m.TradeHeadlinesPage })))
const OfficialPage = lazy(() => import('./headlines-pages').then((m) => ({ default: m.OfficialPage })))

const idOf = (s: string | undefined) => parseRouteId(s) ?? 0
const decoded = (s: string | undefined) => {
  if (!s) return undefined
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

export const readingCommunityRoutes: RouteDef[] = [
  { path: '/hotpost', layout: 'default', render: () => <HotpostPage /> },
  { path: '/hotpost/:type', layout: 'default', render: (p) => <HotpostPage type={p.type} /> },
  { path: '/topics/popular', layout: 'default', render: () => <PopularTopicsPage /> },
  { path: '/community/topics/:id', layout: 'default', render: (p) => <TopicPage id={idOf(p.id)} /> },
  { path: '/recommend-users', layout: 'default', render: () => <RecommendUsersPage /> },
  { path: '/tags', layout: 'default', render: () => <TagsPage /> },
  { path: '/tags/:type', layout: 'default', render: (p) => <TagsPage tag={decoded(p.type)} /> },
  { path: '/tradeHeadlines', layout: 'default', render: () => <TradeHeadlinesPage /> },
  { path: '/official', layout: 'default', render: () => <OfficialPage /> },
]

// Routes of the financial circles (spec 001 §2 'Financial circles (member circle)'; issue 27; see
// ui/route-def.ts). Pages are lazy; /chiefChatroom (a circle's chatroom) is ui/chat's.
import { lazy } from 'react'
import type { RouteDef } from '../route-def'
import { parseRouteId } from '../../core/validation/route-id'
import { QUESTION_TABS, RECOMMENDATION_TABS, type QuestionTab, type RecommendationTab } from './tabs'

const idOf = (s: string | undefined) => parseRouteId(s) ?? 0

const CircleHomePage = lazy(() => import('./circle-home-page').then((m) => ({ default: m.CircleHomePage })))
const RecommendationPage = lazy(() => import('./recommendation-page').then((m) => ({ default: m.RecommendationPage })))
const CircleSearchPage = lazy(() => import('./search-page').then((m) => ({ default: m.CircleSearchPage })))
const CircleDetailPage = lazy(() => import('./detail-page').then((m) => ({ default: m.CircleDetailPage })))
const GuidePage = lazy(() => import('./guide-page').then((m) => ({ default: m.GuidePage })))
const ScheduleLivePage = lazy(() => import('./schedule-live-page').then((m) => ({ default: m.ScheduleLivePage })))
const CircleCommentPage = lazy(() => import('./comment-page').then((m) => ({ default: m.CircleCommentPage })))
const ViolationPage = lazy(() => import('./violation-page').then((m) => ({ default: m.ViolationPage })))
const QuestionPage = lazy(() => import('./question-page').then((m) => ({ default: m.QuestionPage })))
const NotFoundPage = lazy(() => import('../common/status-pages').then((m) => ({ default: m.NotFoundPage })))

const recommendationTab = (s: string | undefined): RecommendationTab | null =>
  s === undefined ? 'financial-circles' : (RECOMMENDATION_TABS as readonly string[]).includes(s) ? (s as RecommendationTab) : null
const questionTab = (s: string | undefined): QuestionTab | null =>
  s === undefined ? 'unanswered' : (QUESTION_TABS as readonly string[]).includes(s) ? (s as QuestionTab) : null

export const circlesRoutes: RouteDef[] = [
  { path: '/chiefCircle', layout: 'default', render: () => <CircleHomePage /> },
  {
    path: '/chiefCircle/recommendation/:tab?',
    layout: 'default',
    render: (p) => {
      const tab = recommendationTab(p.tab)
      return tab ? <RecommendationPage tab={tab} /> : <NotFoundPage />
    },
  },
  { path: '/chiefCircle/search', layout: 'default', render: () => <CircleSearchPage /> },
  { path: '/chiefCircle/detail/:id', layout: 'default', render: (p) => <CircleDetailPage key={p.id} id={idOf(p.id)} /> },
  { path: '/chiefCircle/guide/:id', layout: 'default', render: (p) => <GuidePage key={p.id} id={idOf(p.id)} /> },
  { path: '/chiefCircle/schedule-live/:id', layout: 'default', render: (p) => <ScheduleLivePage key={p.id} id={idOf(p.id)} /> },
  // spec 001 §2: {type} is an optional tab
  { path: '/chiefCircle/comment/:id/:type?', layout: 'default', render: (p) => <CircleCommentPage key={p.id} id={idOf(p.id)} /> },
  {
    path: '/chiefCircle/question/:id/:type?',
    layout: 'default',
    render: (p) => {
      const tab = questionTab(p.type)
      return tab ? <QuestionPage key={p.id} id={idOf(p.id)} tab={tab} /> : <NotFoundPage />
    },
  },
  // spec 001 §7 GET /api/violation/{id}/v1: why the reader's content was taken down (the notice links here)
  { path: '/violation/:id', layout: 'default', render: (p) => <ViolationPage key={p.id} id={idOf(p.id)} /> },
]

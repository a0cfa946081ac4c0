// Routes of the reading 'docs' part (deep reports, named documents and agreements, news pages and the home extras); pages lazy-loaded.
import { parseRouteId } from '../../../core/validation/route-id'
import { lazy } from 'react'
import type { RouteDef } from '../../route-def'
import { DOCUMENT_NAMES } from '../../../core/reading/docs/document-names'

const TermsPage = lazy(() => import('./terms-page').then((m) => ({ default: m.TermsPage })))
const DepthRssPage = lazy(() => import('./depth-rss-page').then((m) => ({ default: m.DepthRssPage })))
const RssDetailPage = lazy(() => import('./rss-detail-page').then((m) => ({ default: m.RssDetailPage })))
const NewsPage = lazy(() => import('./news-page').then((m) => ({ default: m.NewsPage })))
const NotFoundPage = lazy(() => import('../../common/status-pages').then((m) => ({ default: m.NotFoundPage })))

const idOf = (s: string | undefined) => parseRouteId(s) ?? NaN

export const readingDocsRoutes: RouteDef[] = [
  // spec 000 §2: /terms/{page?}; without a page, the user agreement
  { path: '/terms/:page?', layout: 'protocol', render: (p) => <TermsPage page={p.page ?? DOCUMENT_NAMES.userAgreement} /> },
  { path: '/depthRss', layout: 'default', render: () => <DepthRssPage /> },
  {
    path: '/rss-detail/:id?',
    layout: 'details',
    render: (p) => (Number.isFinite(idOf(p.id)) ? <RssDetailPage id={idOf(p.id)} /> : <NotFoundPage />),
  },
  // spec 000 §2: /news/page/{id?}; without an id, page 1
  {
    path: '/news/page/:id?',
    layout: 'default',
    render: (p) => (p.id === undefined || Number.isFinite(idOf(p.id)) ? <NewsPage page={p.id === undefined ? 1 : idOf(p.id)} /> : <NotFoundPage />),
  },
]

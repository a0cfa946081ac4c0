// Routes of portfolios (spec 001 §2 'Portfolios'; spec 000 §2 'My portfolio'); pages are lazy-loaded, so
// uPlot and the portfolio code load only on these pages. Editing needs login (the server refuses a guest).
import { lazy } from 'react'
import { parseRouteId } from '../../core/validation/route-id'
import type { RouteDef } from '../route-def'

const PortfolioPage = lazy(() => import('./portfolio-page').then((m) => ({ default: m.PortfolioPage })))
const FollowersPage = lazy(() => import('./portfolio-page').then((m) => ({ default: m.FollowersPage })))
const EditPortfolioPage = lazy(() => import('./edit-page').then((m) => ({ default: m.EditPortfolioPage })))
const UserPortfoliosPage = lazy(() => import('./other-pages').then((m) => ({ default: m.UserPortfoliosPage })))
const RevenuePage = lazy(() => import('./other-pages').then((m) => ({ default: m.RevenuePage })))
const IntroPage = lazy(() => import('./other-pages').then((m) => ({ default: m.IntroPage })))

/** A portfolio code in a path: its id (1–9 digits); anything else is no portfolio ('0' answers 404 组合不存在). */
const codeOf = (s: string | undefined) => (s && /^[1-9][0-9]{0,8}$/.test(s) ? s : null)

export const portfolioRoutes: RouteDef[] = [
  { path: '/portfolio/create', layout: 'default', render: () => <EditPortfolioPage key="create" mode="create" code={null} /> },
  { path: '/portfolio/create/:type/:portfolioCode?', layout: 'default', render: (p) => <EditPortfolioPage key={`copy ${p.portfolioCode}`} mode="create" code={codeOf(p.portfolioCode)} /> },
  { path: '/portfolio/edit/:type/:portfolioCode', layout: 'default', render: (p) => <EditPortfolioPage key={`edit ${p.portfolioCode}`} mode="edit" code={codeOf(p.portfolioCode) ?? '0'} /> },
  { path: '/portfolio/:id/follow', layout: 'default', render: (p) => <FollowersPage code={codeOf(p.id) ?? '0'} /> },
  { path: '/portfolio/:id/revenue-analysis', layout: 'default', render: (p) => <RevenuePage code={codeOf(p.id) ?? '0'} /> },
  { path: '/portfolio/:id', layout: 'default', render: (p) => <PortfolioPage key={p.id} code={codeOf(p.id) ?? '0'} /> },
  { path: '/intro/portfolio', layout: 'default', render: () => <IntroPage /> },
  { path: '/user/:userId/portfolio', layout: 'default', render: (p) => <UserPortfoliosPage key={p.userId} userId={parseRouteId(p.userId) ?? 0} /> },
]

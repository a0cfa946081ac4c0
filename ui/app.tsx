// Routes (spec 000 §2 'Content routes'), their layouts, code splitting and scroll reset.
import { parseRouteId } from '../core/validation/route-id'
import { liveRouteKind } from '../core/live/route-kind'
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react'
import { matchRoute, Route, Switch, useLocation, useRouter, type Parser } from 'wouter'
import { parse as parsePattern } from 'regexparam'
import { Layout, type LayoutName } from './shell/layout'
import { ErrorBoundary } from './shell/error-boundary'
import { HomePage } from './pages/home-page'
import { HomeExtrasSlot } from './reading/docs/home-extras-slot'
import { Loading } from './common/status'
import { ErrorPage } from './pages/error-page'
import { accountsRoutes } from './accounts/routes'
import { readingRoutes } from './reading/routes'
import { marketRoutes } from './market/routes'
import { postingRoutes } from './posting/routes'
import { membershipRoutes } from './membership/routes'
import { OrderRoot } from './membership/order/order-root'
import { chatRoutes } from './chat/routes'
import { messagesRoutes } from './messages/routes'
import { portfolioRoutes } from './portfolio/routes'
import { userRoutes } from './user/routes'
import { longtailRoutes } from './longtail/routes'
import { wecomRoutes } from './wecom/routes'
import { circlesRoutes } from './circles/routes'
import { circleAdminRoutes } from './circle-admin/routes'
import { certificationRoutes } from './certification/routes'
import { CommentSlotsProvider } from './common/comment-slots'
import { postingCommentSlots } from './posting/comment-slots'
import type { RouteDef } from './route-def'

const FEATURE_ROUTES: RouteDef[] = [...circlesRoutes, ...circleAdminRoutes, ...membershipRoutes, ...portfolioRoutes, ...accountsRoutes, ...readingRoutes, ...marketRoutes, ...postingRoutes, ...chatRoutes, ...messagesRoutes, ...userRoutes, ...longtailRoutes, ...wecomRoutes, ...certificationRoutes]
import { useServices } from './services'
import { ForgetFirstScreen } from './common/first-screen'
import { t, type TranslationKey } from './i18n/i18n'

// Home is in the entry chunk (it is the landing page); every other page loads on demand.
const NewsListPage = lazy(() => import('./pages/news-list-page').then((m) => ({ default: m.NewsListPage })))
const NewsDetailPage = lazy(() => import('./pages/news-detail-page').then((m) => ({ default: m.NewsDetailPage })))
const LiveListPage = lazy(() => import('./pages/live-list-page').then((m) => ({ default: m.LiveListPage })))
const LiveDetailPage = lazy(() => import('./pages/live-detail-page').then((m) => ({ default: m.LiveDetailPage })))
const LiveRoomPage = lazy(() => import('./live/live-room-page').then((m) => ({ default: m.LiveRoomPage })))
const NotFoundPage = lazy(() => import('./common/status-pages').then((m) => ({ default: m.NotFoundPage })))
const ComingSoonPage = lazy(() => import('./common/status-pages').then((m) => ({ default: m.ComingSoonPage })))

function ScrollToTop() {
  const [location] = useLocation()
  // spec 000 §2: scroll resets to the top on every navigation
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [location])
  return null
}

/** A page inside the shared layout; the layout itself stays mounted across navigations. */
function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>
}

// Which layout a path takes (spec 000 §2 'Layouts'), first match wins; default otherwise. The
// header lives in the layout, so keeping one layout mounted keeps the header's state (search box,
// session) across navigations.
const LAYOUTS: [string, LayoutName][] = [
  ...FEATURE_ROUTES.map((r): [string, LayoutName] => [r.path, r.layout]),
  ['/news/:id', 'details'],
  ['/live/:id', 'details'],
  ['/my/*?', 'my'],
]

function layoutOf(parser: Parser, path: string): LayoutName {
  for (const [pattern, layout] of LAYOUTS) if (matchRoute(parser, pattern, path)[0]) return layout
  return 'default'
}

const idOf = (s: string | undefined) => parseRouteId(s) ?? NaN

// Routes of the spec whose capability comes with a later issue: an honest placeholder, not a 404.
const SOON: { path: string; name: TranslationKey }[] = [
  { path: '/hotpost/:type?', name: 'nav.hotpost' },
  { path: '/depthRss', name: 'nav.depthRss' },
  { path: '/subject/:id?', name: 'nav.subject' },
  { path: '/column/*?', name: 'nav.column' },
  { path: '/market/*?', name: 'nav.market' },
  { path: '/stock/:id?', name: 'nav.market' },
  { path: '/search', name: 'header.searchButton' },
  { path: '/community/*?', name: 'nav.hotpost' },
  { path: '/terms/:page?', name: 'footer.terms' },
  { path: '/tags/:type?', name: 'common.tags' },
  { path: '/hotspot/:id', name: 'nav.subject' },
  { path: '/topics/popular', name: 'nav.hotpost' },
  { path: '/recommend-users', name: 'nav.hotpost' },
  { path: '/tradeHeadlines', name: 'nav.news' },
  { path: '/official', name: 'nav.news' },
  { path: '/rss-detail/:id?', name: 'nav.depthRss' },
  { path: '/myStock', name: 'nav.market' },
  { path: '/myHome/*?', name: 'header.avatar' },
  // the personal pages of later issues (coupon, purchase, stock); posting and accounts take theirs above
  { path: '/my/*?', name: 'header.avatar' },
]

/**
 * Every path pattern the client draws a page for (the 404 page aside): the server answers other paths
 * with 404 (issue 23), from the built server entry (ui/server-entry.tsx). /dev/machines is not a page of
 * the app: ui/main.tsx draws it when the dev tools are on (ui/dev/inspector.ts), and the server answers it
 * only in local mode on loopback.
 */
export const PAGE_PATTERNS: readonly string[] = [
  ...FEATURE_ROUTES.map((r) => r.path),
  ...['/', '/tag/:type', '/news', '/news/:id', '/live', '/live/:id', '/system-error'],
  ...SOON.map((s) => s.path),
]
/** Whether the client has a page for a path (wouter's own matching, with its default parser regexparam). */
export const isKnownPage = (path: string): boolean => PAGE_PATTERNS.some((pattern) => matchRoute(parsePattern, pattern, path)[0])

export function App() {
  const services = useServices()
  const [location] = useLocation()
  const { parser } = useRouter()
  return (
    <ErrorBoundary store={services.store} reload={services.reload} now={services.now} resetKey={location}>
      <ScrollToTop />
      <ForgetFirstScreen />
      <OrderRoot>
      <Layout name={layoutOf(parser, location)} path={location}>
      <CommentSlotsProvider value={postingCommentSlots}>
      <Switch>
        {/* feature routes first: a feature may take over a placeholder */}
        {FEATURE_ROUTES.map((r) => (
          <Route key={r.path} path={r.path}>
            {(params) => <Page>{r.render(params as Record<string, string | undefined>)}</Page>}
          </Route>
        ))}
        <Route path="/">
          <Page>
            <HomePage extras={<HomeExtrasSlot />} />
          </Page>
        </Route>
        <Route path="/tag/:type">
          {(p) => (
            <Page>
              <HomePage type={p.type} extras={<HomeExtrasSlot />} />
            </Page>
          )}
        </Route>
        <Route path="/news">
          <Page>
            <NewsListPage />
          </Page>
        </Route>
        <Route path="/news/:id">
          {(p) => <Page>{Number.isFinite(idOf(p.id)) ? <NewsDetailPage id={idOf(p.id)} /> : <NotFoundPage />}</Page>}
        </Route>
        <Route path="/live">
          <Page>
            <LiveListPage />
          </Page>
        </Route>
        {/* spec 000's news flash and spec 001's live room share /live/{id}: core/live/limits.ts tells them apart */}
        <Route path="/live/:id">
          {(p) => {
            const id = idOf(p.id)
            if (!Number.isFinite(id)) return <Page><NotFoundPage /></Page>
            return <Page>{liveRouteKind(id) === 'room' ? <LiveRoomPage key={id} id={id} /> : <LiveDetailPage id={id} />}</Page>
          }}
        </Route>
        <Route path="/system-error">
          <Page>
            <ErrorPage error={null} onRefresh={services.reload} />
          </Page>
        </Route>
        {SOON.map((s) => (
          <Route key={s.path} path={s.path}>
            <Page>
              <ComingSoonPage name={t(s.name)} />
            </Page>
          </Route>
        ))}
        <Route>
          <Page>
            <NotFoundPage />
          </Page>
        </Route>
      </Switch>
      </CommentSlotsProvider>
      </Layout>
      </OrderRoot>
    </ErrorBoundary>
  )
}

export type { ComponentType }

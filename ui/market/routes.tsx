// Routes of the market feature (see ui/route-def.ts); pages are lazy-loaded, so uPlot and the chart code
// load only on the market and stock pages.
import { lazy } from 'react'
import type { RouteDef } from '../route-def'

const MarketPage = lazy(() => import('./market-page').then((m) => ({ default: m.MarketPage })))
const HotRangePage = lazy(() => import('./range-pages').then((m) => ({ default: m.HotRangePage })))
const MarketRangePage = lazy(() => import('./range-pages').then((m) => ({ default: m.MarketRangePage })))
const RangeDetailPage = lazy(() => import('./range-pages').then((m) => ({ default: m.RangeDetailPage })))
const StockPage = lazy(() => import('./stock-page').then((m) => ({ default: m.StockPage })))
const WatchlistPage = lazy(() => import('./watchlist-page').then((m) => ({ default: m.WatchlistPage })))

export const marketRoutes: RouteDef[] = [
  { path: '/market', layout: 'default', render: () => <MarketPage /> },
  { path: '/market/hotRange/:type?', layout: 'default', render: (p) => <HotRangePage type={p.type} /> },
  { path: '/market/marketRange/:type?', layout: 'default', render: (p) => <MarketRangePage type={p.type} /> },
  { path: '/market/:id', layout: 'default', render: (p) => <RangeDetailPage id={p.id ?? ''} /> },
  { path: '/stock/:id?', layout: 'default', render: (p) => <StockPage id={p.id} /> },
  { path: '/myStock', layout: 'default', render: () => <WatchlistPage /> },
  { path: '/my/stock', layout: 'my', render: () => <WatchlistPage /> },
]

// The console's data pages (issue 29; spec 001 §2 circle admin data/order, data/order/{type}, data/sale,
// data/user). Pages are lazy, so uPlot loads only here; an unknown goods type is the 404 page.
import { lazy } from 'react'
import type { RouteDef } from '../../route-def'
import { isGoodsType } from '../../../core/order/goods-types'

const DataOrderPage = lazy(() => import('./order-page').then((m) => ({ default: m.DataOrderPage })))
const DataSalePage = lazy(() => import('./sale-page').then((m) => ({ default: m.DataSalePage })))
const DataUserPage = lazy(() => import('./user-page').then((m) => ({ default: m.DataUserPage })))
const NotFoundPage = lazy(() => import('../../common/status-pages').then((m) => ({ default: m.NotFoundPage })))

const BASE = '/circle-admin/data'

export const dataRoutes: RouteDef[] = [
  { path: `${BASE}/order`, layout: 'default', render: () => <DataOrderPage type={undefined} /> },
  {
    // spec 001 §3 'Order goods by type': article, column, vip, permanent, singleVideo, pack, financialCircle
    path: `${BASE}/order/:type`,
    layout: 'default',
    render: (p) => (isGoodsType(p.type) ? <DataOrderPage key={p.type} type={p.type} /> : <NotFoundPage />),
  },
  { path: `${BASE}/sale`, layout: 'default', render: () => <DataSalePage /> },
  { path: `${BASE}/user`, layout: 'default', render: () => <DataUserPage /> },
]

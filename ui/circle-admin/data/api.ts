// The console's data pages' API module (design.md 'App state and the API layer'; issue 29): the reads for
// the one read helper, the writes, and the CSV addresses (a download link: the session cookie goes with
// it, and a GET needs no CSRF token), from core/api/circle-admin-data.ts. The circle filter's choices are
// the console's circle list (core/api/circle-admin-circles.ts). Views take it through useDataAdminApi().
import type { HttpPort } from '../../../core/api/http-port'
import { buildPath, buildQuery, type Endpoint } from '../../../core/api/endpoint'
import type { GoodsType } from '../../../core/api/order'
import {
  adminMembersCsv,
  adminMemberStats,
  adminOrderDelivery,
  adminOrderRefund,
  adminOrders,
  adminOrdersCsv,
  adminSales,
} from '../../../core/api/circle-admin-data'
import { adminCircleList } from '../../../core/api/circle-admin-circles'
import type { DeliveryStatus, DeliveryTarget } from '../../../core/circle-admin/delivery'
import { ORDER_PAGE_COUNT } from '../../../core/circle-admin/data'
import { useApi } from '../../common/use-api'
import { endpointRead } from '../../common/use-read'

export interface OrderFilters {
  readonly circleId?: number | undefined
  readonly type?: GoodsType | undefined
  readonly status?: DeliveryStatus | undefined
  readonly keyword?: string | undefined
  readonly from?: string | undefined
  readonly to?: string | undefined
}

export interface PeriodFilters {
  readonly circleId?: number | undefined
  readonly period: number
}

/** What invalidate() takes after a write: every read of the console's data calls. */
export const DATA_ADMIN_READS = 'circleAdmin.data'

const clean = (f: OrderFilters) => ({ ...f, keyword: f.keyword?.trim() || undefined })

/** A GET's address with its query (undefined fields left out): the CSV links. */
export const csvHref = (endpoint: Endpoint, query: Record<string, string | number | undefined>): string => buildPath(endpoint.path, {}) + buildQuery(query)

export function dataAdminApi(http: HttpPort) {
  return {
    /** every circle the reader runs (the filters' choice) */
    circles: () => endpointRead(http, adminCircleList, { query: { page: 1, count: 100 } }),
    orders: (page: number, f: OrderFilters) => endpointRead(http, adminOrders, { query: { ...clean(f), page, count: ORDER_PAGE_COUNT } }),
    ordersCsv: (f: OrderFilters) => csvHref(adminOrdersCsv, clean(f)),
    refund: (orderId: string) => http.call(adminOrderRefund, { params: { orderId }, body: {} }),
    move: (orderId: string, deliveryStatus: DeliveryTarget) => http.call(adminOrderDelivery, { params: { orderId }, body: { deliveryStatus } }),
    sales: (f: PeriodFilters) => endpointRead(http, adminSales, { query: { circleId: f.circleId, period: f.period } }),
    members: (f: PeriodFilters) => endpointRead(http, adminMemberStats, { query: { circleId: f.circleId, period: f.period } }),
    membersCsv: (circleId: number | undefined) => csvHref(adminMembersCsv, { circleId }),
  }
}

export type DataAdminApi = ReturnType<typeof dataAdminApi>
export const useDataAdminApi = (): DataAdminApi => useApi(dataAdminApi)

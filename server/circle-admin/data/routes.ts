// Routes of the circle-admin console's data (issue 29; core/api/circle-admin-data.ts), registered by
// server/app.ts. Thin: the caller, then one service call; the console's guard and the delivery machine
// are asked in service.ts. No SQL here. A write asks who writes first (a guest hears 401 请先登录).
import type { Context } from 'hono'
import * as api from '../../../core/api/circle-admin-data'
import type { RegisterFeature } from '../../feature'
import { messageFor, route } from '../../http/route'
import { currentUser, requireUser } from '../../accounts/session'
import { orderContextOf } from '../../membership/routes'
import * as svc from './service'

/** A CSV download: the reader's script, and a file name the browser saves it under. */
function asCsv(c: Context, lang: Parameters<typeof messageFor>[0], name: string, text: string): string {
  c.header('Content-Disposition', `attachment; filename="${name}.csv"`)
  c.header('Cache-Control', 'no-store')
  return messageFor(lang, text)
}

export const registerCircleAdminData: RegisterFeature = (app, { db, clock }) => {
  const ctx: svc.DataCtx = { db, now: clock, orderCtx: () => orderContextOf(db) }
  const reader = async (c: Context) => (await currentUser(c, db))?.id ?? null
  const writer = async (c: Context) => (await requireUser(c, db)).id

  route(app, api.adminOrders, async ({ query, c }) => svc.orderPage(ctx, await reader(c), query))
  route(app, api.adminOrdersCsv, async ({ query, lang, c }) => asCsv(c, lang, 'orders', await svc.ordersCsv(ctx, await reader(c), query)))
  route(app, api.adminOrderRefund, async ({ params, body, c }) => svc.refundOrder(ctx, await writer(c), params.orderId, body.reason))
  route(app, api.adminOrderDelivery, async ({ params, body, c }) => svc.moveDelivery(ctx, await writer(c), params.orderId, body.deliveryStatus))
  route(app, api.adminSales, async ({ query, c }) => svc.sales(ctx, await reader(c), query))
  route(app, api.adminMemberStats, async ({ query, c }) => svc.memberStats(ctx, await reader(c), query))
  route(app, api.adminMembersCsv, async ({ query, lang, c }) => asCsv(c, lang, 'members', await svc.membersCsv(ctx, await reader(c), query)))
}

// The circle-admin console's data (issue 29; spec 001 §2 'data/order, data/order/{type}, data/sale,
// data/user'; §3 'Order goods by type' article, column, vip, permanent, singleVideo, pack,
// financialCircle, and 'Order delivery statuses' IN_PROCESS, IN_DELIVERY, DELIVERED, REFUNDED, DELETE).
// The spec names the routes, not the calls: these are ours, in the spec's style (`/api/circle-admin/...`,
// the same envelope, numbered pages). Every call answers only about the circles the caller owns or
// administers (core/circle-admin/access.ts; server/circle-admin/guard.ts): with `circleId`, that circle
// (请先登录再进行操作！ to a guest, 无权管理该圈子 to anyone else); without, all of them. A refund is the
// owner's alone (仅圈主可以操作). Dates are calendar days in UTC+8 (core/circle-admin/data.ts).
import * as Schema from 'effect/Schema'
import { get, post, put } from './endpoint'
import { IdFromString, Seconds, Text, isWithoutNul } from './common'
import { Page, PageQuery } from './page'
import { GoodsType } from './order'
import { DELIVERY_STATUSES, DELIVERY_TARGETS } from '../circle-admin/delivery'
import { REFUND_REASON_MAX, SEARCH_KEYWORD_MAX } from '../circle-admin/data'

export const DeliveryStatus = Schema.Literals(DELIVERY_STATUSES)
/** The console's part in the order's circle (core/circle-admin/access.ts ConsoleRole): only the owner refunds. */
export const DataRole = Schema.Literals(['owner', 'admin'])
/** How the member paid (spec 001 §3 paymethod: wechat or gurucoin). */
export const PayMethod = Schema.Literals(['wechat', 'gurucoin'])

/** A 'YYYY-MM-DD' day (UTC+8); a date that is no calendar day is refused by the server with 日期格式应为 YYYY-MM-DD. */
export const DayString = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/))

/** A paid order of one of the caller's circles. */
export const AdminOrder = Schema.Struct({
  orderId: Schema.String,
  circleId: Schema.Number,
  circleName: Schema.String,
  /** spec 001 §3 'Order goods by type' */
  goodsType: GoodsType,
  goodsName: Schema.String,
  buyer: Schema.Struct({ id: Schema.Number, nick: Schema.String, avatar: Schema.String }),
  /** cents */
  amount: Schema.Number,
  payMethod: PayMethod,
  payTimestamp: Seconds,
  deliveryStatus: DeliveryStatus,
  /** when the money went back (seconds), null while paid */
  refundTimestamp: Schema.NullOr(Seconds),
  /** the caller's part in the order's circle */
  role: DataRole,
})
export type AdminOrder = typeof AdminOrder.Type

/** The filters of the order list and its CSV export. */
const OrderFilters = {
  /** one circle of the caller's; all of them when absent */
  circleId: Schema.optional(IdFromString),
  /** data/order/{type}: one goods type */
  type: Schema.optional(GoodsType),
  status: Schema.optional(DeliveryStatus),
  /** order number, buyer's nick or goods name (substring) */
  keyword: Schema.optional(Schema.String.check(Schema.isMaxLength(SEARCH_KEYWORD_MAX), isWithoutNul)),
  /** paid on or after this day */
  from: Schema.optional(DayString),
  /** paid on or before this day */
  to: Schema.optional(DayString),
}

export const adminOrders = get('circleAdmin.data.orders', '/api/circle-admin/data/order/v1', {
  query: Schema.Struct({ ...OrderFilters, ...PageQuery.fields }),
  result: Page(AdminOrder),
})

/** The same list as CSV (UTF-8 with a byte-order mark, so spreadsheet programs read the Chinese), newest first. */
export const adminOrdersCsv = get('circleAdmin.data.ordersCsv', '/api/circle-admin/data/order/export/v1', {
  query: Schema.Struct(OrderFilters),
  responseKind: 'text',
  result: Schema.String,
})

const OrderPath = Schema.Struct({ orderId: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(40), isWithoutNul) })

/**
 * The owner refunds a paid order: the money goes back the way it came (WeChat Pay, or gurucoin to the
 * member's balance) exactly once, the member's access to the circle ends at once, and the order reads
 * REFUNDED here and in the member's /my/purchase. Asking again answers the refunded order.
 */
export const adminOrderRefund = post('circleAdmin.data.orderRefund', '/api/circle-admin/data/order/{orderId}/refund/v1', {
  params: OrderPath,
  body: Schema.Struct({ reason: Schema.optional(Text(REFUND_REASON_MAX)) }),
  result: AdminOrder,
})

/** The owner or an admin moves an order's delivery on (core/circle-admin/delivery.machine.ts); REFUNDED only by a refund. */
export const adminOrderDelivery = put('circleAdmin.data.orderDelivery', '/api/circle-admin/data/order/{orderId}/delivery/v1', {
  params: OrderPath,
  body: Schema.Struct({ deliveryStatus: Schema.Literals(DELIVERY_TARGETS) }),
  result: AdminOrder,
})

/** A period: `from`/`to` days, or the last `period` days up to today (30 unless told). */
const PeriodQuery = {
  circleId: Schema.optional(IdFromString),
  from: Schema.optional(DayString),
  to: Schema.optional(DayString),
  period: Schema.optional(IdFromString),
}

export const SaleDay = Schema.Struct({
  date: Schema.String,
  /** cents paid that day, and how many orders */
  amount: Schema.Number,
  count: Schema.Number,
  /** cents returned that day, and how many orders */
  refundAmount: Schema.Number,
  refundCount: Schema.Number,
})

export const adminSales = get('circleAdmin.data.sales', '/api/circle-admin/data/sale/v1', {
  query: Schema.Struct({ ...PeriodQuery, type: Schema.optional(GoodsType) }),
  result: Schema.Struct({
    from: Schema.String,
    to: Schema.String,
    days: Schema.Array(SaleDay),
    totalAmount: Schema.Number,
    totalCount: Schema.Number,
    refundAmount: Schema.Number,
    refundCount: Schema.Number,
  }),
})

export const MemberDay = Schema.Struct({
  date: Schema.String,
  joins: Schema.Number,
  expiries: Schema.Number,
  /** members holding a valid membership at the day's end */
  active: Schema.Number,
})

export const adminMemberStats = get('circleAdmin.data.members', '/api/circle-admin/data/user/v1', {
  query: Schema.Struct(PeriodQuery),
  result: Schema.Struct({
    from: Schema.String,
    to: Schema.String,
    days: Schema.Array(MemberDay),
    /** valid memberships now */
    activeNow: Schema.Number,
    joins: Schema.Number,
    expiries: Schema.Number,
  }),
})

/** The members of the caller's circles (or of one) as CSV: nick, circle, joined, valid until, status, order. */
export const adminMembersCsv = get('circleAdmin.data.membersCsv', '/api/circle-admin/data/user/export/v1', {
  query: Schema.Struct({ circleId: Schema.optional(IdFromString) }),
  responseKind: 'text',
  result: Schema.String,
})

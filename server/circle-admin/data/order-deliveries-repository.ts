// The order_deliveries table (034_order_deliveries.sql): an order's delivery status once the circle-admin
// console moved it (core/circle-admin/delivery.ts decides; this only stores).
import { k, type Queryable } from '../../db/queryable'
import type { OrderDeliveriesTable } from '../../db/schema'

export type StoredDelivery = OrderDeliveriesTable['status']

export async function setDelivery(d: Queryable, orderId: string, status: StoredDelivery, by: number, at: number): Promise<void> {
  await k(d)
    .insertInto('order_deliveries')
    .values({ order_id: orderId, status, updated_at: at, updated_by: by })
    .onConflict((oc) => oc.column('order_id').doUpdateSet({ status, updated_at: at, updated_by: by }))
    .execute()
}

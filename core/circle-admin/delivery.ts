// An order's delivery status (spec 001 §3 'Order delivery statuses: IN_PROCESS, IN_DELIVERY, DELIVERED,
// REFUNDED, DELETE') as the states of core/circle-admin/delivery.machine.ts, and the one function the
// server asks before it stores a move (issue 29): applyDeliveryEvent answers the next status, or null
// when the machine refuses the move. The console's list enables its buttons from deliveryActions.
import { transition } from 'xstate'
import { orderDeliveryMachine, type DeliveryEvent } from './delivery.machine'

/** spec 001 §3, in the order an order goes through them */
export const DELIVERY_STATUSES = ['IN_PROCESS', 'IN_DELIVERY', 'DELIVERED', 'REFUNDED', 'DELETE'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

export const STATE_OF_DELIVERY = {
  IN_PROCESS: 'inProcess',
  IN_DELIVERY: 'inDelivery',
  DELIVERED: 'delivered',
  REFUNDED: 'refunded',
  DELETE: 'deleted',
} as const satisfies Record<DeliveryStatus, string>
type DeliveryState = (typeof STATE_OF_DELIVERY)[DeliveryStatus]
const DELIVERY_OF_STATE = Object.fromEntries(Object.entries(STATE_OF_DELIVERY).map(([s, state]) => [state, s])) as Record<DeliveryState, DeliveryStatus>

/** The orders table's own status (server/db/migrations 012, 019) as far as the console lists it. */
export type PaidOrderStatus = 'paid' | 'refunding' | 'refunded'

/**
 * An order's delivery status: the stored one once the console moved it; before that, a paid order is in
 * process and one whose money went back (or is going back) is refunded — whoever returned it (the
 * console, or the settlement rule refusing a payment it could not grant).
 */
export function deliveryStatusOf(orderStatus: PaidOrderStatus, stored: DeliveryStatus | null): DeliveryStatus {
  if (orderStatus !== 'paid') return stored === 'DELETE' ? 'DELETE' : 'REFUNDED'
  return stored ?? 'IN_PROCESS'
}

function snapshotOf(status: DeliveryStatus) {
  const state = STATE_OF_DELIVERY[status]
  if (orderDeliveryMachine.states[state]?.type === 'final') return null
  return orderDeliveryMachine.resolveState({ value: state })
}

/** The status after `event`, or null when the order's status does not allow it. */
export function applyDeliveryEvent(status: DeliveryStatus, event: DeliveryEvent): DeliveryStatus | null {
  const snapshot = snapshotOf(status)
  if (!snapshot || !snapshot.can(event)) return null
  const [next] = transition(orderDeliveryMachine, snapshot, event)
  return DELIVERY_OF_STATE[next.value as DeliveryState]
}

/** The console's move to a target status (PUT …/delivery/v1): the machine's event for it. */
export const EVENT_OF_TARGET = {
  IN_DELIVERY: { type: 'delivery.ship' },
  DELIVERED: { type: 'delivery.deliver' },
  DELETE: { type: 'order.delete' },
} as const satisfies Record<string, DeliveryEvent>
export type DeliveryTarget = keyof typeof EVENT_OF_TARGET
export const DELIVERY_TARGETS = Object.keys(EVENT_OF_TARGET) as DeliveryTarget[]

/** Which moves the order's status allows now (refund also needs the owner: core/circle-admin/access.ts mayRefund). */
export function deliveryActions(status: DeliveryStatus): { ship: boolean; deliver: boolean; refund: boolean; delete: boolean } {
  const s = snapshotOf(status)
  if (!s) return { ship: false, deliver: false, refund: false, delete: false }
  return {
    ship: s.can({ type: 'delivery.ship' }),
    deliver: s.can({ type: 'delivery.deliver' }),
    refund: s.can({ type: 'order.refund' }),
    delete: s.can({ type: 'order.delete' }),
  }
}

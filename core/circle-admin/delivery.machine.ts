// An order's delivery in the circle-admin console (issue 29; spec 001 §3 'Order delivery statuses:
// IN_PROCESS, IN_DELIVERY, DELIVERED, REFUNDED, DELETE'). The spec names the statuses, not the moves
// between them ("Order delivery transitions: not shown", §4); ours:
//
//   inProcess ──ship──▶ inDelivery ──deliver──▶ delivered
//   inProcess | inDelivery | delivered ──refund──▶ refunded ──delete──▶ deleted
//
// A paid order starts in process: the member's access is open from the payment on (server/membership
// grants it in the paying transaction); what the adviser delivers by hand (the welcome, the group
// invitation, the membership card mailed to the address of spec 001 §3) moves it on. A refund returns
// the money and ends the access (server/circle-admin/data/refund.ts); only a refunded order may be
// deleted from the console's list, so no paid order is ever hidden. The server keeps the status in
// order_deliveries and asks this machine (delivery.ts applyDeliveryEvent) before it stores a move.
import { setup } from 'xstate'

export type DeliveryEvent = { type: 'delivery.ship' } | { type: 'delivery.deliver' } | { type: 'order.refund' } | { type: 'order.delete' }

export const orderDeliveryMachine = setup({
  types: {} as { events: DeliveryEvent },
}).createMachine({
  id: 'orderDelivery',
  description:
    'A paid order of a circle, course or live column as its owner sees it in the console: the member has access from the payment on; the adviser marks what they deliver by hand as sent and then delivered, may refund the order (the money goes back and the access ends at once), and may then delete the refunded order from the list.',
  initial: 'inProcess',
  states: {
    inProcess: {
      description: 'In process (IN_PROCESS): paid; the member already has access and the adviser has yet to deliver the rest.',
      on: {
        'delivery.ship': { description: 'The adviser starts delivering (sends the invitation or the membership card).', target: 'inDelivery' },
        'order.refund': { description: 'The owner refunds the order: the money goes back and the member loses access at once.', target: 'refunded' },
      },
    },
    inDelivery: {
      description: 'In delivery (IN_DELIVERY): the adviser has sent what the order includes.',
      on: {
        'delivery.deliver': { description: 'The adviser marks the order as delivered.', target: 'delivered' },
        'order.refund': { description: 'The owner refunds the order while it is being delivered.', target: 'refunded' },
      },
    },
    delivered: {
      description: 'Delivered (DELIVERED): everything the order includes has reached the member.',
      on: {
        'order.refund': { description: 'The owner refunds a delivered order.', target: 'refunded' },
      },
    },
    refunded: {
      description: 'Refunded (REFUNDED): the money was returned the way it was paid and the member no longer has access.',
      on: {
        'order.delete': { description: 'The adviser removes the refunded order from the console’s list (its money records stay).', target: 'deleted' },
      },
    },
    deleted: { description: 'Deleted (DELETE): hidden from the console’s list; shown only when that status is filtered for.', type: 'final' },
  },
})

-- 034: an order's delivery in the circle-admin console (issue 29; spec 001 §3 'Order delivery statuses:
-- IN_PROCESS, IN_DELIVERY, DELIVERED, REFUNDED, DELETE'; core/circle-admin/delivery.machine.ts). A row
-- exists once the console moved the order; before that a paid order is IN_PROCESS and one whose money
-- went back is REFUNDED (core/circle-admin/delivery.ts deliveryStatusOf). The console's refund returns
-- the money through pay_refunds (one per order: its UNIQUE order_id is what makes a refund happen once).
CREATE TABLE order_deliveries (
  order_id text PRIMARY KEY REFERENCES orders (id),
  status text NOT NULL CHECK (status IN ('IN_PROCESS', 'IN_DELIVERY', 'DELIVERED', 'REFUNDED', 'DELETE')),
  updated_at bigint NOT NULL,
  -- who moved it last (the circle's owner or an admin)
  updated_by integer NOT NULL REFERENCES users (id)
);

-- the console lists a circle's paid orders newest first, by the goods' spec
CREATE INDEX orders_specs_paid_idx ON orders (specs_id, paid_timestamp DESC) WHERE paid_timestamp IS NOT NULL;

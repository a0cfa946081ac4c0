-- 012: membership and purchase (issue 13; spec 001 §3 'Order goods', 'Purchase info', 'Coupon',
-- 'Created order', 'Address', 'Real-name form', 'Risk result'; §4 'Order flow', 'Membership tiers';
-- §7 'Membership and purchase', 'Qualification'). Money is integer cents everywhere. Lengths repeat the
-- contract's bounds (core/membership/limits.ts) so a row never holds more than the API lets in.

-- what can be bought (spec 001 §1): a good refers to what it unlocks (an article, a column, a research
-- report, a membership tier or gurucoin)
CREATE TABLE goods (
  id integer PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('article', 'column', 'vip', 'permanent', 'singleVideo', 'pack', 'financialCircle')),
  ref_kind text NOT NULL CHECK (ref_kind IN ('article', 'column', 'report', 'membership', 'coin')),
  ref_id integer,
  tier text CHECK (tier IN ('gold', 'platinum', 'ultimate')),
  title text NOT NULL CHECK (char_length(title) <= 100),
  name text NOT NULL CHECK (char_length(name) <= 100),
  link text NOT NULL DEFAULT '' CHECK (char_length(link) <= 200),
  -- the agreements a buyer signs (GET /api/agreements/route/{id}/v1); null: none
  agreement_route_id integer,
  -- the product's risk level for the pre-purchase risk match (R1 … R5); null: no qualification needed
  risk_level integer CHECK (risk_level BETWEEN 1 AND 5)
);
CREATE INDEX goods_ref_idx ON goods (ref_kind, ref_id);

-- spec 001 §3 'Purchase info': a good's specs (period, price)
CREATE TABLE goods_specs (
  id integer PRIMARY KEY,
  goods_id integer NOT NULL REFERENCES goods (id),
  name text NOT NULL CHECK (char_length(name) <= 100),
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  original_price_cents integer CHECK (original_price_cents >= 0),
  -- membership months this spec grants; null for single items
  months integer CHECK (months > 0),
  -- gurucoin (cents) a recharge spec credits
  coin_cents integer CHECK (coin_cents > 0),
  sort integer NOT NULL DEFAULT 0
);

-- spec 001 §3 'Coupon': amount (cents) or discount (percent paid: 85 shows '8.5 折')
CREATE TABLE coupon_templates (
  id integer PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) <= 50),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 200),
  amount_cents integer CHECK (amount_cents > 0),
  discount_percent integer CHECK (discount_percent > 0 AND discount_percent < 100),
  start_timestamp bigint NOT NULL,
  end_timestamp bigint NOT NULL,
  -- null: any good; else only goods of this type
  goods_type text,
  -- GET /api/user-coupons/exchange (cdKey): the code that gives this coupon, once per reader
  cd_key text UNIQUE CHECK (char_length(cd_key) <= 32),
  -- every reader holds a welcome coupon without a row of user_coupons
  welcome boolean NOT NULL DEFAULT false,
  CHECK ((amount_cents IS NULL) <> (discount_percent IS NULL))
);

-- coupons a reader was given (a cdKey exchanged); the couponId of the contract is the template's id
CREATE TABLE user_coupons (
  user_id integer NOT NULL REFERENCES users (id),
  template_id integer NOT NULL REFERENCES coupon_templates (id),
  create_timestamp bigint NOT NULL,
  PRIMARY KEY (user_id, template_id)
);

-- the quote a dialog is shown (GET /api/purchase/commodity/payment/v2): the user token the sign covers,
-- the specs and coupon priced, and the total of record. An order is made only from a quote.
CREATE TABLE order_quotes (
  token text PRIMARY KEY CHECK (char_length(token) <= 64),
  user_id integer NOT NULL REFERENCES users (id),
  specs_id integer NOT NULL REFERENCES goods_specs (id),
  member_specs_id integer REFERENCES goods_specs (id),
  coupon_id integer REFERENCES coupon_templates (id),
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  create_timestamp bigint NOT NULL,
  expire_timestamp bigint NOT NULL
);

-- spec 001 §3 'Created order': id (order number), amount (cents), subject. One order per idempotency key
-- (the sign plus the client's key) and reader: the unique index is the guarantee, not a check first.
CREATE TABLE orders (
  id text PRIMARY KEY CHECK (char_length(id) <= 40),
  user_id integer NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('goods', 'recharge')),
  specs_id integer NOT NULL REFERENCES goods_specs (id),
  member_specs_id integer REFERENCES goods_specs (id),
  coupon_id integer REFERENCES coupon_templates (id),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  channel text NOT NULL CHECK (channel IN ('wx_pub_qr', 'guru_pay')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  idem_key text NOT NULL CHECK (char_length(idem_key) <= 200),
  subject text NOT NULL CHECK (char_length(subject) <= 200),
  -- the WeChat QR's secret (the sandbox page's address); null for gurucoin
  qr_token text UNIQUE,
  create_timestamp bigint NOT NULL,
  expire_timestamp bigint NOT NULL,
  paid_timestamp bigint,
  UNIQUE (user_id, idem_key)
);
CREATE INDEX orders_user_idx ON orders (user_id, create_timestamp DESC);
-- a coupon pays for one order only, whatever races
CREATE UNIQUE INDEX orders_coupon_paid_idx ON orders (user_id, coupon_id) WHERE status = 'paid' AND coupon_id IS NOT NULL;

-- the pay service's notifications seen: a replayed callback is recognised and changes nothing
CREATE TABLE pay_notifications (
  notify_id text PRIMARY KEY CHECK (char_length(notify_id) <= 64),
  order_id text NOT NULL REFERENCES orders (id),
  received_at bigint NOT NULL
);

-- spec 001 §4 'Membership tiers': each tier held, with its expiry (seconds)
CREATE TABLE memberships (
  user_id integer NOT NULL REFERENCES users (id),
  tier text NOT NULL CHECK (tier IN ('gold', 'platinum', 'ultimate', 'trial')),
  expire_timestamp bigint NOT NULL,
  PRIMARY KEY (user_id, tier)
);

-- single purchases: what a paid order unlocked (an article, a column, a research report)
CREATE TABLE entitlements (
  user_id integer NOT NULL REFERENCES users (id),
  ref_kind text NOT NULL CHECK (ref_kind IN ('article', 'column', 'report')),
  ref_id integer NOT NULL,
  order_id text NOT NULL REFERENCES orders (id),
  create_timestamp bigint NOT NULL,
  PRIMARY KEY (user_id, ref_kind, ref_id)
);

-- spec 001 §4: accounts that cannot renew membership on the website
CREATE TABLE renew_blocked_users (user_id integer PRIMARY KEY REFERENCES users (id));

-- spec 001 §3 'Address payload' (optional membership-card mailing)
CREATE TABLE user_addresses (
  user_id integer PRIMARY KEY REFERENCES users (id),
  name text NOT NULL CHECK (char_length(name) <= 20),
  country_code text NOT NULL CHECK (char_length(country_code) <= 8),
  phone_num text NOT NULL CHECK (char_length(phone_num) <= 11),
  country text NOT NULL CHECK (char_length(country) <= 40),
  state text NOT NULL CHECK (char_length(state) <= 40),
  city text NOT NULL CHECK (char_length(city) <= 40),
  address text NOT NULL CHECK (char_length(address) <= 200)
);

-- spec 001 §3 'Real-name form' (status 1 passed, 2 submitted and being verified). The full identity
-- number is never stored: the identity check sees it once; we keep its last 4 digits.
CREATE TABLE real_names (
  user_id integer PRIMARY KEY REFERENCES users (id),
  status integer NOT NULL CHECK (status IN (1, 2)),
  real_name text NOT NULL CHECK (char_length(real_name) <= 50),
  identity_type text NOT NULL CHECK (char_length(identity_type) <= 40),
  id_last4 text NOT NULL CHECK (char_length(id_last4) <= 4),
  details jsonb NOT NULL,
  create_timestamp bigint NOT NULL
);

-- spec 001 §3 'Risk result' (questionnaire 2), with its expiry (seconds)
CREATE TABLE risk_results (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  questionnaire_id integer NOT NULL,
  level integer NOT NULL CHECK (level BETWEEN 1 AND 5),
  score integer NOT NULL,
  answers jsonb NOT NULL,
  create_timestamp bigint NOT NULL,
  expire_timestamp bigint NOT NULL
);
CREATE INDEX risk_results_user_idx ON risk_results (user_id, questionnaire_id, id DESC);

-- spec 001 §3 'Agreement' signing: orderId, agreementIds
CREATE TABLE agreement_signatures (
  user_id integer NOT NULL REFERENCES users (id),
  order_id text NOT NULL CHECK (char_length(order_id) <= 40),
  agreement_id integer NOT NULL,
  signed_at bigint NOT NULL,
  PRIMARY KEY (user_id, order_id, agreement_id)
);

-- gurucoin never goes below zero, whatever the code above does
ALTER TABLE users ADD CONSTRAINT users_coin_nonneg CHECK (coin >= 0);

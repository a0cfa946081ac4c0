-- 017: the membership add-on (spec 001 §3 vipDiscount, §4): an order may carry a gold month bought with
-- its good (server/membership/goods.ts MEMBER_ADDON); paying it grants both.
ALTER TABLE orders ADD COLUMN addon_specs_id integer REFERENCES goods_specs (id);

-- 018: WeChat Pay's code_url of an order's QR (server/membership/wechat-pay.ts), asked once and kept, so
-- the same order answered again shows the same code. The sandbox's is made from qr_token instead.
ALTER TABLE orders ADD COLUMN code_url text CHECK (char_length(code_url) <= 200);

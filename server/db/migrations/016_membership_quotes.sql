-- 016: the quote table of 012 is not used: the dialog's quote is stateless (an HMAC user token the sign
-- covers, server/membership/goods.ts), so GET /api/purchase/commodity/payment/v2 changes no state.
DROP TABLE order_quotes;

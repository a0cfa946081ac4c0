-- Market feature: the readers' watchlists (spec 000 §3 user stock: stockCode, stockType; §7 'Watchlist').
CREATE TABLE user_stocks (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  stock_id text NOT NULL REFERENCES stocks (id),
  stock_type text NOT NULL,
  create_timestamp bigint NOT NULL,
  PRIMARY KEY (user_id, stock_id)
);
CREATE INDEX user_stocks_user_idx ON user_stocks (user_id, create_timestamp DESC);

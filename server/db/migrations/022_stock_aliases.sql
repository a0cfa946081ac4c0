-- 022: what readers call a stock (issue 24; spec 000 §7 'Search', /api/search/stock).
--
-- stock_aliases: the names Chinese-language financial media use for a listing besides its own
-- (中移动, 港交所, 汇控, Tencent), as written (simplified); seeded from fixtures/stock-aliases.ts.
CREATE TABLE stock_aliases (
  stock_id text NOT NULL REFERENCES stocks (id) ON DELETE CASCADE,
  alias text NOT NULL,
  PRIMARY KEY (stock_id, alias)
);

-- stock_search_keys: every key a stock is found by, normalised as a keyword is (core/search/
-- stock-rank.ts stockKeys: NFKC, lower case, simplified): its code without leading zeros ('code'),
-- its names and its aliases ('name': an alias is searched like a name), and the pinyin of its
-- Chinese names ('pinyin'). Derived from stocks and stock_aliases (server/reading/seed-stock-aliases.ts).
CREATE TABLE stock_search_keys (
  stock_id text NOT NULL REFERENCES stocks (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('code', 'name', 'pinyin')),
  key text NOT NULL,
  PRIMARY KEY (stock_id, kind, key)
);

-- the stock's place in core's popularity order (company market value in HKD, a dual-listed
-- company's Hong Kong listing first), 0 the most popular; a stock not yet ranked comes last
ALTER TABLE stock_search ADD COLUMN popularity_rank integer NOT NULL DEFAULT 2147483647;

-- 023: the home page's seeded reminders (issue 25; spec 000 §7 'Other').
--
-- ncp_regions: the novel coronavirus pneumonia figures of /api/NCP_data, one row per region, in `sort`
-- order; seeded from fixtures/reading-docs/home-reminders.ts (demo figures, said so where shown).
CREATE TABLE ncp_regions (
  id integer PRIMARY KEY,
  name text NOT NULL,
  confirmed bigint NOT NULL CHECK (confirmed >= 0),
  cured bigint NOT NULL CHECK (cured >= 0),
  dead bigint NOT NULL CHECK (dead >= 0),
  sort integer NOT NULL,
  update_timestamp bigint NOT NULL
);

-- opportunity_reminds: /api/opportunityRemind/list/v1, newest first: a stock's results day, a listing,
-- an ex-dividend day, a buy-back or a rating change (`kind`, core/api/content.ts OPPORTUNITY_KINDS).
CREATE TABLE opportunity_reminds (
  id integer PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('earnings', 'ipo', 'dividend', 'buyback', 'rating')),
  title text NOT NULL,
  content text NOT NULL,
  stocks text[] NOT NULL DEFAULT '{}',
  event_timestamp bigint NOT NULL,
  create_timestamp bigint NOT NULL
);
CREATE INDEX opportunity_reminds_newest ON opportunity_reminds (create_timestamp DESC, id DESC);

-- 007: reading 'docs' part — named documents, agreements, deep research reports (spec 000 §7).
-- Timestamps are seconds since the epoch; money in integer cents.

-- Named documents: body in the plain-text block format of core/reading/docs/blocks.ts with {{key}} placeholders.
CREATE TABLE documents (
  name text PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL,
  update_timestamp bigint NOT NULL
);

-- Agreements a purchase route asks for (spec 001 §3 'Agreement': id, title, paramMap).
CREATE TABLE agreements (
  id integer PRIMARY KEY,
  route_id integer NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  title text NOT NULL,
  document_name text NOT NULL REFERENCES documents (name),
  -- JSON object of string → string, filled over the site parameters
  param_map text NOT NULL DEFAULT '{}'
);
CREATE INDEX agreements_route_idx ON agreements (route_id, sort);

CREATE TABLE research_reports (
  id integer PRIMARY KEY,
  group_id integer NOT NULL,
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  paragraphs text[] NOT NULL DEFAULT '{}',
  institution text NOT NULL,
  analyst text NOT NULL,
  rating text NOT NULL,
  cover_url text NOT NULL DEFAULT '',
  stocks text[] NOT NULL DEFAULT '{}',
  is_pay boolean NOT NULL DEFAULT false,
  price_cents integer NOT NULL DEFAULT 0,
  pages integer NOT NULL DEFAULT 1,
  create_timestamp bigint NOT NULL,
  read_count integer NOT NULL DEFAULT 0
);
CREATE INDEX research_reports_feed_idx ON research_reports (group_id, is_pay, create_timestamp DESC, id DESC);

-- 003: search (spec 000 §7 'Search'). Plain SQL for PGlite and PostgreSQL 15.
--
-- Stocks: one row per stock with the keys a reader types: code without leading zeros (700 → 00700),
-- lower-cased English name, pinyin initials and full pinyin (filled at seed time with pinyin-pro).
CREATE TABLE stock_search (
  stock_id text PRIMARY KEY REFERENCES stocks (id) ON DELETE CASCADE,
  code_key text NOT NULL,
  name_en_key text NOT NULL,
  py_initials text NOT NULL,
  py_full text NOT NULL
);

-- Chinese text has no spaces, so articles and flashes are indexed by character bigrams: a keyword's
-- documents are those holding all its bigrams (then checked for the whole words). kind: 1 article,
-- 2 flash. ts is the document's create_timestamp: a gram's postings are read newest first and the
-- read stops once enough documents matched (see server/reading/search.ts).
CREATE TABLE search_grams (
  kind smallint NOT NULL,
  gram text NOT NULL,
  doc_id integer NOT NULL,
  ts bigint NOT NULL,
  PRIMARY KEY (kind, gram, ts, doc_id)
);
CREATE INDEX search_grams_doc_idx ON search_grams (kind, doc_id);

-- the normalised searchable text: lower case, punctuation and white space as one space
CREATE FUNCTION search_norm(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(regexp_replace(coalesce(t, ''), '[[:space:][:punct:]，。、；：？！“”‘’（）《》【】…—·％]+', ' ', 'g'))
$$;

-- the distinct bigrams of a text (none across a space)
CREATE FUNCTION search_bigrams(t text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT g FROM (
    SELECT substr(s, i, 2) AS g
    FROM (SELECT search_norm(t) AS s) x, generate_series(1, length(s) - 1) AS i
  ) y WHERE length(g) = 2 AND position(' ' in g) = 0
$$;

CREATE FUNCTION search_index_article() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN DELETE FROM search_grams WHERE kind = 1 AND doc_id = OLD.id; END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO search_grams (kind, gram, doc_id, ts)
    SELECT 1, g, NEW.id, NEW.create_timestamp FROM search_bigrams(NEW.title || ' ' || NEW.summary) AS g
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION search_index_flash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN DELETE FROM search_grams WHERE kind = 2 AND doc_id = OLD.id; END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO search_grams (kind, gram, doc_id, ts)
    SELECT 2, g, NEW.id, NEW.create_timestamp FROM search_bigrams(NEW.title || ' ' || NEW.content) AS g
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER articles_search_index AFTER INSERT OR DELETE OR UPDATE OF title, summary, create_timestamp ON articles
  FOR EACH ROW EXECUTE FUNCTION search_index_article();
CREATE TRIGGER flashes_search_index AFTER INSERT OR DELETE OR UPDATE OF title, content, create_timestamp ON flashes
  FOR EACH ROW EXECUTE FUNCTION search_index_flash();

-- rows that were in before this migration
INSERT INTO search_grams (kind, gram, doc_id, ts)
  SELECT 1, g, a.id, a.create_timestamp FROM articles a, search_bigrams(a.title || ' ' || a.summary) AS g
  ON CONFLICT DO NOTHING;
INSERT INTO search_grams (kind, gram, doc_id, ts)
  SELECT 2, g, f.id, f.create_timestamp FROM flashes f, search_bigrams(f.title || ' ' || f.content) AS g
  ON CONFLICT DO NOTHING;

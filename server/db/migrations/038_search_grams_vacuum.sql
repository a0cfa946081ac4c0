-- 038: full text at scale (issue 31). A search reads search_grams' postings from its primary key
-- alone (an index-only scan, server/reading/search-postgres.ts) only where the visibility map marks
-- the pages all-visible, which VACUUM does. By default autovacuum vacuums a table after inserts of
-- 20% of its rows: at a million articles and flashes (about 50 million postings) the newest 10 million
-- postings — the ones every search reads first — would wait months and cost a heap read each. Vacuum
-- after every 20,000 inserted postings (a few hundred items) instead; skipping all-visible pages, each
-- run is small. PGlite has no autovacuum: search-postgres.ts vacuums the table itself now and then.
ALTER TABLE search_grams SET (autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 20000, autovacuum_analyze_scale_factor = 0.02);

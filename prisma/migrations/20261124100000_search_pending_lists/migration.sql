-- The search indexes (GIN, created in 20261122213209_catalog) take new entries into a
-- pending list that every search reads one entry at a time until VACUUM, or a list
-- larger than gin_pending_list_limit (4 MB by default), merges it into the tree. Where
-- autovacuum is late or off, a search paid for reading up to 4 MB of it (measured: the
-- index part of a search at 100,000 products, 16-41 ms with a full list, 3-5 ms merged).
-- 256 kB bounds that; writes merge a little more often. The indexes are absent where the
-- search extensions are not available.
ALTER INDEX IF EXISTS "products_search_vector_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX IF EXISTS "search_words_word_idx" SET (gin_pending_list_limit = 256);

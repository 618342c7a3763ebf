-- A search word is a prefix ("natur" finds "naturel"). GIN answers a prefix by gathering every
-- matching entry's rows into a bitmap and checking each row against the query again before the
-- final bitmap: about three times what the same lexemes asked exactly cost (14 ms against 5 for a
-- word of 15,000 datasets at 300,000). The lexemes the datasets hold, kept here in the writing
-- transaction, turn a prefix into the exact lexemes it stands for: 'natur':* becomes
-- 'naturel' | 'nature', read as plain GIN entries.
--
-- The table only grows: a lexeme no dataset holds any more costs an empty GIN lookup, never a
-- wrong answer. A prefix that stands for more than 64 lexemes stays a prefix.
CREATE TABLE search_lexemes (lexeme text COLLATE "C" PRIMARY KEY);

-- Fills the table from every dataset: here, and after a bulk load with the triggers off
-- (seed:large), as dataset_class_counts_rebuild() does for the counts.
CREATE FUNCTION search_lexemes_rebuild() RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM datasets
  ON CONFLICT DO NOTHING;
$$;
SELECT search_lexemes_rebuild();

-- Only the lexemes a statement brings: an edit that keeps the texts adds nothing.
CREATE FUNCTION search_lexemes_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_lexemes (lexeme)
    SELECT DISTINCT unnest(tsvector_to_array(n.search_vector)) FROM new_rows n
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_lexemes (lexeme)
    SELECT unnest(tsvector_to_array(n.search_vector)) FROM new_rows n
    EXCEPT SELECT unnest(tsvector_to_array(o.search_vector)) FROM old_rows o
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER datasets_search_lexemes_insert AFTER INSERT ON datasets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_add();
CREATE TRIGGER datasets_search_lexemes_update AFTER UPDATE ON datasets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_add();

-- The query of a dataset search: every word a prefix, all words required, each word stemmed and
-- unaccented as the datasets' texts are (migration 006). A stop word asks nothing; no word left
-- gives NULL, which matches nothing. Called once per statement, as `(SELECT dataset_search_query($1))`.
CREATE FUNCTION dataset_search_query(words text[]) RETURNS tsquery LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  word text;
  stems text[];
  lexemes text[];
  term tsquery;
  result tsquery;
BEGIN
  FOREACH word IN ARRAY words LOOP
    stems := tsvector_to_array(to_tsvector('french'::regconfig, immutable_unaccent(word)));
    CONTINUE WHEN cardinality(stems) = 0;
    lexemes := NULL;
    IF cardinality(stems) = 1 THEN
      SELECT array_agg(l.lexeme) INTO lexemes FROM (
        SELECT s.lexeme FROM search_lexemes s
         -- A range the index walks whatever the plan (LIKE's needs a constant pattern).
         WHERE s.lexeme >= stems[1] AND s.lexeme < stems[1] || chr(1114111) AND starts_with(s.lexeme, stems[1])
         LIMIT 65) l;
      -- No dataset holds it: the stem itself, which matches nothing either.
      lexemes := coalesce(lexemes, stems);
    END IF;
    IF cardinality(lexemes) <= 64 THEN
      term := array_to_string(ARRAY(
        SELECT '''' || replace(replace(x, '\', '\\'), '''', '\''') || '''' FROM unnest(lexemes) x), ' | ')::tsquery;
    ELSE
      term := to_tsquery('french'::regconfig, immutable_unaccent(word || ':*'));
    END IF;
    result := CASE WHEN result IS NULL THEN term ELSE result && term END;
  END LOOP;
  RETURN result;
END $$;

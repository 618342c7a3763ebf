-- A list's tie-breaker (the id) now goes the way of its order: the newest-first order (updated_at
-- DESC, id DESC) and the published-first order are the ascending indexes read backwards, exactly.
-- These two indexes, made for those orders when the id always went up, served nothing more, and
-- each dataset written kept them up to date.
DROP INDEX datasets_updated_desc_idx;
DROP INDEX datasets_published_desc_idx;

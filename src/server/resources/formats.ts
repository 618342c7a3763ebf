/**
 * The format of a link given without one (`resource/href/`, `resource/file-download/`): read from
 * its URL's extension when the source is created, else from the media type of the answer when its
 * scenario fetches it; the harvests' recogniser (harvest/lookups.ts `formatOf`) decides both.
 */
import type { Db } from '../db/pool.ts';
import { formatOf, loadFormatLookups } from '../harvest/lookups.ts';

/** Our format id for `url` (and the answer's `content-type`, when known), or null. */
export async function recogniseFormat(db: Pick<Db, 'query'>, url: string, contentType?: string | string[]): Promise<number | null> {
  const hints = contentType === undefined ? [] : [contentType].flat().filter((value) => value.trim() !== '');
  return formatOf(hints, url, await loadFormatLookups(db));
}

/**
 * Sets the format of a source still without one from the answer to its link (`url`, after
 * redirects, and its `content-type`); answers the codename of the source's format then, or null.
 */
export async function recogniseSourceFormat(db: Pick<Db, 'query'>, sourceId: number, url: string, contentType?: string | string[]): Promise<string | null> {
  const id = await recogniseFormat(db, url, contentType);
  if (id === null) return null;
  const { rows } = await db.query<{ codename: string }>(
    `UPDATE resource_sources s SET dataformat_id = $2, updated_at = now() FROM data_formats f
      WHERE s.id = $1 AND s.dataformat_id IS NULL AND f.id = $2 RETURNING f.codename`,
    [sourceId, id],
  );
  return rows[0]?.codename ?? null;
}

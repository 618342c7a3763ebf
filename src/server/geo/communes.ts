/**
 * French communes reference data, used to validate a jurisdiction's INSEE codes and compute
 * its `latlon_bounding_box`.
 *
 * - The list of current communes comes from `@etalab/decoupage-administratif` (INSEE COG).
 * - Boxes come from ./data/commune-bboxes.csv and ./data/departement-bboxes.csv (IGN Admin
 *   Express COG 2018), see ./data/README.md.
 *
 * A commune's box is the union of the 2018 boxes of its own code and of every former commune it
 * absorbed (the package's `anciensCodes` and the `commune-deleguee` / `commune-associee` entries
 * whose `chefLieu` is this commune). Mergers after 2018 often reuse the code of one of the merged
 * communes, so the 2018 box of that code alone would cover only part of the new commune.
 * When none of those codes is in the 2018 data, the department's box is used. Communes of the
 * overseas collectivities (975 to 989) have no box in the IGN data and are left out.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** [min_lon, min_lat, max_lon, max_lat], WGS 84. */
export type BoundingBox = [number, number, number, number];

export interface Commune {
  code: string;
  name: string;
  departement: string;
  population: number | null;
  bbox: BoundingBox;
}

interface DecoupageCommune {
  code: string;
  nom: string;
  type: 'commune-actuelle' | 'commune-deleguee' | 'commune-associee' | 'arrondissement-municipal';
  departement: string;
  population?: number;
  anciensCodes?: string[];
  chefLieu?: string;
}

/** Folder of the box files (a path, not a URL: test environments may replace the URL class). */
export const GEO_DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), 'data');

/** Parses a `code,name,min_lon,min_lat,max_lon,max_lat` file (no quoted fields, LF or CRLF). */
export function parseBoxesCsv(text: string): Map<string, BoundingBox> {
  const boxes = new Map<string, BoundingBox>();
  let start = text.indexOf('\n') + 1; // skip the header line
  while (start > 0 && start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    start = end + 1;
    if (line === '') continue;
    // The name may not contain commas, but read the numbers from the end to be safe.
    const fields = line.split(',');
    const n = fields.length;
    if (n < 6) continue;
    const box: BoundingBox = [
      Number(fields[n - 4]),
      Number(fields[n - 3]),
      Number(fields[n - 2]),
      Number(fields[n - 1]),
    ];
    if (box.every(Number.isFinite)) boxes.set(fields[0], box);
  }
  return boxes;
}

/** The smallest box containing all the given boxes; null when there are none. */
export function unionBoundingBox(boxes: Iterable<BoundingBox>): BoundingBox | null {
  let result: BoundingBox | null = null;
  for (const [minLon, minLat, maxLon, maxLat] of boxes) {
    if (result === null) {
      result = [minLon, minLat, maxLon, maxLat];
    } else {
      if (minLon < result[0]) result[0] = minLon;
      if (minLat < result[1]) result[1] = minLat;
      if (maxLon > result[2]) result[2] = maxLon;
      if (maxLat > result[3]) result[3] = maxLat;
    }
  }
  return result;
}

/**
 * The box of a set of communes given by INSEE code, e.g. a jurisdiction's municipalities.
 * Unknown codes are ignored; returns null when no code is known (or the list is empty).
 */
export function boundingBoxOf(
  codes: Iterable<string>,
  byCode: ReadonlyMap<string, { bbox: BoundingBox }> | Readonly<Record<string, { bbox: BoundingBox }>>,
): BoundingBox | null {
  const lookup =
    byCode instanceof Map
      ? (code: string) => byCode.get(code)
      : (code: string) =>
          Object.prototype.hasOwnProperty.call(byCode, code)
            ? (byCode as Readonly<Record<string, { bbox: BoundingBox }>>)[code]
            : undefined;
  const boxes: BoundingBox[] = [];
  for (const code of codes) {
    const entry = lookup(code);
    if (entry) boxes.push(entry.bbox);
  }
  return unionBoundingBox(boxes);
}

async function readDecoupageCommunes(): Promise<DecoupageCommune[]> {
  // Read the JSON file directly: the package's index.js resolves its data from the working directory.
  const require = createRequire(import.meta.url);
  const file = require.resolve('@etalab/decoupage-administratif/data/communes.json');
  return JSON.parse(await readFile(file, 'utf8')) as DecoupageCommune[];
}

async function readBoxes(name: string): Promise<Map<string, BoundingBox>> {
  return parseBoxesCsv(await readFile(join(GEO_DATA_DIR, name), 'utf8'));
}

async function buildCurrentCommunes(): Promise<Commune[]> {
  const [all, communeBoxes, departementBoxes] = await Promise.all([
    readDecoupageCommunes(),
    readBoxes('commune-bboxes.csv'),
    readBoxes('departement-bboxes.csv'),
  ]);

  // Former communes kept as "déléguées" or "associées", by the code of the commune they joined.
  const formerByChefLieu = new Map<string, string[]>();
  for (const entry of all) {
    if ((entry.type === 'commune-deleguee' || entry.type === 'commune-associee') && entry.chefLieu) {
      const list = formerByChefLieu.get(entry.chefLieu);
      if (list) list.push(entry.code);
      else formerByChefLieu.set(entry.chefLieu, [entry.code]);
    }
  }

  const communes: Commune[] = [];
  for (const entry of all) {
    if (entry.type !== 'commune-actuelle') continue;
    const codes = [entry.code, ...(entry.anciensCodes ?? []), ...(formerByChefLieu.get(entry.code) ?? [])];
    const boxes: BoundingBox[] = [];
    for (const code of codes) {
      const box = communeBoxes.get(code);
      if (box) boxes.push(box);
    }
    const bbox = unionBoundingBox(boxes) ?? departementBoxes.get(entry.departement) ?? null;
    if (!bbox) continue; // overseas collectivities: no box in the IGN data
    communes.push({
      code: entry.code,
      name: entry.nom,
      departement: entry.departement,
      population: typeof entry.population === 'number' ? entry.population : null,
      bbox: [...bbox] as BoundingBox,
    });
  }
  return communes;
}

let cache: Promise<Commune[]> | null = null;

/**
 * Every current commune (type 'commune-actuelle') with its bounding box, sorted as in the INSEE
 * file (by code). Loaded once and cached; callers must not mutate the result.
 */
export function loadCurrentCommunes(): Promise<Commune[]> {
  if (!cache) {
    cache = buildCurrentCommunes();
    cache.catch(() => {
      cache = null;
    });
  }
  return cache;
}

let byCodeCache: Promise<Map<string, Commune>> | null = null;

/** The current communes indexed by INSEE code (cached, like loadCurrentCommunes). */
export function loadCommunesByCode(): Promise<Map<string, Commune>> {
  if (!byCodeCache) {
    byCodeCache = loadCurrentCommunes().then((communes) => new Map(communes.map((c) => [c.code, c])));
    byCodeCache.catch(() => {
      byCodeCache = null;
    });
  }
  return byCodeCache;
}

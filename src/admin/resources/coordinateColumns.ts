/**
 * Columns that hold coordinates, told by their header (`X`, `lon`, `longitude`, `x_wgs84`,
 * `coord_y`…) and by their values: degrees of longitude and latitude (WGS 84) or Lambert-93
 * metres. The wizard proposes them, with their system, for a file to place; the style editor
 * never starts a classification on them. Pure.
 */

export type Axis = 'x' | 'y';

/** The words of a header that name each axis, whatever their case and accents. */
const AXIS_WORDS: Record<Axis, readonly string[]> = {
  x: ['x', 'lon', 'lng', 'long', 'longitude', 'coordx', 'xcoord', 'easting'],
  y: ['y', 'lat', 'latitude', 'coordy', 'ycoord', 'northing'],
};

/** The header's words: `Coord_X (WGS84)` → coord, x, wgs84. */
const wordsOf = (header: string) =>
  header
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** The axis a header names, if it names one only. */
export function axisOf(header: string): Axis | null {
  const words = wordsOf(header);
  const x = words.some((word) => AXIS_WORDS.x.includes(word));
  const y = words.some((word) => AXIS_WORDS.y.includes(word));
  return x === y ? null : x ? 'x' : 'y';
}

/** Whether a header names a coordinate. */
export const isCoordinateName = (header: string) => axisOf(header) !== null;

/** Whether a header names an identifier: `id`, `fid`, `gid`, `ogc_fid`, `objectid`, `uuid`, `id_station`… */
export const isIdentifierName = (header: string) => wordsOf(header).some((word) => ['id', 'fid', 'gid', 'objectid', 'uuid', 'uid'].includes(word));

/** The systems the values can be recognised in, with what their X and Y span. */
export const RECOGNISED_SYSTEMS = [
  { crs: 4326, reason: 'degrees', x: [-180, 180], y: [-90, 90] },
  { crs: 2154, reason: 'lambert93', x: [100_000, 1_300_000], y: [6_000_000, 7_200_000] },
] as const;

export type GuessReason = (typeof RECOGNISED_SYSTEMS)[number]['reason'] | 'names';

export interface CoordinateGuess {
  x: string;
  y: string;
  /** Null when the values say no system (the columns are proposed by their names alone). */
  crs: number | null;
  reason: GuessReason;
}

/** A cell read as a number: `4.83`, `4,83` (a decimal comma), `-0.5`; null for anything else. */
function numberOf(cell: string | undefined): number | null {
  const text = (cell ?? '').trim();
  if (!/^[-+]?\d+([.,]\d+)?$/.test(text)) return null;
  return Number(text.replace(',', '.'));
}

/** The column's values as numbers, null when one is not a number or none is given. */
function numbersIn(rows: readonly string[][], index: number): number[] | null {
  const cells = rows.map((row) => row[index]).filter((cell) => cell !== undefined && cell.trim() !== '');
  const numbers = cells.map(numberOf);
  return numbers.length > 0 && numbers.every((value) => value !== null) ? (numbers as number[]) : null;
}

const within = (values: number[], [min, max]: readonly [number, number]) => values.every((value) => value >= min && value <= max);

/**
 * The X and Y columns a file's header and first rows suggest, with the system their values fall in:
 * the first pair of an X-named and a Y-named column whose values are those of a recognised system,
 * else the only X-named and Y-named columns, without a system. Null when the header names none.
 */
export function guessCoordinates(columns: readonly string[], rows: readonly string[][]): CoordinateGuess | null {
  const named = (axis: Axis) => columns.map((column, index) => ({ column, index })).filter(({ column }) => axisOf(column) === axis);
  const xs = named('x');
  const ys = named('y');
  for (const x of xs) {
    for (const y of ys) {
      const xValues = numbersIn(rows, x.index);
      const yValues = numbersIn(rows, y.index);
      if (!xValues || !yValues) continue;
      const system = RECOGNISED_SYSTEMS.find((candidate) => within(xValues, candidate.x) && within(yValues, candidate.y));
      if (system) return { x: x.column, y: y.column, crs: system.crs, reason: system.reason };
    }
  }
  return xs.length === 1 && ys.length === 1 ? { x: xs[0].column, y: ys[0].column, crs: null, reason: 'names' } : null;
}

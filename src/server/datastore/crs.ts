/**
 * The coordinate reference systems a resource's X/Y columns may be given in (EPSG codes used in
 * France), and their conversion to WGS 84 longitude/latitude with proj4.
 */
import proj4 from 'proj4';

export interface CrsChoice {
  code: number;
  label: string;
}

/** Conic conformal zones CC42…CC50 (EPSG 3942…3950): one per degree of latitude. */
function conicConformalZone(zone: number): string {
  return `+proj=lcc +lat_0=${zone} +lon_0=3 +lat_1=${zone - 0.75} +lat_2=${zone + 0.75} +x_0=1700000 +y_0=${(zone - 41) * 1_000_000 + 200_000} +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs`;
}

const DEFINITIONS: Record<number, { label: string; proj: string | null }> = {
  4326: { label: 'WGS 84 (EPSG:4326)', proj: null },
  2154: {
    label: 'RGF93 / Lambert-93 (EPSG:2154)',
    proj: '+proj=lcc +lat_0=46.5 +lon_0=3 +lat_1=49 +lat_2=44 +x_0=700000 +y_0=6600000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  },
  3857: { label: 'WGS 84 / Pseudo-Mercator (EPSG:3857)', proj: '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +no_defs' },
  27572: {
    label: 'NTF (Paris) / Lambert zone II (EPSG:27572)',
    proj: '+proj=lcc +lat_1=46.8 +lat_0=46.8 +lon_0=0 +k_0=0.99987742 +x_0=600000 +y_0=2200000 +a=6378249.2 +b=6356515 +towgs84=-168,-60,320,0,0,0,0 +pm=paris +units=m +no_defs',
  },
};
for (let zone = 42; zone <= 50; zone += 1) {
  DEFINITIONS[3900 + zone] = { label: `RGF93 / CC${zone} (EPSG:${3900 + zone})`, proj: conicConformalZone(zone) };
}
for (const zone of [30, 31, 32]) {
  DEFINITIONS[32600 + zone] = { label: `WGS 84 / UTM ${zone}N (EPSG:${32600 + zone})`, proj: `+proj=utm +zone=${zone} +datum=WGS84 +units=m +no_defs` };
}

export const SUPPORTED_CRS: readonly CrsChoice[] = Object.entries(DEFINITIONS)
  .map(([code, { label }]) => ({ code: Number(code), label }))
  .sort((a, b) => (a.code === 4326 ? -1 : b.code === 4326 ? 1 : a.code === 2154 ? -1 : b.code === 2154 ? 1 : a.code - b.code));

export function isSupportedCrs(code: unknown): code is number {
  return typeof code === 'number' && Object.hasOwn(DEFINITIONS, String(code));
}

export type ToWgs84 = (x: number, y: number) => [number, number] | null;

/** A converter from the CRS to [lon, lat]; null for a position outside the world. */
export function toWgs84(code: number): ToWgs84 {
  const definition = DEFINITIONS[code];
  if (!definition) throw new Error(`unsupported CRS ${code}`);
  const inWorld = (lon: number, lat: number) => Number.isFinite(lon) && Number.isFinite(lat) && Math.abs(lon) <= 180 && Math.abs(lat) <= 90;
  if (definition.proj === null) return (x, y) => (inWorld(x, y) ? [x, y] : null);
  const converter = proj4(definition.proj, 'EPSG:4326');
  return (x, y) => {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
    const [lon, lat] = converter.forward([x, y]);
    return inWorld(lon, lat) ? [lon, lat] : null;
  };
}

/**
 * A real map server for the tests that check how the platform's SLD is drawn: Debian's MapServer 8
 * (`mapserver-bin`, `cgi-mapserver`) run as a CGI on a mapfile the test writes, asked a WMS GetMap
 * with the style's SLD as `SLD_BODY`, its PNG read as RGB pixels. Shared by the server test
 * (PostGIS layers) and the browser test (a GeoJSON file read through OGR).
 */
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

export const MAPSERV = ['/usr/bin/mapserv', '/usr/lib/cgi-bin/mapserv'].find((file) => existsSync(file)) ?? null;
const run = promisify(execFile);

/** Whether mapserv is there; without it a warning says what is skipped, and CI=true fails. */
export function mapserverReady(what: string): boolean {
  if (MAPSERV) return true;
  if (process.env.CI === 'true') throw new Error('MapServer (mapserv, Debian package cgi-mapserver) is missing: .ci/run installs it.');
  console.warn(`SKIPPED: ${what}, as mapserv is not installed (apt-get install -y mapserver-bin cgi-mapserver).`);
  return false;
}

export interface MapfileOptions {
  extent: readonly number[];
  width: number;
  height: number;
  /** The map's projection, e.g. `epsg:4326`. */
  projection: string;
  /** The LAYER blocks. */
  layers: string;
}

/** A mapfile drawing `layers` on white, in RGB PNG, served as WMS. */
export function mapfileOf({ extent, width, height, projection, layers }: MapfileOptions): string {
  return `MAP
  EXTENT ${extent.join(' ')}
  SIZE ${width} ${height}
  # Scales counted with the OGC's 0.28 mm pixel (90.714 dpi), as the platform's are; MapServer's default is 72 dpi.
  RESOLUTION 90.714
  DEFRESOLUTION 90.714
  IMAGECOLOR 255 255 255
  PROJECTION "init=${projection}" END
  OUTPUTFORMAT NAME "png" DRIVER AGG/PNG MIMETYPE "image/png" IMAGEMODE RGB EXTENSION "png" END
  WEB METADATA "wms_enable_request" "*" "wms_srs" "${projection.toUpperCase()}" "wms_title" "publish" END END
${layers}
END
`;
}

/** The RGB pixels of an image, by pixel column and row. */
export interface Pixels {
  width: number;
  height: number;
  at: (x: number, y: number) => [number, number, number];
}

export interface GetMapOptions {
  /** A directory of the test's own, where the mapfile and MapServer's configuration are written. */
  dir: string;
  mapfile: string;
  layer: string;
  sld: string;
  bbox: readonly number[];
  width: number;
  height: number;
  srs: string;
}

/** MapServer's WMS GetMap of the layer, styled by the SLD; fails with MapServer's answer unless it is a PNG. */
export async function getMap({ dir, mapfile, layer, sld, bbox, width, height, srs }: GetMapOptions): Promise<Pixels> {
  const map = path.join(dir, 'publish.map');
  const config = path.join(dir, 'mapserver.conf');
  writeFileSync(map, mapfile);
  // MapServer 8 reads a configuration file first, which must allow the mapfile named in the query.
  writeFileSync(config, `CONFIG\n  ENV\n    MS_MAP_PATTERN "^${dir}/"\n  END\nEND\n`);
  const query = new URLSearchParams({
    map, SERVICE: 'WMS', VERSION: '1.1.1', REQUEST: 'GetMap', LAYERS: layer, STYLES: '', SRS: srs,
    BBOX: bbox.join(','), WIDTH: String(width), HEIGHT: String(height), FORMAT: 'image/png', SLD_BODY: sld,
  });
  const { stdout } = await run(MAPSERV!, [], { env: { MAPSERVER_CONFIG_FILE: config, REQUEST_METHOD: 'GET', QUERY_STRING: query.toString() }, encoding: 'buffer', maxBuffer: 32 * 1024 * 1024 });
  const split = stdout.indexOf('\r\n\r\n');
  const header = stdout.subarray(0, split).toString();
  const body = stdout.subarray(split + 4);
  if (!/Content-Type: image\/png/.test(header)) throw new Error(`MapServer did not draw the map: ${header}\n${body.toString().slice(0, 2000)}`);
  return pixelsOfPng(body);
}

/** The RGB pixels of a PNG (its alpha dropped). */
export async function pixelsOfPng(png: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x, y) => {
      const offset = (Math.round(y) * info.width + Math.round(x)) * 3;
      return [data[offset], data[offset + 1], data[offset + 2]];
    },
  };
}

/** A colour as `#rrggbb`. */
export const hexOf = (rgb: readonly number[]) => `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

/**
 * A small local HTTP server speaking GeoServer's REST format (https://docs.geoserver.org/latest/en/api/):
 * JSON listings {"workspaces": {"workspace": [...]}}, an empty list as "", 404 for an unknown
 * workspace, layer or layer group; a layer with its feature type (`latLonBoundingBox`), a layer
 * group with its `bounds`; workspaces created by POST /workspaces {"workspace": {"name"}} and
 * PostGIS stores by POST /workspaces/{ws}/datastores {"dataStore": {"name", "connectionParameters":
 * {"entry": [{"@key", "$"}]}}} (201, or 409 when the name is taken); styles created by POST ?name=
 * and replaced by PUT, their SLD read with GeoStyler's parser (400 when it does not parse, or names a
 * column outside `styleColumns` when given); feature types created by POST and described again by PUT, checked as
 * GeoServer's PostGIS store needs them (declared EPSG:4326, one JTS geometry attribute, and with
 * `checkTable` the table's own geometry type and SRS); basic auth required.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import SldStyleParser from 'geostyler-sld-parser';
import { filterColumns, labelColumn, type Style } from '../../schemas/styles.ts';

export interface RecordedRequest {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

export interface GeoServerMock {
  url: string;
  requests: RecordedRequest[];
  styles: Map<string, string>;
  /** Each style's SLD as GeoStyler's parser reads it. */
  parsedStyles: Map<string, Style>;
  featureTypes: Set<string>;
  /** The last description of each published feature type. */
  featureTypeBodies: Map<string, PublishedFeatureType>;
  workspaces: Set<string>;
  /** `workspace/store` → its connection parameters (key → value). */
  stores: Map<string, Record<string, string>>;
  /** Every request answers 503, as a GeoServer that is down behind its proxy. */
  down: boolean;
  /** The next style request answers 500, as a GeoServer that cannot parse an SLD does. */
  failNextStyle: boolean;
  close(): Promise<void>;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/** The layers of the sample workspaces, with their boxes in degrees (GeoServer's topp:states and topp:roads samples). */
const LAYERS: Record<string, [number, number, number, number]> = { states: [-124.73, 24.96, -66.97, 49.37], roads: [-103.87, 44.37, -103.62, 44.5] };
const LAYER_GROUPS: Record<string, Record<string, [number, number, number, number]>> = { publish: { reseau: [4.8, 45.7, 4.99, 45.89] } };
const SAMPLE_WORKSPACES = ['publish', 'topp'];

/** A feature type as the platform publishes it (GeoServer's REST JSON). */
export interface PublishedFeatureType {
  name: string;
  nativeName?: string;
  srs?: string;
  nativeCRS?: string;
  projectionPolicy?: string;
  latLonBoundingBox?: { minx: number; maxx: number; miny: number; maxy: number };
  attributes?: { attribute?: Array<{ name: string; binding: string }> };
}

const JTS_GEOMETRIES = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'Geometry'].map((type) => `org.locationtech.jts.geom.${type}`);

/**
 * What GeoServer's PostGIS store would refuse or publish wrongly: no SRS, no geometry attribute
 * (or more than one), an unknown binding; and, given `checkTable`, a geometry type or SRS other
 * than the table's (its answer is the problem, or null).
 */
async function checkFeatureType(featureType: PublishedFeatureType, checkTable?: (featureType: PublishedFeatureType) => Promise<string | null>): Promise<string | null> {
  if (typeof featureType.name !== 'string' || featureType.nativeName !== featureType.name) return 'name and nativeName expected';
  if (featureType.srs !== 'EPSG:4326' || featureType.nativeCRS !== 'EPSG:4326') return `declared SRS EPSG:4326 expected, got ${featureType.srs}`;
  const attributes = featureType.attributes?.attribute ?? [];
  const geometries = attributes.filter((attribute) => attribute.binding.startsWith('org.locationtech.jts.geom.'));
  if (geometries.length !== 1 || !JTS_GEOMETRIES.includes(geometries[0].binding)) return 'exactly one JTS geometry attribute expected';
  return checkTable ? checkTable(featureType) : null;
}

export interface GeoServerMockOptions {
  /** Checks a published feature type against its table (as GeoServer reads it from PostGIS). */
  checkTable?: (featureType: PublishedFeatureType) => Promise<string | null>;
  /** The columns a style's SLD may name (any when unset). */
  styleColumns?: string[];
  /** Workspaces there at the start; default publish and topp. */
  workspaces?: string[];
  /** Stores there at the start (`workspace/store`); default publish/datastore. */
  stores?: string[];
}

export async function startGeoServerMock(options: GeoServerMockOptions = {}): Promise<GeoServerMock> {
  const requests: RecordedRequest[] = [];
  const styles = new Map<string, string>();
  const parsedStyles = new Map<string, Style>();
  const featureTypes = new Set<string>();
  const featureTypeBodies = new Map<string, PublishedFeatureType>();
  const workspaces = new Set(options.workspaces ?? SAMPLE_WORKSPACES);
  const stores = new Map((options.stores ?? ['publish/datastore']).map((key) => [key, {} as Record<string, string>]));
  const mock: GeoServerMock = {
    url: '',
    requests,
    styles,
    parsedStyles,
    featureTypes,
    featureTypeBodies,
    workspaces,
    stores,
    failNextStyle: false,
    down: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const expectedAuth = `Basic ${Buffer.from('admin:geo secret').toString('base64')}`;
  const server: Server = createServer(async (request, response) => {
    const body = await read(request);
    const url = new URL(request.url!, 'http://localhost');
    requests.push({ method: request.method!, url: url.pathname + url.search, contentType: request.headers['content-type'], body });
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (mock.down) {
      response.writeHead(503, { 'content-type': 'text/html' });
      return response.end('<html><body>Service Unavailable</body></html>');
    }
    if (request.headers.authorization !== expectedAuth) {
      response.writeHead(401, { 'www-authenticate': 'Basic realm="GeoServer Realm"' });
      return response.end();
    }
    const path = url.pathname.replace(/^\/geoserver\/rest\//, '');
    const href = (p: string) => `http://localhost:8080/geoserver/rest/${p}`;
    const notFound = (what: string) => {
      response.writeHead(404, { 'content-type': 'text/plain' });
      return response.end(what);
    };
    const parsed = (): Record<string, unknown> | null => {
      try {
        return JSON.parse(body) as Record<string, unknown>;
      } catch {
        return null;
      }
    };
    const box = ([minx, miny, maxx, maxy]: number[]) => ({ minx, maxx, miny, maxy, crs: 'EPSG:4326' });
    if (request.method === 'GET' && path === 'workspaces.json') {
      return json(200, { workspaces: { workspace: [...workspaces].map((name) => ({ name, href: href(`workspaces/${name}.json`) })) } });
    }
    if (request.method === 'POST' && path === 'workspaces') {
      const name = (parsed()?.workspace as { name?: unknown } | undefined)?.name;
      if (typeof name !== 'string' || request.headers['content-type'] !== 'application/json') return json(400, {});
      if (workspaces.has(name)) return json(409, {});
      workspaces.add(name);
      response.writeHead(201, { location: href(`workspaces/${name}`) });
      return response.end(name);
    }
    let match = /^workspaces\/([^/]+)\.json$/.exec(path);
    if (request.method === 'GET' && match) {
      const ws = decodeURIComponent(match[1]);
      return workspaces.has(ws) ? json(200, { workspace: { name: ws } }) : notFound(`No such workspace: '${ws}'`);
    }
    match = /^workspaces\/([^/]+)\/datastores(?:\/([^/]+)\.json)?$/.exec(path);
    if (match) {
      const ws = decodeURIComponent(match[1]);
      if (!workspaces.has(ws)) return notFound(`No such workspace: '${ws}'`);
      if (request.method === 'GET' && match[2]) {
        const key = `${ws}/${decodeURIComponent(match[2])}`;
        return stores.has(key) ? json(200, { dataStore: { name: match[2], type: 'PostGIS' } }) : notFound(`No such datastore: ${key}`);
      }
      if (request.method === 'POST' && !match[2]) {
        const store = parsed()?.dataStore as { name?: unknown; connectionParameters?: { entry?: Array<{ '@key': string; $: string }> } } | undefined;
        if (typeof store?.name !== 'string' || !Array.isArray(store.connectionParameters?.entry)) return json(400, {});
        const key = `${ws}/${store.name}`;
        if (stores.has(key)) return json(409, {});
        stores.set(key, Object.fromEntries(store.connectionParameters.entry.map((entry) => [entry['@key'], entry.$])));
        response.writeHead(201, { location: href(`workspaces/${ws}/datastores/${store.name}`) });
        return response.end(store.name);
      }
    }
    match = /^workspaces\/([^/]+)\/(layers|layergroups)\.json$/.exec(path);
    if (request.method === 'GET' && match) {
      const ws = decodeURIComponent(match[1]);
      if (!workspaces.has(ws)) return notFound(`No such workspace: '${ws}'`);
      const sample = SAMPLE_WORKSPACES.includes(ws);
      if (match[2] === 'layers') return json(200, sample ? { layers: { layer: Object.keys(LAYERS).map((name) => ({ name, href: href(`workspaces/${ws}/layers/${name}.json`) })) } } : { layers: '' });
      const groups = Object.keys(LAYER_GROUPS[ws] ?? {});
      return json(200, { layerGroups: groups.length ? { layerGroup: groups.map((name) => ({ name, href: href(`workspaces/${ws}/layergroups/${name}.json`) })) } : '' });
    }
    match = /^workspaces\/([^/]+)\/(layers|layergroups|featuretypes)\/([^/]+)\.json$/.exec(path);
    if (request.method === 'GET' && match) {
      const [ws, kind, name] = [decodeURIComponent(match[1]), match[2], decodeURIComponent(match[3])];
      if (!workspaces.has(ws)) return notFound(`No such workspace: '${ws}'`);
      const sample = SAMPLE_WORKSPACES.includes(ws);
      if (kind === 'layers' && sample && LAYERS[name]) {
        return json(200, { layer: { name, type: 'VECTOR', resource: { '@class': 'featureType', name: `${ws}:${name}`, href: href(`workspaces/${ws}/featuretypes/${name}.json`) } } });
      }
      if (kind === 'featuretypes' && sample && LAYERS[name]) return json(200, { featureType: { name, nativeName: name, latLonBoundingBox: box(LAYERS[name]) } });
      const group = LAYER_GROUPS[ws]?.[name];
      if (kind === 'layergroups' && group) return json(200, { layerGroup: { name, mode: 'SINGLE', bounds: box(group) } });
      return notFound(`No such ${kind.replace(/s$/, '')}: ${ws}:${name}`);
    }
    match = /^workspaces\/([^/]+)\/styles(?:\/([^/]+))?$/.exec(path);
    if (match && mock.failNextStyle) {
      mock.failNextStyle = false;
      response.writeHead(500, { 'content-type': 'text/plain' });
      return response.end('Error while parsing the SLD');
    }
    if (match) {
      const name = match[2] ? decodeURIComponent(match[2]) : url.searchParams.get('name');
      // GeoServer refuses an SLD it cannot read, or one naming attributes the layer lacks.
      const parsed = await new SldStyleParser().readStyle(body).catch((error: Error) => ({ output: undefined, errors: [error] }));
      const style = parsed.output;
      const named = style ? style.rules.flatMap((rule) => [...filterColumns(rule.filter), ...rule.symbolizers.map((symbolizer) => (symbolizer.kind === 'Text' ? labelColumn(symbolizer.label) : null)).filter((column): column is string => column !== null)]) : [];
      const unknown = options.styleColumns ? named.filter((column) => !options.styleColumns!.includes(column)) : [];
      if (!style || parsed.errors?.length || unknown.length > 0) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        return response.end(style ? `Unknown attributes: ${unknown.join(', ')}` : 'Error while parsing the SLD');
      }
      if (name) parsedStyles.set(name, style);
      if (request.method === 'PUT' && name) {
        if (!styles.has(name)) {
          response.writeHead(404);
          return response.end();
        }
        styles.set(name, body);
        response.writeHead(200);
        return response.end();
      }
      if (request.method === 'POST' && name && request.headers['content-type'] === 'application/vnd.ogc.sld+xml') {
        styles.set(name, body);
        response.writeHead(201, { location: href(`workspaces/${match[1]}/styles/${name}`) });
        return response.end(name);
      }
    }
    match = /^workspaces\/([^/]+)\/datastores\/([^/]+)\/featuretypes(?:\/([^/.]+)(\.json)?)?$/.exec(path);
    if (match) {
      if (request.method === 'GET' && match[3] && match[4]) return featureTypes.has(match[3]) ? json(200, { featureType: { name: match[3] } }) : json(404, {});
      if ((request.method === 'POST' && !match[3]) || (request.method === 'PUT' && match[3] && !match[4])) {
        if (request.method === 'PUT' && !featureTypes.has(match[3])) return json(404, {});
        const featureType = (parsed()?.featureType ?? null) as PublishedFeatureType | null;
        const problem = featureType ? await checkFeatureType(featureType, options.checkTable) : 'no featureType';
        if (problem) {
          response.writeHead(400, { 'content-type': 'text/plain' });
          return response.end(problem);
        }
        featureTypes.add(featureType!.name);
        featureTypeBodies.set(featureType!.name, featureType!);
        response.writeHead(request.method === 'POST' ? 201 : 200);
        return response.end();
      }
    }
    response.writeHead(405);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  mock.url = `http://admin:geo%20secret@127.0.0.1:${port}/geoserver/`;
  return mock;
}

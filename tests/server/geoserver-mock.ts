/**
 * A small local HTTP server speaking GeoServer's REST format (https://docs.geoserver.org/latest/en/api/):
 * JSON listings {"workspaces": {"workspace": [...]}}, an empty list as "", 404 for an unknown
 * workspace, styles created by POST ?name= and replaced by PUT, basic auth required.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  featureTypes: Set<string>;
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

export async function startGeoServerMock(): Promise<GeoServerMock> {
  const requests: RecordedRequest[] = [];
  const styles = new Map<string, string>();
  const featureTypes = new Set<string>();
  const mock: GeoServerMock = {
    url: '',
    requests,
    styles,
    featureTypes,
    failNextStyle: false,
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
    if (request.headers.authorization !== expectedAuth) {
      response.writeHead(401, { 'www-authenticate': 'Basic realm="GeoServer Realm"' });
      return response.end();
    }
    const path = url.pathname.replace(/^\/geoserver\/rest\//, '');
    const href = (p: string) => `http://localhost:8080/geoserver/rest/${p}`;
    if (request.method === 'GET' && path === 'workspaces.json') {
      return json(200, { workspaces: { workspace: [{ name: 'publish', href: href('workspaces/publish.json') }, { name: 'topp', href: href('workspaces/topp.json') }] } });
    }
    let match = /^workspaces\/([^/]+)\/(layers|layergroups)\.json$/.exec(path);
    if (request.method === 'GET' && match) {
      const ws = decodeURIComponent(match[1]);
      if (!['publish', 'topp'].includes(ws)) {
        response.writeHead(404, { 'content-type': 'text/plain' });
        return response.end(`No such workspace: '${ws}'`);
      }
      if (match[2] === 'layers') return json(200, { layers: { layer: [{ name: 'states', href: href(`workspaces/${ws}/layers/states.json`) }, { name: 'roads', href: href(`workspaces/${ws}/layers/roads.json`) }] } });
      return json(200, { layerGroups: '' });
    }
    match = /^workspaces\/([^/]+)\/styles(?:\/([^/]+))?$/.exec(path);
    if (match && mock.failNextStyle) {
      mock.failNextStyle = false;
      response.writeHead(500, { 'content-type': 'text/plain' });
      return response.end('Error while parsing the SLD');
    }
    if (match) {
      const name = match[2] ? decodeURIComponent(match[2]) : url.searchParams.get('name');
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
    match = /^workspaces\/([^/]+)\/datastores\/([^/]+)\/featuretypes(?:\/([^/]+)\.json)?$/.exec(path);
    if (match) {
      if (request.method === 'GET' && match[3]) return featureTypes.has(match[3]) ? json(200, { featureType: { name: match[3] } }) : json(404, {});
      if (request.method === 'POST') {
        featureTypes.add((JSON.parse(body) as { featureType: { name: string } }).featureType.name);
        response.writeHead(201);
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

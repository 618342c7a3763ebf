/**
 * The map server, GeoServer, spoken to through its REST API (https://docs.geoserver.org/latest/en/api/)
 * when MAPSERVER_URL is set: workspaces, layers and layer groups listed, feature types published,
 * styles uploaded as SLD. The URL is a setting, not user input; the names in paths are encoded.
 * Credentials in the URL become a basic-auth header (fetch refuses them in the URL).
 */
const TIMEOUT_MS = 30_000;
/** GeoServer's listings are small; anything larger is not what we asked for. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export class MapserverError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface NamedLink {
  name: string;
  href?: string;
}

let configuredUrl: string | null = null;
let storeUrl: string | null = null;

/**
 * `url`: MAPSERVER_URL. `datastoreUrl`: how the map server reaches the datastore's PostgreSQL
 * (MAPSERVER_DATASTORE_URL, else DATASTORE_URL, else DATABASE_URL), used to create its store.
 */
export function configureMapserver(url: string | null, datastoreUrl: string | null = null): void {
  configuredUrl = url;
  storeUrl = datastoreUrl;
}

/** The connection the map server's PostGIS store is created with, or null when none is known. */
export function mapserverStoreUrl(): string | null {
  return storeUrl;
}

/** A layer of the map server, or a group of layers. */
export const MAPSERVER_LAYER_TYPES = ['layer', 'layergroup'] as const;
export type MapserverLayerType = (typeof MAPSERVER_LAYER_TYPES)[number];

/** [minlon, minlat, maxlon, maxlat] in WGS 84. */
export type LonLatBox = [number, number, number, number];

/** GeoServer's {minx, maxx, miny, maxy} as a box, when its four numbers are there and in degrees. */
function lonLatBox(value: unknown): LonLatBox | null {
  const box = value as { minx?: unknown; miny?: unknown; maxx?: unknown; maxy?: unknown } | null;
  if (!box || typeof box !== 'object') return null;
  const numbers = [box.minx, box.miny, box.maxx, box.maxy].map(Number);
  if (!numbers.every(Number.isFinite)) return null;
  const [minLon, minLat, maxLon, maxLat] = numbers;
  if (minLon < -180 || maxLon > 180 || minLat < -90 || maxLat > 90 || minLon > maxLon || minLat > maxLat) return null;
  return [minLon, minLat, maxLon, maxLat];
}

/** PostGIS store parameters (GeoServer's `connectionParameters.entry`) of a PostgreSQL URL. */
export function storeParameters(url: string, schema: string): Array<{ '@key': string; $: string }> {
  const parsed = new URL(url);
  const values: Record<string, string> = {
    dbtype: 'postgis',
    host: parsed.hostname,
    port: parsed.port || '5432',
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
    schema,
    user: decodeURIComponent(parsed.username),
    passwd: decodeURIComponent(parsed.password),
  };
  return Object.entries(values).map(([key, value]) => ({ '@key': key, $: value }));
}

export function mapserverConfigured(): boolean {
  return configuredUrl !== null;
}

/** The names GeoServer lists under {outer: {inner: [...]}}; an empty list is "" in its JSON. */
function namedList(body: unknown, outer: string, inner: string): NamedLink[] {
  const container = (body as Record<string, unknown> | null)?.[outer];
  const items = container && typeof container === 'object' ? (container as Record<string, unknown>)[inner] : [];
  const list = Array.isArray(items) ? items : items && typeof items === 'object' ? [items] : [];
  return list
    .filter((item): item is { name: string; href?: unknown } => !!item && typeof item === 'object' && typeof item.name === 'string')
    .map((item) => ({ name: item.name, ...(typeof item.href === 'string' ? { href: item.href } : {}) }));
}

export class GeoServerClient {
  private readonly base: string;
  private readonly authorization: string | null;

  constructor(url: string) {
    const parsed = new URL(url);
    this.authorization = parsed.username
      ? `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64')}`
      : null;
    parsed.username = '';
    parsed.password = '';
    this.base = parsed.toString().replace(/\/+$/, '');
  }

  private async request(method: string, path: string, body?: { type: string; text: string }): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.authorization) headers.authorization = this.authorization;
    if (body) headers['content-type'] = body.type;
    let response: Response;
    try {
      response = await fetch(`${this.base}/rest/${path}`, { method, headers, body: body?.text, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new MapserverError(0, (error as Error).message);
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_BODY_BYTES) throw new MapserverError(response.status, 'answer too large');
    const text = await response.text();
    if (text.length > MAX_BODY_BYTES) throw new MapserverError(response.status, 'answer too large');
    return { status: response.status, text };
  }

  private async json(path: string): Promise<unknown> {
    const { status, text } = await this.request('GET', path);
    if (status === 404) return null;
    if (status !== 200) throw new MapserverError(status, `HTTP ${status}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new MapserverError(status, 'not JSON');
    }
  }

  async workspaces(): Promise<NamedLink[]> {
    return namedList(await this.json('workspaces.json'), 'workspaces', 'workspace');
  }

  /** Null when the workspace does not exist. */
  async layers(workspace: string): Promise<NamedLink[] | null> {
    const body = await this.json(`workspaces/${encodeURIComponent(workspace)}/layers.json`);
    return body === null ? null : namedList(body, 'layers', 'layer');
  }

  async layerGroups(workspace: string): Promise<NamedLink[] | null> {
    const body = await this.json(`workspaces/${encodeURIComponent(workspace)}/layergroups.json`);
    return body === null ? null : namedList(body, 'layerGroups', 'layerGroup');
  }

  /**
   * A layer or layer group with its box in WGS 84 (null when GeoServer gives none in degrees), or
   * null when it does not exist. A layer's box is its feature type's `latLonBoundingBox`.
   */
  async layerInfo(type: MapserverLayerType, workspace: string, name: string): Promise<{ bbox: LonLatBox | null } | null> {
    const ws = `workspaces/${encodeURIComponent(workspace)}`;
    if (type === 'layergroup') {
      const body = (await this.json(`${ws}/layergroups/${encodeURIComponent(name)}.json`)) as { layerGroup?: { bounds?: { crs?: unknown } } } | null;
      if (!body?.layerGroup) return null;
      const bounds = body.layerGroup.bounds;
      return { bbox: bounds && /^EPSG:4326$/i.test(String(bounds.crs ?? '')) ? lonLatBox(bounds) : null };
    }
    const body = (await this.json(`${ws}/layers/${encodeURIComponent(name)}.json`)) as { layer?: { resource?: { '@class'?: unknown; name?: unknown } } } | null;
    if (!body?.layer) return null;
    const resource = body.layer.resource;
    if (resource?.['@class'] !== 'featureType') return { bbox: null };
    const featureType = String(resource.name ?? name).split(':').pop()!;
    const described = (await this.json(`${ws}/featuretypes/${encodeURIComponent(featureType)}.json`)) as { featureType?: { latLonBoundingBox?: unknown } } | null;
    return { bbox: lonLatBox(described?.featureType?.latLonBoundingBox) };
  }

  /** Creates the workspace when it is missing. */
  async ensureWorkspace(workspace: string): Promise<void> {
    if ((await this.json(`workspaces/${encodeURIComponent(workspace)}.json`)) !== null) return;
    const created = await this.request('POST', 'workspaces', { type: 'application/json', text: JSON.stringify({ workspace: { name: workspace } }) });
    if (created.status !== 201 && created.status !== 200) throw new MapserverError(created.status, `HTTP ${created.status}: ${created.text.slice(0, 200)}`);
  }

  /** Creates the workspace's PostGIS store when it is missing; `parameters` only when it must be created. */
  async ensureDatastore(workspace: string, store: string, parameters: () => Array<{ '@key': string; $: string }>): Promise<void> {
    const stores = `workspaces/${encodeURIComponent(workspace)}/datastores`;
    if ((await this.json(`${stores}/${encodeURIComponent(store)}.json`)) !== null) return;
    const body = { dataStore: { name: store, connectionParameters: { entry: parameters() } } };
    const created = await this.request('POST', stores, { type: 'application/json', text: JSON.stringify(body) });
    if (created.status !== 201 && created.status !== 200) throw new MapserverError(created.status, `HTTP ${created.status}: ${created.text.slice(0, 200)}`);
  }

  /** Creates the style or replaces its SLD. */
  async putStyle(workspace: string, name: string, sld: string): Promise<void> {
    const styles = `workspaces/${encodeURIComponent(workspace)}/styles`;
    const body = { type: 'application/vnd.ogc.sld+xml', text: sld };
    const updated = await this.request('PUT', `${styles}/${encodeURIComponent(name)}`, body);
    if (updated.status === 200 || updated.status === 201) return;
    if (updated.status !== 404) throw new MapserverError(updated.status, `HTTP ${updated.status}: ${updated.text.slice(0, 200)}`);
    const created = await this.request('POST', `${styles}?name=${encodeURIComponent(name)}`, body);
    if (created.status !== 201 && created.status !== 200) throw new MapserverError(created.status, `HTTP ${created.status}: ${created.text.slice(0, 200)}`);
  }

  /**
   * Publishes a table of the workspace's datastore as a feature type (and so a layer): its
   * attributes with their Java bindings (the geometry's JTS class), its SRS declared; an existing
   * one is described again (its boxes recomputed), since a reload may change its geometry type.
   */
  async publishFeatureType(workspace: string, store: string, name: string, title: string, description: FeatureTypeDescription): Promise<void> {
    const path = `workspaces/${encodeURIComponent(workspace)}/datastores/${encodeURIComponent(store)}/featuretypes`;
    const box = description.bbox && { minx: description.bbox[0], maxx: description.bbox[2], miny: description.bbox[1], maxy: description.bbox[3], crs: description.srs };
    const featureType = {
      name, nativeName: name, title, enabled: true, srs: description.srs, nativeCRS: description.srs, projectionPolicy: 'FORCE_DECLARED',
      ...(box ? { nativeBoundingBox: box, latLonBoundingBox: box } : {}),
      attributes: { attribute: description.attributes.map((attribute) => ({ ...attribute, minOccurs: 0, maxOccurs: 1, nillable: true })) },
    };
    const body = { type: 'application/json', text: JSON.stringify({ featureType }) };
    const existing = await this.request('GET', `${path}/${encodeURIComponent(name)}.json`);
    const written = existing.status === 200
      ? await this.request('PUT', `${path}/${encodeURIComponent(name)}?recalculate=nativebbox,latlonbbox`, body)
      : await this.request('POST', path, body);
    if (written.status !== 201 && written.status !== 200) throw new MapserverError(written.status, `HTTP ${written.status}: ${written.text.slice(0, 200)}`);
  }
}

/** What a published feature type says of its table. */
export interface FeatureTypeDescription {
  srs: string;
  /** [minlon, minlat, maxlon, maxlat], null for an empty layer. */
  bbox: [number, number, number, number] | null;
  attributes: Array<{ name: string; binding: string }>;
}

/** The configured map server, or null when MAPSERVER_URL is unset. */
export function mapserverClient(): GeoServerClient | null {
  return configuredUrl ? new GeoServerClient(configuredUrl) : null;
}

/** Where the platform's layers and styles go on the map server. */
export const MAPSERVER_WORKSPACE = 'publish';
export const MAPSERVER_STORE = 'datastore';

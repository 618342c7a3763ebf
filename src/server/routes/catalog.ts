/**
 * GET /{locale}/dataset/catalog/: the public DCAT-AP catalogue that national portals harvest
 * (data.gouv.fr's DCAT backend, ckanext-dcat). No sign-in, read-only; see feed.ts for what it lists.
 *
 * - Format: `?format=ttl|jsonld|rdf|xml`, else the Accept header (text/turtle, application/ld+json or
 *   application/json, application/rdf+xml or application/xml), else Turtle.
 * - Paging: `?page=` (from 1) and `?page_size=` (1 to 100, default 50); the hydra:PartialCollectionView
 *   names first, previous, next and last pages in the answer's own format. A page past the last one
 *   is empty (no hydra:next), still 200.
 * - `?q=`: full-text search over the listed datasets (French stemming, accents ignored, prefixes).
 * - Bad parameters: 400 {"field": ["message"]}.
 * - Cache-Control: public, max-age=300, with an ETag of the answer (304 when it did not change); no cookie.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../../schemas/constants.ts';
import type { ServerConfig } from '../config.ts';
import { ValidationError, type FieldErrors } from '../http/errors.ts';
import { t } from '../i18n.ts';
import { feedQuads, readFeedPage, type FeedLinks } from '../catalog/feed.ts';
import { FORMATS, serialize, type Format } from '../catalog/serialize.ts';

export const CATALOG_PATH = '/dataset/catalog/';
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
const MAX_PAGE = 10_000_000;
const MAX_SEARCH_WORDS = 10;
const MAX_AGE_SECONDS = 300;

const FORMAT_NAMES: Record<string, Format> = { ttl: 'ttl', jsonld: 'jsonld', rdf: 'rdf', xml: 'rdf' };
const ACCEPTED_TYPES: Record<string, Format> = {
  'text/turtle': 'ttl',
  'application/x-turtle': 'ttl',
  'application/ld+json': 'jsonld',
  'application/json': 'jsonld',
  'application/rdf+xml': 'rdf',
  'application/xml': 'rdf',
  'text/xml': 'rdf',
};
export const DEFAULT_FORMAT: Format = 'ttl';

type Query = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** The format the Accept header prefers among ours (highest q, then the order given), or null. */
export function formatFromAccept(accept: string | undefined): Format | null {
  if (!accept) return null;
  let best: { format: Format; q: number } | null = null;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const format = Object.hasOwn(ACCEPTED_TYPES, type.trim()) ? ACCEPTED_TYPES[type.trim()] : undefined;
    if (!format || !(q > 0)) continue;
    if (!best || q > best.q) best = { format, q };
  }
  return best?.format ?? null;
}

interface CatalogParams {
  format: Format;
  page: number;
  pageSize: number;
  q: string;
  words: string[];
}

function parseParams(query: Query, accept: string | undefined, locale: Locale): CatalogParams {
  const errors: FieldErrors = {};
  const rawFormat = single(query.format)?.trim().toLowerCase();
  let format = formatFromAccept(accept) ?? DEFAULT_FORMAT;
  if (rawFormat !== undefined && rawFormat !== '') {
    if (Object.hasOwn(FORMAT_NAMES, rawFormat)) format = FORMAT_NAMES[rawFormat];
    else errors.format = [t(locale, 'catalogFormat', { formats: Object.keys(FORMAT_NAMES).join(', ') })];
  }
  const whole = (name: string, raw: string | undefined, fallback: number, max: number, message: () => string): number => {
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = /^\d{1,9}$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!(value >= 1 && value <= max)) {
      errors[name] = [message()];
      return fallback;
    }
    return value;
  };
  const page = whole('page', single(query.page), 1, MAX_PAGE, () => t(locale, 'catalogPage'));
  const pageSize = whole('page_size', single(query.page_size), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, () =>
    t(locale, 'catalogPageSize', { max: MAX_PAGE_SIZE }),
  );
  const q = (single(query.q) ?? '').trim().slice(0, 500);
  const words = q.match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_SEARCH_WORDS) ?? [];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { format, page, pageSize, q, words };
}

/** The feed's addresses, absolute, from PUBLIC_URL and PORTAL_URL (never from the request's Host). */
function feedLinks(locale: Locale, { portalUrl, publicUrl }: Pick<ServerConfig, 'portalUrl' | 'publicUrl'>, { format, pageSize, q }: CatalogParams): FeedLinks {
  const portal = new URL(portalUrl, publicUrl).href;
  const catalog = new URL(`${locale}${CATALOG_PATH}`, publicUrl).href;
  return {
    catalog,
    portal: portal.endsWith('/') ? portal : `${portal}/`,
    page: (page) => {
      const search = new URLSearchParams({ format, page: String(page), page_size: String(pageSize) });
      if (q !== '') search.set('q', q);
      return `${catalog}?${search.toString()}`;
    },
  };
}

export default async function catalogRoutes(app: FastifyInstance) {
  // A public, cacheable answer sets no cookie (the CSRF one would be stored by shared caches); this
  // hook only runs for the routes of this plugin, after the cookie plugin wrote its headers.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.removeHeader('set-cookie');
    return payload;
  });
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = parseParams(request.query as Query, request.headers.accept, request.locale);
    const feed = await readFeedPage(app.db, { page: params.page, pageSize: params.pageSize, words: params.words });
    const quads = feedQuads(feed, feedLinks(request.locale, app.config, params), {
      page: params.page,
      pageSize: params.pageSize,
      locale: request.locale,
    });
    const body = await serialize(quads, params.format);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
    reply
      .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
      .header('vary', 'Accept')
      .header('access-control-allow-origin', '*')
      .header('etag', etag);
    if (feed.modified) reply.header('last-modified', feed.modified.toUTCString());
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
    return reply.type(`${FORMATS[params.format]}; charset=utf-8`).send(body);
  };
  // Both spellings answer: harvesters given either address never meet a redirect.
  const openapi = {
    summary: 'The DCAT-AP 3.0 catalogue of the listed datasets, paged (Hydra), in Turtle, JSON-LD or RDF/XML (`format`, or Accept)',
    produces: Object.values(FORMATS),
    query: {
      format: { enum: Object.keys(FORMAT_NAMES), description: 'The format, rather than Accept' },
      page: { type: 'integer', minimum: 1, maximum: MAX_PAGE },
      page_size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
      q: { type: 'string', description: 'Words the datasets hold' },
    },
    also: { 304: { description: 'Not modified since the ETag given' } },
  };
  for (const url of [CATALOG_PATH, CATALOG_PATH.slice(0, -1)]) {
    app.get(url, { config: { auth: 'none', openapi } }, handler);
  }
}

/**
 * Every HTTP request the server makes to a URL someone gave it (a resource to download, a link to
 * check, a remote catalogue to harvest) goes through here, so nobody can use the server to reach
 * what only the server reaches:
 * - http and https only; every address a host name resolves to is checked at connection time (no
 *   DNS rebinding between the check and the connection), and addresses of loopback, private,
 *   link-local and other special networks are refused unless the setting allows them;
 * - redirects are followed a bounded number of times, each hop checked again;
 * - the answer's headers must come within a time limit, and the body may not pause longer than it;
 * - the body is a stream that fails once it passes the size limit (never buffered here).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';

export type OutboundErrorCode =
  | 'invalid-url'
  | 'private-address'
  | 'unreachable'
  | 'timeout'
  | 'too-large'
  | 'too-many-redirects'
  | 'http-status'
  | 'aborted';

/** Why an outbound request failed; `status` is the remote's answer for 'http-status'. */
export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundOptions {
  /** Longest wait for the answer's headers, and longest pause while the body streams. Default 30 s. */
  timeoutMs?: number;
  /** Largest body accepted, in bytes. Default 100 MiB. */
  maxBytes?: number;
  /** Redirects followed before giving up. Default 5. */
  maxRedirects?: number;
  /** Reach loopback and private networks too (tests, intranet deployments). Default false. */
  allowPrivate?: boolean;
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Statuses answered rather than thrown as 'http-status'. Default: 2xx only. */
  acceptStatus?: (status: number) => boolean;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The URL that answered, after redirects. */
  url: string;
  /** The body, failing with OutboundError('too-large') past maxBytes. Consume or destroy it. */
  body: Readable;
}

const DEFAULTS = { timeoutMs: 30_000, maxBytes: 100 * 1024 * 1024, maxRedirects: 5 };
const USER_AGENT = 'Publish (open-data back-office)';

/** Networks no user-given URL may reach: RFC 6890 special-purpose ranges. */
const SPECIAL_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) SPECIAL_NETWORKS.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // ::/96 holds ::, ::1 and the deprecated IPv4-compatible addresses; ::ffff:0:0:0/96 the
  // IPv4-translated ones (SIIT): neither is a way to reach a public host.
  ['::', 96], ['::ffff:0:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32],
  ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) SPECIAL_NETWORKS.addSubnet(network, prefix, 'ipv6');

/** True for an address on a loopback, private, link-local, shared, reserved or multicast network. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return SPECIAL_NETWORKS.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: never connect to it
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return SPECIAL_NETWORKS.check(mapped[1], 'ipv4');
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) {
    const high = parseInt(hexMapped[1], 16);
    const low = parseInt(hexMapped[2], 16);
    return SPECIAL_NETWORKS.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return SPECIAL_NETWORKS.check(address, 'ipv6');
}

/** `raw` as a URL to request, resolved against `base` (a redirect's Location); OutboundError('invalid-url') otherwise. */
function parseTarget(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new OutboundError('invalid-url', `Not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('invalid-url', `Only http and https URLs are fetched, not ${url.protocol}`);
  if (!url.hostname) throw new OutboundError('invalid-url', `No host in ${raw}`);
  return url;
}

/** A DNS lookup that refuses host names resolving to a special network, checked at connection time. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = allowPrivate ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused) {
        return callback(new OutboundError('private-address', `${hostname} resolves to ${refused.address}, a private address`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function limitBody(response: IncomingMessage, maxBytes: number, timeoutMs: number): Readable {
  let received = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > maxBytes) callback(new OutboundError('too-large', `The answer is larger than ${maxBytes} bytes`));
      else callback(null, chunk);
    },
  });
  response.setTimeout(timeoutMs, () => response.destroy(new OutboundError('timeout', `The answer paused for more than ${timeoutMs} ms`)));
  response.on('error', (error) => limited.destroy(error instanceof OutboundError ? error : new OutboundError('unreachable', error.message)));
  limited.on('close', () => {
    if (!response.complete) response.destroy();
  });
  return response.pipe(limited);
}

function requestOnce(url: URL, options: Required<Pick<OutboundOptions, 'timeoutMs' | 'allowPrivate' | 'method'>> & OutboundOptions): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !options.allowPrivate && isPrivateAddress(host)) {
    return Promise.reject(new OutboundError('private-address', `${host} is a private address`));
  }
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, {
      method: options.method,
      headers: { 'user-agent': USER_AGENT, accept: '*/*', ...options.headers },
      lookup: guardedLookup(options.allowPrivate),
      signal: options.signal,
      agent: false,
    });
    const timer = setTimeout(() => request.destroy(new OutboundError('timeout', `No answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    request.on('response', (response) => {
      clearTimeout(timer);
      resolve(response);
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      if (error instanceof OutboundError) reject(error);
      else if (error.name === 'AbortError') reject(new OutboundError('aborted', 'The request was cancelled'));
      else reject(new OutboundError('unreachable', `${url.host}: ${error.message}`));
    });
    request.end();
  });
}

/** Requests `rawUrl` under the rules above; the caller reads or destroys the returned body. */
export async function fetchOutbound(rawUrl: string, options: OutboundOptions = {}): Promise<OutboundResponse> {
  const settings = { ...DEFAULTS, allowPrivate: false, method: 'GET' as const, ...options };
  const accept = settings.acceptStatus ?? ((status: number) => status >= 200 && status < 300);
  let url = parseTarget(rawUrl);
  let method = settings.method;
  for (let redirects = 0; ; redirects += 1) {
    const response = await requestOnce(url, { ...settings, method });
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && status !== 304 && location) {
      response.resume();
      if (redirects >= settings.maxRedirects) throw new OutboundError('too-many-redirects', `More than ${settings.maxRedirects} redirects`);
      url = parseTarget(location, url);
      if (status === 303) method = 'GET';
      continue;
    }
    if (!accept(status)) {
      response.resume();
      throw new OutboundError('http-status', `${url.host} answered HTTP ${status}`, status);
    }
    const length = Number(response.headers['content-length']);
    if (Number.isFinite(length) && length > settings.maxBytes) {
      response.destroy();
      throw new OutboundError('too-large', `The answer announces ${length} bytes, more than ${settings.maxBytes}`);
    }
    return { status, headers: response.headers, url: url.toString(), body: limitBody(response, settings.maxBytes, settings.timeoutMs) };
  }
}

/** The whole body as text (UTF-8), for answers small enough to hold: catalogue pages, not files. */
export async function fetchOutboundText(rawUrl: string, options: OutboundOptions = {}): Promise<OutboundResponse & { text: string }> {
  const response = await fetchOutbound(rawUrl, options);
  const chunks: Buffer[] = [];
  for await (const chunk of response.body) chunks.push(chunk as Buffer);
  return { ...response, text: Buffer.concat(chunks).toString('utf8') };
}

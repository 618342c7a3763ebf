/**
 * Content checks of a resource file against its format, while it streams (spec, section 5): magic
 * bytes for binary formats, UTF-8 for text formats (the first bad line is named), a header line
 * and a delimiter for CSV, a JSON start for JSON and GeoJSON. The head of the file gives the
 * columns and the preview rows. Failures are ContentError with a message code.
 */
import { PREVIEW_ROWS } from '../../../schemas/resources.ts';
import type { MessageKey } from '../i18n.ts';
import { createUtf8Validator } from '../uploads/checks.ts';

export class ContentError extends Error {
  constructor(
    readonly code: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'ContentError';
  }
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const SIGNATURES: Record<string, number[][]> = {
  zip: [ZIP],
  shp: [ZIP, [0x00, 0x00, 0x27, 0x0a]],
  xlsx: [ZIP],
  ods: [ZIP],
  odt: [ZIP],
  docx: [ZIP],
  kmz: [ZIP],
  pdf: [[0x25, 0x50, 0x44, 0x46, 0x2d]],
  png: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  jpeg: [[0xff, 0xd8, 0xff]],
  xls: [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  gpkg: [[0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66, 0x6f, 0x72, 0x6d, 0x61, 0x74, 0x20, 0x33, 0x00]],
  geotiff: [[0x49, 0x49, 0x2a, 0x00], [0x4d, 0x4d, 0x00, 0x2a]],
};
const TEXT_FORMATS = new Set(['csv', 'tsv', 'json', 'geojson', 'xml', 'txt', 'kml', 'gml', 'html', 'rdf']);
const DELIMITED = new Set(['csv', 'tsv']);
const HEAD_BYTES = 64 * 1024;
const DELIMITERS = [',', ';', '\t', '|'];

export interface ContentSummary {
  /** Header names (CSV) or property names (GeoJSON) found at the start of the file. */
  columns: string[];
  preview: string[][];
}

export interface ContentInspector {
  /** Sees the next chunk; throws ContentError as soon as the content is known to be wrong. */
  inspect(chunk: Buffer): void;
  /** At the end of the file: the last checks, then its columns and preview rows. */
  finish(): ContentSummary;
}

function startsWith(bytes: Buffer, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

/** Splits CSV text into records (quotes, doubled quotes, CRLF), at most `limit` complete records. */
export function parseCsv(text: string, delimiter: string, limit: number): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length && records.length < limit; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  return records;
}

/** The delimiter used most in the header line (outside quotes). */
export function detectDelimiter(line: string): string {
  let best = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = parseCsv(`${line}\n`, delimiter, 1)[0]?.length ?? 0;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

function csvSummary(head: string, complete: boolean): ContentSummary {
  const text = head.replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  if (firstLine.trim() === '') throw new ContentError('resource.csvHeader');
  const delimiter = detectDelimiter(firstLine);
  // Without the end of the file, the last record of the head may be cut: it is left out.
  const records = parseCsv(complete && !/[\r\n]$/.test(text) ? `${text}\n` : text, delimiter, PREVIEW_ROWS + 1);
  const [header, ...rows] = records;
  // A first line that does not end within the head read is not a missing header: it is too long to read.
  if (header === undefined && !complete) throw new ContentError('resource.csvHeaderTooLong', { max: HEAD_BYTES / 1024 });
  const columns = (header ?? []).map((name) => name.trim());
  if (columns.length === 0 || columns.every((name) => name === '')) throw new ContentError('resource.csvHeader');
  return { columns, preview: rows.filter((row) => row.some((value) => value !== '')).slice(0, PREVIEW_ROWS) };
}

function geojsonSummary(value: unknown): ContentSummary {
  const features = (value as { features?: unknown })?.features;
  if (!Array.isArray(features)) return { columns: [], preview: [] };
  const columns: string[] = [];
  for (const feature of features.slice(0, 50)) {
    for (const name of Object.keys((feature as { properties?: object })?.properties ?? {})) if (!columns.includes(name)) columns.push(name);
  }
  const preview = features.slice(0, PREVIEW_ROWS).map((feature) => {
    const properties = ((feature as { properties?: Record<string, unknown> })?.properties ?? {}) as Record<string, unknown>;
    return columns.map((name) => (properties[name] == null ? '' : typeof properties[name] === 'object' ? JSON.stringify(properties[name]) : String(properties[name])));
  });
  return { columns, preview };
}

// eslint-disable-next-line no-control-regex -- PostgreSQL text holds no NUL
const NUL = /\u0000/g;

/** The summary without NUL characters, which the database cannot keep (the load drops them too). */
function withoutNul(summary: ContentSummary): ContentSummary {
  return {
    columns: summary.columns.map((name) => name.replace(NUL, '')),
    preview: summary.preview.map((row) => row.map((value) => value.replace(NUL, ''))),
  };
}

/** An inspector for a file of the format `codename` (data_formats.codename; unknown formats pass). */
export function contentInspector(codename: string | null): ContentInspector {
  const format = codename ?? '';
  const text = TEXT_FORMATS.has(format);
  const utf8 = createUtf8Validator();
  const headChunks: Buffer[] = [];
  let headSize = 0;
  let total = 0;
  let lines = 0;

  return {
    inspect(chunk) {
      if (headSize < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headSize);
        headChunks.push(part);
        headSize += part.length;
      }
      total += chunk.length;
      if (text && !utf8.push(chunk)) {
        // The line of the first undecodable byte: lines before this chunk, plus those before it here.
        const decoded = chunk.toString('utf8');
        const bad = decoded.indexOf('\uFFFD');
        const before = bad < 0 ? decoded : decoded.slice(0, bad);
        throw new ContentError('resource.notUtf8', { line: lines + (before.match(/\n/g)?.length ?? 0) + 1 });
      }
      if (text) for (const byte of chunk) if (byte === 0x0a) lines++;
    },
    finish() {
      const head = Buffer.concat(headChunks);
      if (total === 0) throw new ContentError('resource.emptyFile');
      const signatures = SIGNATURES[format];
      if (signatures && !signatures.some((signature) => startsWith(head, signature))) {
        throw new ContentError('resource.wrongContent', { format: format.toUpperCase() });
      }
      if (!text) return { columns: [], preview: [] };
      if (!utf8.end()) throw new ContentError('resource.notUtf8', { line: lines + 1 });
      const complete = total <= HEAD_BYTES;
      const decoded = head.toString('utf8').replace(/\uFFFD+$/, '');
      if (DELIMITED.has(format)) return withoutNul(csvSummary(decoded, complete));
      if (format === 'json' || format === 'geojson') {
        const start = decoded.replace(/^\uFEFF/, '').trimStart();
        if (!start.startsWith('{') && !start.startsWith('[')) throw new ContentError('resource.wrongContent', { format: format.toUpperCase() });
        if (!complete) return { columns: [], preview: [] };
        let value: unknown;
        try {
          value = JSON.parse(start);
        } catch {
          throw new ContentError('resource.wrongContent', { format: format.toUpperCase() });
        }
        if (format === 'geojson' && (value as { type?: unknown })?.type !== 'FeatureCollection' && (value as { type?: unknown })?.type !== 'Feature') {
          throw new ContentError('resource.wrongContent', { format: 'GeoJSON' });
        }
        return format === 'geojson' ? withoutNul(geojsonSummary(value)) : { columns: [], preview: [] };
      }
      return { columns: [], preview: [] };
    },
  };
}

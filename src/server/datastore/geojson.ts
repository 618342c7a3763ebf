/**
 * Reading a GeoJSON FeatureCollection as a stream of features (stream-json: the file is never
 * held whole), checked for UTF-8 on the way (the failure names the line).
 */
import { createReadStream } from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { isUtf8 } from 'node:buffer';
import StreamJson from 'stream-json';
import Pick from 'stream-json/filters/Pick.js';
import StreamArray from 'stream-json/streamers/StreamArray.js';
import { TaskFailure } from '../tasks/failure.ts';

export interface Feature {
  properties: Record<string, unknown>;
  /** The point's coordinates, null when the geometry is not a point with two numbers. */
  point: [number, number] | null;
}

/** UTF-8 checked across chunks (a GeoJSON file may be one long line); the failure names the line. */
class Utf8StreamCheck extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private line = 1;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      // The first line piece of the chunk that is not UTF-8 (pieces cut at a chunk's edge aside).
      let line = this.line;
      let start = 0;
      for (let end = chunk.indexOf(10); end !== -1 && isUtf8(chunk.subarray(start, end)); end = chunk.indexOf(10, start)) {
        line += 1;
        start = end + 1;
      }
      return callback(new TaskFailure('datastore.notUtf8', { line }));
    }
    for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) this.line += 1;
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    try {
      this.decoder.decode();
      callback();
    } catch {
      callback(new TaskFailure('datastore.notUtf8', { line: this.line }));
    }
  }
}

function pointOf(geometry: unknown): [number, number] | null {
  const candidate = geometry as { type?: unknown; coordinates?: unknown } | null;
  if (!candidate || candidate.type !== 'Point' || !Array.isArray(candidate.coordinates)) return null;
  const [x, y] = candidate.coordinates as unknown[];
  return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y) ? [x, y] : null;
}

/** The features of the file's top-level `features` array, streamed. */
export function geojsonFeatures(filePath: string, signal: AbortSignal): AsyncIterable<Feature> {
  const source = createReadStream(filePath, { highWaterMark: 256 * 1024, signal });
  const check = new Utf8StreamCheck();
  const features = StreamArray.streamArray();
  const json = StreamJson.parser();
  const pick = Pick.pick({ filter: /^features$/ });
  // Any stage's error ends the last one, where the reader sees it.
  for (const stage of [source, check, json, pick] as NodeJS.EventEmitter[]) stage.on('error', (error: Error) => features.destroy(error));
  source.pipe(check).pipe(json).pipe(pick).pipe(features);
  return (async function* () {
    try {
      for await (const { value } of features as AsyncIterable<{ value: unknown }>) {
        const feature = value as { properties?: unknown; geometry?: unknown } | null;
        const properties = feature?.properties && typeof feature.properties === 'object' && !Array.isArray(feature.properties) ? (feature.properties as Record<string, unknown>) : {};
        yield { properties, point: pointOf(feature?.geometry) };
      }
    } catch (error) {
      if (error instanceof TaskFailure || (error as Error).name === 'AbortError') throw error;
      throw new TaskFailure('datastore.jsonMalformed', { reason: (error as Error).message.slice(0, 200) });
    } finally {
      source.destroy();
    }
  })();
}

/** A property as text for the datastore: objects and arrays as JSON. */
export function propertyText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * GeoJSON before GDAL reads it: the file checked for UTF-8, streamed (the failure names the line);
 * and properties as the datastore's text values.
 */
import { createReadStream } from 'node:fs';
import { Transform, Writable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isUtf8 } from 'node:buffer';
import { TaskFailure } from '../tasks/failure.ts';

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

/** Reads the whole file once: a TaskFailure naming the first line that is not UTF-8. */
export async function checkUtf8(filePath: string, signal: AbortSignal): Promise<void> {
  const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  await pipeline(createReadStream(filePath, { highWaterMark: 256 * 1024 }), new Utf8StreamCheck(), sink, { signal });
}

/** A property as text for the datastore: objects and arrays as JSON. */
export function propertyText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

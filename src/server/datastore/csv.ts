/**
 * Reading a CSV file as a stream of records: every line checked to be UTF-8 before it is parsed
 * (the failure names the line), the delimiter detected on the header line.
 */
import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import { TaskFailure } from '../tasks/failure.ts';

export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** Refuses the first line that is not valid UTF-8, by its number (1 = header); passes the bytes on. */
export class Utf8LineCheck extends Transform {
  private line = 1;
  private tail: Buffer = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const data = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk;
    let start = 0;
    for (let end = data.indexOf(10, start); end !== -1; end = data.indexOf(10, start)) {
      if (!isUtf8(data.subarray(start, end))) return callback(new TaskFailure('datastore.notUtf8', { line: this.line }));
      this.line += 1;
      start = end + 1;
    }
    this.tail = Buffer.from(data.subarray(start));
    // A "line" longer than 64 MiB is no CSV: refuse rather than hold it.
    if (this.tail.length > 64 * 1024 * 1024) return callback(new TaskFailure('datastore.lineTooLong', { line: this.line }));
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.tail.length > 0 && !isUtf8(this.tail)) return callback(new TaskFailure('datastore.notUtf8', { line: this.line }));
    callback();
  }
}

/** The first line of the file (at most 1 MiB read), without BOM nor line end. */
export async function readHeaderLine(filePath: string): Promise<string> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(1024 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    let head = buffer.subarray(0, bytesRead);
    const newline = head.indexOf(10);
    if (newline !== -1) head = head.subarray(0, newline);
    if (!isUtf8(head)) throw new TaskFailure('datastore.notUtf8', { line: 1 });
    return head.toString('utf8').replace(/^\uFEFF/, '').replace(/\r$/, '');
  } finally {
    await handle.close();
  }
}

/** The candidate found most often outside quotes on the header line; a comma when none is. */
export function detectDelimiter(header: string): Delimiter {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best: Delimiter = ',';
  for (const delimiter of DELIMITERS) if (counts.get(delimiter)! > counts.get(best)!) best = delimiter;
  return best;
}

/** The file's records (the header first) as arrays of strings, streamed. */
export function csvRecords(filePath: string, delimiter: Delimiter, signal: AbortSignal): AsyncIterable<string[]> {
  const source = createReadStream(filePath, { highWaterMark: 256 * 1024, signal });
  const check = new Utf8LineCheck();
  const parser = parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 16 * 1024 * 1024 });
  // Errors of the file or of the check end the parser, so the reader sees them where it iterates.
  source.on('error', (error) => parser.destroy(error));
  check.on('error', (error) => parser.destroy(error));
  source.pipe(check).pipe(parser);
  return (async function* () {
    try {
      for await (const record of parser) yield record as string[];
    } catch (error) {
      if (error instanceof TaskFailure || (error as Error).name === 'AbortError') throw error;
      const line = (error as { lines?: number }).lines;
      throw new TaskFailure('datastore.csvMalformed', { line: line ?? 0, reason: (error as Error).message.slice(0, 200) });
    } finally {
      source.destroy();
    }
  })();
}

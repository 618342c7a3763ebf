/**
 * Multipart uploads, parsed for the whole app with tight limits: an upload carries one file (the
 * part `file`, read by accounts/files.ts) and at most a few small fields, so no request can make
 * the server buffer more than that file. Each upload route lowers `fileSize` to its own maximum.
 */
import fastifyMultipart from '@fastify/multipart';
import fp from 'fastify-plugin';

/** The largest file any route accepts (the convention PDF); routes ask for less. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const MULTIPART_LIMITS = {
  /** Bytes of a field's name and of a field's value (fields are ignored; larger ones are cut). */
  fieldNameSize: 100,
  fieldSize: 1024,
  fields: 10,
  files: 1,
  parts: 12,
  /** Header lines of one part. */
  headerPairs: 20,
  fileSize: MAX_UPLOAD_BYTES,
} as const;

/** How long the rest of a refused upload is drained before its connection is closed. */
const LINGER_MS = 2000;

/** What may surround the file in a request body (boundaries, part headers, fields). */
export const MULTIPART_OVERHEAD_BYTES =
  MULTIPART_LIMITS.parts * 2048 + MULTIPART_LIMITS.fields * (MULTIPART_LIMITS.fieldNameSize + MULTIPART_LIMITS.fieldSize);

export default fp(
  async (app) => {
    // The size check is the reader's (it answers the route's own message), not an exception.
    await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });
    // A body not read to its end (an upload refused on the way) is dropped, never kept: it is drained
    // for a moment, so the client reads the answer rather than a reset, then the connection closes.
    app.addHook('onResponse', async (request) => {
      const raw = request.raw;
      if (!request.isMultipart() || raw.complete) return;
      raw.unpipe();
      raw.resume();
      const linger = setTimeout(() => raw.destroy(), LINGER_MS).unref(); // and with it the socket
      raw.once('end', () => clearTimeout(linger));
    });
  },
  { name: 'multipart' },
);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, once,
 * at build time: the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing each response. A copy that saves nothing is not written.
 */
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|wasm|map)$/;
/**
 * Brotli's best quality takes ten times its quality 9 for 2 to 5 % less: worth it for the files of
 * the first screens, not for the map libraries' megabytes (seconds each, at every build).
 */
const BEST_QUALITY_UP_TO = 512 * 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    // .vite/ holds the build's manifests, for the tools, never served.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* filesUnder(file);
    }
    else if (COMPRESSIBLE.test(entry.name)) yield file;
  }
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'publish:precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Asynchronous: zlib's thread pool compresses several files at once.
      await Promise.all(
        [...filesUnder(outDir)].map(async (file) => {
          const body = await readFile(file);
          const quality = body.length <= BEST_QUALITY_UP_TO ? constants.BROTLI_MAX_QUALITY : 9;
          const copies = {
            br: await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gz: await gzipped(body, { level: 9 }),
          };
          for (const [extension, compressed] of Object.entries(copies)) {
            if (compressed.length < body.length) await writeFile(`${file}.${extension}`, compressed);
          }
        }),
      );
    },
  };
}

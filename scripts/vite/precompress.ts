/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, once,
 * at build time: the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing each response. A copy that saves nothing is not written.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|wasm|map)$/;

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
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        const body = readFileSync(file);
        const copies = {
          br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: statSync(file).size } }),
          gz: gzipSync(body, { level: 9 }),
        };
        for (const [extension, compressed] of Object.entries(copies)) {
          if (compressed.length < body.length) writeFileSync(`${file}.${extension}`, compressed);
        }
      }
    },
  };
}

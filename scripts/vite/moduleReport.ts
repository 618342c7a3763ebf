/**
 * Writes `.vite/modules.json` beside the manifest: for each chunk of the build, the length of
 * each module it holds (after tree-shaking, before minifying), so that the bench and the entry's
 * budget test can say which packages weigh in the first download (scripts/entryWeight.mjs).
 */
import type { Plugin } from 'vite';

export function moduleReport(): Plugin {
  return {
    name: 'publish:module-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.fromEntries(
          Object.entries(output.modules)
            .filter(([, module]) => module.renderedLength > 0)
            .map(([id, module]) => [id, module.renderedLength]),
        );
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(chunks) });
    },
  };
}

import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../schemas/constants.ts';

/** React.lazy for a page module exporting `default`, failing after the chunk load time-out. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = window.setTimeout(() => reject(new Error('Chunk load time-out')), CHUNK_LOAD_TIMEOUT_MS);
        load().then(
          (module) => {
            window.clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            window.clearTimeout(timer);
            reject(error);
          },
        );
      }),
  );
}

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { moduleReport } from './scripts/vite/moduleReport.ts';
import { precompress } from './scripts/vite/precompress.ts';

const SERVER = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/publish/',
  plugins: [react(), moduleReport(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Read by the entry's budget test and the bench (scripts/entryWeight.mjs).
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      // The platform API (every path starts with the locale), health check and runtime config.
      '^/(fr|en|it)/': { target: SERVER, changeOrigin: false },
      '/health': { target: SERVER, changeOrigin: false },
      '/publish/config.json': { target: SERVER, changeOrigin: false },
    },
  },
});

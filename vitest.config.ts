import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Under CI a failed test is tried once more, as the browser tests are; `npm test` names those
// that passed only the second time, with their first error.
const retry = process.env.CI === 'true' ? 1 : 0;

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/admin/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/admin/setup.ts'],
          // Component tests type into real forms in jsdom: seconds each on a busy machine.
          testTimeout: 30_000,
          retry,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          retry,
        },
      },
    ],
  },
});

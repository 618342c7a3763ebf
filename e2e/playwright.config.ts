import { defineConfig } from '@playwright/test';

// scripts/e2e.mjs gives every run a fresh data directory, so the server seeds a new demo platform.
const port = Number(process.env.E2E_PORT ?? 18181);
const dataDir = process.env.E2E_DATA_DIR ?? 'var/e2e';
export const demoPassword = process.env.E2E_DEMO_PASSWORD ?? 'e2e-demo-password';

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI === 'true' ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${port}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: demoPassword,
      SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      // The harvester's remote catalogue and the resources' links are servers on this machine (loopback).
      OUTBOUND_ALLOW_PRIVATE: '1',
    },
  },
});

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetRuntimeConfig } from '../../src/admin/config/runtimeConfig.ts';
// The header's popups load their code on demand (src/admin/layout/loadedWhenOpened.tsx): tests
// have it at once, as a browser has once idle, rather than waiting for its first transform.
import '@mui/material/Menu';
import '@mui/material/Popover';
import '@mui/material/Snackbar';
import { checkAnswersAgainstOpenApi, openApiMismatches } from './openapiCheck.ts';
import { server, signInAs } from './server.ts';

// A busy machine (CI runs the suites one after the other on 2 cores) may take more than Testing
// Library's default second to show what a test waits for: waiting longer only delays a failure.
configure({ asyncUtilTimeout: 5_000 });

// A missing catalogue key is a test failure (polyglot reports it through console.error).
let missingTranslations: string[] = [];
const consoleError = console.error.bind(console);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  checkAnswersAgainstOpenApi(server);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (text.includes('Missing translation')) missingTranslations.push(text);
    consoleError(...args);
  });
});

beforeEach(async () => {
  missingTranslations = [];
  // An answer mocked after its test ended (a request left running) is not the next test's fault.
  await openApiMismatches();
});

afterEach(async () => {
  // Answers the document does not describe: a fixture the server would never send (tests/admin/openapiCheck.ts).
  const mismatches = await openApiMismatches();
  cleanup();
  server.resetHandlers();
  resetRuntimeConfig();
  signInAs(null);
  window.history.replaceState(null, '', '/');
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  if (missingTranslations.length) throw new Error(`Missing translations:\n${missingTranslations.join('\n')}`);
  if (mismatches.length) throw new Error(`Mocked answers the OpenAPI document does not describe:\n${mismatches.join('\n')}`);
});

afterAll(() => server.close());

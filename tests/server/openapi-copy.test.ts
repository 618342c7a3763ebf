/**
 * The copy of the OpenAPI document the admin's component tests hold their msw answers against
 * (tests/admin/openapiCheck.ts): the document the server serves, kept current here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

const COPY = new URL('../fixtures/openapi.json', import.meta.url);
const REGENERATE = 'UPDATE_OPENAPI=1 npx vitest run --project server tests/server/openapi-copy.test.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('tests/fixtures/openapi.json is the document the server serves', async () => {
  const response = await t.app.inject({ url: '/fr/api/schema/' });
  expect(response.statusCode).toBe(200);
  const served = `${JSON.stringify(response.json(), null, 2)}\n`;
  if (process.env.UPDATE_OPENAPI) writeFileSync(COPY, served);
  const committed = readFileSync(COPY, 'utf8');
  expect(committed === served, `tests/fixtures/openapi.json differs from the served document: run \`${REGENERATE}\``).toBe(true);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, type Db } from '../../src/server/db/pool.ts';
import { loadResourceIntoDatastore } from '../../src/server/datastore/index.ts';
import { createTestDatabase } from './helpers.ts';
import { dataFile, scenarioContext, insertResources } from './datastore-helpers.ts';

let db: Db;
let url: string;
let drop: () => Promise<void>;
let child: ChildProcess | null = null;

beforeAll(async () => {
  const database = await createTestDatabase();
  url = database.url;
  db = createPool(url);
  drop = database.drop;
  await insertResources(db, [401]);
});

afterAll(async () => {
  if (child?.pid) kill(child);
  await db.end();
  await drop();
});

function kill(process_: ChildProcess) {
  try {
    process.kill(-process_.pid!, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const plain = { format: 'csv', columnX: 'x', columnY: 'y', crs: 2154 };
const loading = "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'datastore' AND tablename LIKE 'resource\\_401\\_\\_load%'";

it('a load SIGKILLed in the middle of its COPY leaves the previous table current, and the next load clears the half table', async () => {
  await loadResourceIntoDatastore(scenarioContext(db).context, { ...plain, resourceId: 401, filePath: dataFile('n;x;y\n1;700000;6600000\n2;842000;6519000\n') });
  const rows = ['n;x;y'];
  for (let i = 0; i < 400_000; i += 1) rows.push(`${i};${700000 + (i % 1000)};${6600000 + Math.floor(i / 1000)}`);
  const big = dataFile(rows.join('\n'));

  child = spawn('npx', ['tsx', 'tests/server/datastore-load-child.ts', url, '401', big], {
    cwd: new URL('../..', import.meta.url).pathname,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let gone = false;
  const exited = new Promise((resolve) => child!.once('exit', resolve)).then(() => (gone = true));
  // Killed once the COPY has started: the new table exists and is filling.
  const deadline = Date.now() + 60_000;
  while (!gone && !(output.includes('datastore.analysed') && (await db.query(loading)).rows[0].n > 0) && Date.now() < deadline) await sleep(50);
  await sleep(300);
  kill(child);
  await exited;
  expect(output).toContain('datastore.analysed');
  expect(output).not.toContain('datastore.loaded');

  const current = await db.query('SELECT n FROM datastore.resource_401 ORDER BY _id');
  expect(current.rows.map((row) => row.n)).toEqual([1, 2]);
  expect((await db.query(loading)).rows[0].n).toBe(1);
  // The killed session's lock went with it: the next load runs, and drops the half table.
  await loadResourceIntoDatastore(scenarioContext(db).context, { ...plain, resourceId: 401, filePath: dataFile('n;x;y\n3;700000;6600000\n') });
  expect((await db.query('SELECT n FROM datastore.resource_401')).rows).toEqual([{ n: 3 }]);
  expect((await db.query(loading)).rows[0].n).toBe(0);
}, 120_000);

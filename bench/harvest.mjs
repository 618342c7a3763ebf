// Harvests: a CKAN catalogue of BENCH_HARVEST_RECORDS generated records served by a local HTTP
// server, harvested by a real server (OUTBOUND_ALLOW_PRIVATE for the loopback remote): records per
// second of a first run (every record created), and the time of a second run with nothing changed.
// Figures only: nothing here passes or fails.
import http from 'node:http';
import { createDataDir, signIn, startServer } from './server.mjs';

const RECORDS = Number(process.env.BENCH_HARVEST_RECORDS ?? 10_000);
const ROWS = 100; // what the harvester asks for a page (readers/ckan.ts CKAN_ROWS)

process.env.OUTBOUND_ALLOW_PRIVATE = '1';
process.env.TASK_TIME_LIMIT_SECONDS = '3600';

const record = (n) => ({
  id: `id-${n}`,
  name: `generated-${n}`,
  title: `Jeu de données généré ${n}`,
  notes: `<p>Description du jeu ${n}, avec <b>du HTML</b> comme CKAN en renvoie.</p>`,
  license_id: n % 2 ? 'odc-odbl' : 'fr-lo',
  metadata_created: '2024-01-02T03:04:05',
  metadata_modified: '2024-06-07T08:09:10',
  maintainer: 'Service SIG',
  maintainer_email: 'sig@example.org',
  tags: [{ name: 'bench' }, { name: `theme-${n % 50}` }],
  extras: [{ key: 'frequency', value: 'http://publications.europa.eu/resource/authority/frequency/MONTHLY' }, { key: 'spatial', value: '{"type":"Point","coordinates":[2.35,48.85]}' }],
  resources: [{ name: `data-${n}.csv`, url: `https://remote.example.org/data-${n}.csv` }],
});

const remote = http.createServer((request, response) => {
  const url = new URL(request.url, 'http://remote');
  const start = Number(url.searchParams.get('start') ?? 0);
  const rows = Math.min(Number(url.searchParams.get('rows') ?? ROWS), 1000);
  const results = [];
  for (let n = start; n < Math.min(start + rows, RECORDS); n += 1) results.push(record(n));
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, result: { count: RECORDS, results } }));
});
await new Promise((resolve) => remote.listen(0, '127.0.0.1', resolve));
const remoteUrl = `http://127.0.0.1:${remote.address().port}/`;

const server = await startServer({ port: Number(process.env.BENCH_HARVEST_PORT ?? 18286), dataDir: createDataDir() });
try {
  const token = await signIn(server.baseUrl, 'admin');
  const headers = { authorization: `JWT ${token}`, 'content-type': 'application/json' };
  const call = async (method, path, body) => {
    const response = await fetch(`${server.baseUrl}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const types = (await call('GET', '/fr/indexer/remote-api-index-types/')).results;
  const groups = await call('GET', '/fr/organisation/organisations/?page_size=1');
  const schedulers = await call('GET', '/fr/usergroup/schedulers/');
  const indexer = await call('POST', '/fr/indexer/remote-api-indexes/', {
    implementation_type: types.find((type) => type.codename === 'ckan').id, name: 'Bench CKAN', url: remoteUrl, command: '*',
    scheduler: schedulers[0].id, usergroup: groups.results[0].id, url_pattern: 'https://remote.example.org/dataset/{identifier}',
  });
  const scenario = (await call('GET', `/fr/indexer/remote-api-indexes/${indexer.id}/_scenarios/`)).find((s) => s.codename === 'harvest-remoteapiindex');
  const run = async () => {
    const start = performance.now();
    const queued = await call('POST', `/fr/indexer/remote-api-indexes/${indexer.id}/_scenarios/${scenario.id}/run/?asynchrone=true`, {});
    for (;;) {
      const task = await call('GET', `/fr/dashboard/task-queue-track/${queued.id}/`);
      if (['SUCCESS', 'FAILURE', 'REVOKED'].includes(task.status)) return { task, seconds: (performance.now() - start) / 1000 };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const first = await run();
  const last = (task) => task.timeline.at(-2)?.message ?? task.error; // the harvest's summary, before "finished"
  console.log(`harvest: ${RECORDS} CKAN records (${Math.ceil(RECORDS / ROWS)} pages), first run ${first.task.status} in ${first.seconds.toFixed(1)} s: ${(RECORDS / first.seconds).toFixed(0)} records/s (${last(first.task)})`);
  const second = await run();
  console.log(`harvest: second run, nothing changed, ${second.task.status} in ${second.seconds.toFixed(1)} s (${last(second.task)})`);
} finally {
  await server.stop();
  remote.close();
}

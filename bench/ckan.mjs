// A CKAN catalogue of generated records served by a local HTTP server (package_search's paging:
// `start`, `rows`), and the calls that make a real server harvest it: the harvest benches use both.
import http from 'node:http';

const ROWS = 100; // what the harvester asks for a page (readers/ckan.ts CKAN_ROWS)

const record = (prefix, n) => ({
  id: `${prefix}-${n}`,
  name: `${prefix}-${n}`,
  title: `Jeu de données généré ${prefix} ${n}`,
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

/** Serves `records` records whose ids start with `prefix`; answers its URL and a close function. */
export async function startCkanRemote({ records, prefix = 'id' }) {
  const remote = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://remote');
    const start = Number(url.searchParams.get('start') ?? 0);
    const rows = Math.min(Number(url.searchParams.get('rows') ?? ROWS), 1000);
    const results = [];
    for (let n = start; n < Math.min(start + rows, records); n += 1) results.push(record(prefix, n));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, result: { count: records, results } }));
  });
  await new Promise((resolve) => remote.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${remote.address().port}/`, pages: Math.ceil(records / ROWS), close: () => remote.close() };
}

/**
 * Creates a CKAN indexer for `remoteUrl` as the holder of `token` (a superuser) and answers
 * `run()`: one harvest, queued and followed to its end, with its task and duration.
 */
export async function ckanIndexer(baseUrl, token, remoteUrl, name = 'Bench CKAN') {
  const headers = { authorization: `JWT ${token}`, 'content-type': 'application/json' };
  const call = async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const types = (await call('GET', '/fr/indexer/remote-api-index-types/')).results;
  const groups = await call('GET', '/fr/organisation/organisations/?page_size=1');
  const schedulers = await call('GET', '/fr/usergroup/schedulers/');
  const indexer = await call('POST', '/fr/indexer/remote-api-indexes/', {
    implementation_type: types.find((type) => type.codename === 'ckan').id, name, url: remoteUrl, command: '*',
    scheduler: schedulers[0].id, usergroup: groups.results[0].id, url_pattern: 'https://remote.example.org/dataset/{identifier}',
  });
  const scenario = (await call('GET', `/fr/indexer/remote-api-indexes/${indexer.id}/_scenarios/`)).find((s) => s.codename === 'harvest-remoteapiindex');
  return {
    async run() {
      const start = performance.now();
      const queued = await call('POST', `/fr/indexer/remote-api-indexes/${indexer.id}/_scenarios/${scenario.id}/run/?asynchrone=true`, {});
      for (;;) {
        const task = await call('GET', `/fr/dashboard/task-queue-track/${queued.id}/`);
        if (['SUCCESS', 'FAILURE', 'REVOKED'].includes(task.status)) {
          // The harvest's summary is the line before "finished".
          return { task, seconds: (performance.now() - start) / 1000, summary: task.timeline.at(-2)?.message ?? task.error };
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
}

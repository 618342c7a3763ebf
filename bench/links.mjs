// The link checker (src/server/quality/links.ts) under BENCH_LINKS links (10,000) spread over
// BENCH_LINK_HOSTS local servers, one port each standing for a host: the time taken, and the most
// requests each host and all of them received in any one second against the limits
// (BENCH_LINK_HOST_RATE a second per host, BENCH_LINK_RATE in all).
// Figures only: nothing here passes or fails.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { createDataDir, root, startServer } from './server.mjs';

const LINKS = Number(process.env.BENCH_LINKS ?? 10_000);
const HOSTS = Number(process.env.BENCH_LINK_HOSTS ?? 20);
const HOST_RATE = Number(process.env.BENCH_LINK_HOST_RATE ?? 20);
const TOTAL_RATE = Number(process.env.BENCH_LINK_RATE ?? 200);

register();
const { createPool } = await import(join(root, 'src/server/db/pool.ts'));
const { checkDueLinks } = await import(join(root, 'src/server/quality/links.ts'));

/** The most timestamps (ms) in any window of one second. */
function busiestSecond(times) {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let start = 0, end = 0; end < sorted.length; end += 1) {
    while (sorted[end] - sorted[start] >= 1000) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

// The remote hosts: every request's arrival time, by host.
const arrivals = new Map();
const remotes = await Promise.all(
  Array.from({ length: HOSTS }, () => {
    const times = [];
    const remote = createServer((request, response) => {
      times.push(performance.now());
      response.writeHead(200, { 'content-type': 'text/csv', 'content-length': '10' }).end(request.method === 'HEAD' ? undefined : '0123456789');
    });
    return new Promise((resolve) => remote.listen(0, '127.0.0.1', () => {
      arrivals.set(remote.address().port, times);
      resolve(remote);
    }));
  }),
);
const ports = [...arrivals.keys()];

const dataDir = createDataDir();
const server = await startServer({ port: 18286, dataDir });
const { port, password } = JSON.parse(readFileSync(join(dataDir, 'pg-credentials.json'), 'utf8'));
const db = createPool(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/publish`);

try {
  // The server's own hourly run stays out of the way; the demo's links count as checked.
  await db.query("UPDATE scenario_execution_frequencies SET next_run_at = now() + interval '1 day' WHERE scenario_id = (SELECT id FROM scenarios WHERE codename = 'check-links')");
  await db.query('UPDATE resources SET link_checked_at = now()');
  const group = (await db.query('SELECT id FROM usergroups ORDER BY id LIMIT 1')).rows[0].id;
  const dataset = (await db.query("INSERT INTO datasets (codename, display_name, usergroup_id) VALUES ('bench-links', 'Bench links', $1) RETURNING id", [group])).rows[0].id;
  await db.query(
    `WITH made AS (
       INSERT INTO resources (display_name, codename, type, usergroup_id)
       SELECT 'bench-link-' || n, 'bench-link-' || n, 'href', $1 FROM generate_series(1, $2) AS n RETURNING id, display_name
     ), sources AS (
       INSERT INTO resource_sources (resource_id, kind, href)
       SELECT id, 'href', 'http://127.0.0.1:' || ($3::integer[])[1 + substring(display_name FROM 12)::integer % $4] || '/data/' || id || '.csv' FROM made
     )
     INSERT INTO resource_datasets (resource_id, dataset_id, type) SELECT id, $5, 2 FROM made`,
    [group, LINKS, ports, ports.length, dataset],
  );

  const config = {
    outbound: { allowPrivate: true, timeoutMs: 10_000, maxRedirects: 2 },
    linkCheck: { hostRate: HOST_RATE, totalRate: TOTAL_RATE, intervalHours: 24, batch: LINKS },
  };
  const start = performance.now();
  const summary = await checkDueLinks(db, config, new AbortController().signal);
  const seconds = (performance.now() - start) / 1000;
  const all = [...arrivals.values()].flat();
  const perHost = Math.max(...[...arrivals.values()].map(busiestSecond));
  console.log(
    `links: ${summary.checked} of ${LINKS} links on ${HOSTS} hosts checked in ${seconds.toFixed(1)} s (${(summary.checked / seconds).toFixed(0)} links/s, ${all.length} requests, ${summary.broken} broken); ` +
      `busiest second: ${perHost} requests to one host (limit ${HOST_RATE}), ${busiestSecond(all)} in all (limit ${TOTAL_RATE})`,
  );
} finally {
  await db.end();
  await server.stop();
  await Promise.all(remotes.map((remote) => new Promise((resolve) => remote.close(resolve))));
}

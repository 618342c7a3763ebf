// Datasets at scale: 300,000 datasets over 500 organisations (BENCH_DATASETS), with special
// permissions and spheres. Prints the p50/p95 of the list (each ordering), searches, filters, a deep
// page and datasets-count/, for a superuser and for an editor (role 1) of one organisation, whose
// visibility condition is the hard case; then the ODL export's time and the server's peak memory
// for 10,000 rows and for every row. Figures only: nothing here passes or fails.
//
// BENCH_DATA_DIR reuses (and keeps) a data directory already seeded with `npm run seed:large`
// (DEMO_PASSWORD=bench-demo-password); otherwise a fresh one is seeded and removed afterwards.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { largeCatalogue, measure, signIn, startServer } from './server.mjs';

const DATASETS = Number(process.env.BENCH_DATASETS ?? 300_000);
const SECONDS = Number(process.env.BENCH_DATASET_SECONDS ?? 5);
const CONNECTIONS = 10;
// The large platform's editor: synthetic10 is an editor (role 1) of synthetic-organisation-11.
const EDITOR = process.env.BENCH_EDITOR ?? 'synthetic10';

const ORDERINGS = ['revision_date', 'display_name', 'usergroup', 'created_at', 'publish', 'updated_at'];

/** The calls, for a user whose organisation is `organisationId`. */
function calls(organisationId) {
  const list = '/fr/dataset/datasets/';
  return [
    ['list, default ordering', list],
    ...ORDERINGS.flatMap((field) => [
      [`list, ordering=${field}`, `${list}?ordering=${field}`],
      [`list, ordering=-${field}`, `${list}?ordering=-${field}`],
    ]),
    ['search "arbres"', `${list}?search=arbres`],
    ['search "qualité air"', `${list}?search=qualit%C3%A9%20air`],
    // A word no dataset holds: without the count's help, the walk along the order's index reads every row.
    ['search "zzzyxw" (no match)', `${list}?search=zzzyxw`],
    [`filter usergroup_id=${organisationId}`, `${list}?usergroup_id=${organisationId}`],
    ['filter topics__in=5', `${list}?topics__in=5`],
    ['filter publish=false', `${list}?publish=false`],
    ['filter perms=editable', `${list}?perms=editable`],
    ['page 500', `${list}?page=500`],
    ['datasets-count/', '/fr/dataset/datasets-count/'],
  ];
}

/** The organisation the user edits (role ≥ 1), from the current-user call. */
async function editedOrganisation(baseUrl, username) {
  const headers = { authorization: `JWT ${await signIn(baseUrl, username)}` };
  const me = await (await fetch(`${baseUrl}/fr/login/`, { headers })).json();
  return me.usergroup_roles?.find((r) => r.usergroup_type === 'organisation' && r.role >= 1)?.usergroup_id;
}

async function benchUser(baseUrl, username, organisation) {
  const headers = { authorization: `JWT ${await signIn(baseUrl, username)}` };
  const me = await (await fetch(`${baseUrl}/fr/login/`, { headers })).json();
  console.log(`${username}${me.is_superuser ? ' (superuser)' : ` (editor of organisation ${organisation})`}, ${CONNECTIONS} connections for ${SECONDS} s each:`);
  for (const [label, path] of calls(organisation)) {
    const started = performance.now();
    const first = await fetch(baseUrl + path, { headers });
    if (!first.ok) {
      console.log(`  ${label.padEnd(34)} unavailable (${first.status})`);
      continue;
    }
    const body = await first.json();
    const firstMs = performance.now() - started;
    const count = 'viewable' in body ? `${body.count} / ${body.editable} editable / ${body.viewable} viewable` : `${body.count} results`;
    const r = await measure(autocannon, baseUrl + path, { headers, connections: CONNECTIONS, seconds: SECONDS });
    if (r.p50 === undefined) {
      console.log(`  ${label.padEnd(34)} no answer within ${SECONDS} s`);
      continue;
    }
    console.log(`  ${label.padEnd(34)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  ${String(r.perSecond).padStart(5)} req/s  first ${firstMs.toFixed(0).padStart(5)} ms  (${count}, ${r.errors} errors)`);
  }
}

/** Kilobytes of a /proc/<pid>/status line (VmRSS, VmHWM). */
function memoryKb(pid, field) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return line ? Number(line.split(/\s+/)[1]) : NaN;
}

/** One export as a superuser: its time, its size, and the server process's peak resident memory during it. */
async function benchExport(baseUrl, pid, headers, label, query) {
  const url = `${baseUrl}/fr/dataset/datasets/export/odl/${query}`;
  const before = memoryKb(pid, 'VmRSS');
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryKb(pid, 'VmRSS'));
  }, 20);
  const start = performance.now();
  const response = await fetch(url, { headers });
  if (response.status === 404) {
    clearInterval(sampler);
    await response.body?.cancel();
    console.log(`export: not available`);
    return false;
  }
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, memoryKb(pid, 'VmRSS'));
  console.log(
    `  export ${label.padEnd(14)} ${response.status}, ${lines} lines, ${(bytes / 1048576).toFixed(1)} MB in ${seconds.toFixed(1)} s; server RSS ${(before / 1024).toFixed(0)} MB before, peak ${(peak / 1024).toFixed(0)} MB (+${((peak - before) / 1024).toFixed(0)} MB)`,
  );
  return true;
}

const server = await startServer({ port: Number(process.env.BENCH_DATASETS_PORT ?? 18284), ...largeCatalogue(DATASETS) });
try {
  console.log(`\nDatasets at ${DATASETS} datasets:`);
  const organisation = (await editedOrganisation(server.baseUrl, EDITOR)) ?? 1;
  await benchUser(server.baseUrl, 'admin', organisation);
  await benchUser(server.baseUrl, EDITOR, organisation);

  console.log('ODL export, as a superuser (sequential, one at a time):');
  const headers = { authorization: `JWT ${await signIn(server.baseUrl, 'admin')}` };
  // About 10,000 rows: the licence whose datasets number nearest 10,000; then every row.
  const licences = (await (await fetch(`${server.baseUrl}/fr/dataset/licenses/?page_size=100`, { headers })).json()).results ?? [];
  let licence = { id: 1, count: 0 };
  for (const { id } of licences) {
    const { count } = await (await fetch(`${server.baseUrl}/fr/dataset/datasets/?licence=${id}&page_size=1`, { headers })).json();
    if (Math.abs(count - 10_000) < Math.abs(licence.count - 10_000)) licence = { id, count };
  }
  if (await benchExport(server.baseUrl, server.pid, headers, `${licence.count} rows`, `?licence=${licence.id}`)) {
    await benchExport(server.baseUrl, server.pid, headers, 'every row', '');
  }
  console.log(`  server peak RSS over the whole run (VmHWM): ${(memoryKb(server.pid, 'VmHWM') / 1024).toFixed(0)} MB`);
} finally {
  await server.stop();
}

// Dataset lists on a catalogue that changes, measured from outside as its users meet them: on the
// large catalogue (300,000 datasets, `npm run seed:large`), READERS connections each ask distinct
// random lists one after the other (searches from the catalogue's own words, organisation and
// topic filters, every ordering, pages 1–3 and deep pages of the full list; half as a superuser,
// half as an editor of one organisation), while writes (PATCH of a dataset's description) arrive
// at a fixed rate whatever the answers' speed: none, 1 and 10 a second, then 10 a second during a
// harvest of BENCH_HARVEST_RECORDS CKAN records, whose speed is compared with a harvest alone.
// After the first minute, lists asked for the first time right after a write, one at a time.
// Before anything is measured, the datasets the writers edit are saved and assessed once (as the
// nightly assessment would have), and each phase starts on an idle machine.
//
// The queries come from a fixed random seed, so two runs ask the same lists. Figures only:
// nothing here passes or fails. BENCH_DATA_DIR reuses a directory seeded with `npm run seed:large`
// (DEMO_PASSWORD=bench-demo-password); each run adds its harvests' datasets to it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import http from 'node:http';
import { ckanIndexer, startCkanRemote } from './ckan.mjs';
import { largeCatalogue, percentile, signIn, startServer, untilIdle } from './server.mjs';

const DATASETS = Number(process.env.BENCH_DATASETS ?? 300_000);
const SECONDS = Number(process.env.BENCH_REALISTIC_SECONDS ?? 60);
const READERS = Number(process.env.BENCH_READERS ?? 8);
const FIRST_CALLS = Number(process.env.BENCH_FIRST_CALLS ?? 100);
const HARVEST_RECORDS = Number(process.env.BENCH_HARVEST_RECORDS ?? 10_000);
const EDITOR = process.env.BENCH_EDITOR ?? 'synthetic10';
const SEED = 20_261_125;

process.env.OUTBOUND_ALLOW_PRIVATE = '1'; // the loopback CKAN remote
process.env.TASK_TIME_LIMIT_SECONDS = '3600';

/** mulberry32: a small seeded generator, so runs draw the same queries. */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min, max) => min + Math.floor(next() * (max - min + 1)), pick: (list) => list[Math.floor(next() * list.length)] };
}

// Node's own HTTP client, its connections kept open: fetch (undici) cost this load generator about
// 1.7 ms of processor time per list, taken from the 2 cores the server and its database share
// here, where the platform's real readers are browsers on their own machines.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One request: its status and whole body (read before the latency is taken). */
function request(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode, ok: response.statusCode >= 200 && response.statusCode < 300, json: () => JSON.parse(text) });
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const ORDERINGS = ['', 'revision_date', 'display_name', 'usergroup', 'created_at', 'publish', 'updated_at'];
const LIST = '/fr/dataset/datasets/';

async function getJson(baseUrl, path, headers) {
  const response = await request(baseUrl + path, { headers });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return response.json();
}

/** The catalogue's own words, organisations, topics and some dataset ids, read through the API. */
async function vocabulary(baseUrl, headers, editorHeaders) {
  const words = new Set();
  const organisations = new Set();
  const datasets = [];
  for (const ordering of ['display_name', '-display_name', 'created_at', '-updated_at', 'usergroup', '-usergroup']) {
    for (const page of [1, 2, 3]) {
      const { results } = await getJson(baseUrl, `${LIST}?ordering=${ordering}&page=${page}&page_size=100`, headers);
      for (const dataset of results) {
        datasets.push(dataset.id);
        const group = dataset.usergroup?.id ?? dataset.usergroup_id ?? dataset.usergroup;
        if (typeof group === 'number') organisations.add(group);
        for (const word of `${dataset.display_name} ${dataset.keywords ?? ''}`.toLowerCase().split(/[^\p{L}]+/u)) {
          if (word.length >= 4) words.add(word);
        }
      }
    }
  }
  const topics = await getJson(baseUrl, '/fr/dataset/topics/', headers);
  // The editor sees fewer datasets than the superuser: deep pages stay within both lists.
  const { count } = await getJson(baseUrl, `${LIST}?page_size=1`, editorHeaders);
  return {
    lastPage: Math.max(50, Math.floor(count / 25)),
    words: [...words].sort(),
    organisations: [...organisations].sort((a, b) => a - b),
    topics: (Array.isArray(topics) ? topics : topics.results).map((topic) => topic.id).sort((a, b) => a - b),
    datasets: [...new Set(datasets)].sort((a, b) => a - b),
  };
}

/** The next list a reader asks for: never one already asked by that user in this run. */
function listQueries(vocab, random) {
  const asked = new Set();
  const ordering = () => {
    const field = random.pick(ORDERINGS);
    return field ? `ordering=${random.next() < 0.5 ? '-' : ''}${field}` : '';
  };
  const draw = () => {
    const parts = [];
    const draw = random.next();
    const firstPages = () => `page=${random.int(1, 3)}`;
    let kind;
    if (draw < 0.3) {
      kind = 'list';
      parts.push(ordering(), firstPages());
    } else if (draw < 0.4) {
      kind = 'deep page';
      parts.push(ordering(), `page=${random.int(50, vocab.lastPage)}`);
    } else if (draw < 0.7) {
      const words = random.next() < 0.6 ? [random.pick(vocab.words)] : [random.pick(vocab.words), random.pick(vocab.words)];
      kind = words.length === 1 ? 'search' : 'search, 2 words';
      parts.push(`search=${encodeURIComponent(words.join(' '))}`, random.next() < 0.3 ? ordering() : '', random.next() < 0.3 ? 'page=2' : '');
    } else if (draw < 0.85) {
      kind = 'organisation';
      parts.push(`usergroup_id=${random.pick(vocab.organisations)}`, ordering(), `page=${random.int(1, 2)}`);
    } else {
      kind = 'topic';
      parts.push(`topics__in=${random.pick(vocab.topics)}`, random.next() < 0.3 ? `search=${encodeURIComponent(random.pick(vocab.words))}` : '', ordering(), firstPages());
    }
    // 25 a page: the last page of the full list is known, and deep pages stay inside it.
    parts.push('page_size=25');
    return { kind, query: `${LIST}?${parts.filter(Boolean).join('&')}` };
  };
  return () => {
    for (;;) {
      const drawn = draw();
      if (!asked.has(drawn.query)) {
        asked.add(drawn.query);
        return drawn;
      }
    }
  };
}

/** Whether the machine's huge pages are taken (by the server's PostgreSQL: nothing else here asks for them). */
function hugePagesInUse() {
  const meminfo = readFileSync('/proc/meminfo', 'utf8');
  const field = (name) => Number(meminfo.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
  return field('HugePages_Total') - field('HugePages_Free') + field('HugePages_Rsvd') > 0;
}

function summary(latencies) {
  if (!latencies.length) return 'none';
  const f = (p) => percentile(latencies, p).toFixed(0);
  return `p50 ${f(50)} / p95 ${f(95)} / p99 ${f(99)} ms`;
}

/** Changes one dataset's description (as the superuser): its latency, or throws on an error answer. */
async function write(baseUrl, headers, random, ids, counter) {
  return save(baseUrl, headers, random.pick(ids), counter);
}

async function save(baseUrl, headers, id, counter) {
  const started = performance.now();
  const response = await request(`${baseUrl}${LIST}${id}/`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ description: `Description révisée (${counter}) : données mises à jour par le service.` }),
  });
  if (!response.ok) throw Object.assign(new Error(`PATCH ${id}: ${response.status}`), { status: response.status });
  return performance.now() - started;
}

/**
 * Readers and writers for `seconds` (or until `until` settles): reads/s and the latencies of both.
 * Writes are sent on a fixed schedule, not after the previous one answered, as editors do.
 */
async function phase({ baseUrl, readers, admin, vocab, random, writesPerSecond, seconds, until }) {
  const reads = [];
  const writes = [];
  const errors = new Map(); // status → count
  const failed = (status) => errors.set(status, (errors.get(status) ?? 0) + 1);
  let stop = false;
  const started = performance.now();
  const deadline = until ?? new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const byKind = new Map(); // kind of list → latencies
  const readerLoops = readers.map(async ({ headers, next, user }) => {
    while (!stop) {
      const { query, kind } = next();
      const t = performance.now();
      const response = await request(baseUrl + query, { headers });
      if (stop) break;
      // A page past the end (a search with one page of results) is an answer too.
      if (response.ok || response.status === 404) {
        const ms = performance.now() - t;
        reads.push(ms);
        const key = `${kind} (${user})`;
        if (!byKind.has(key)) byKind.set(key, []);
        byKind.get(key).push(ms);
      } else failed(response.status);
    }
  });
  const inFlight = [];
  let timer;
  if (writesPerSecond > 0) {
    let counter = 0;
    timer = setInterval(() => {
      counter += 1;
      inFlight.push(write(baseUrl, admin, random, vocab.datasets, counter).then((ms) => writes.push(ms), (error) => failed(error.status ?? 'write')));
    }, 1000 / writesPerSecond);
  }
  await deadline;
  stop = true;
  clearInterval(timer);
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all([...readerLoops, ...inFlight]);
  return { reads, writes, errors, elapsed, byKind };
}

function report(label, { reads, writes, errors, elapsed, byKind }) {
  if (process.env.BENCH_BY_KIND) {
    for (const [kind, latencies] of [...byKind].sort()) console.log(`      ${kind.padEnd(32)} ${String(latencies.length).padStart(5)} reads  ${summary(latencies)}`);
  }
  console.log(
    `  ${label.padEnd(30)} ${String(Math.round(reads.length / elapsed)).padStart(4)} reads/s  reads ${summary(reads)}  writes ${writes.length ? summary(writes) : '–'}  (${errors.size ? `errors ${[...errors].map(([status, n]) => `${status}×${n}`).join(' ')}` : 'no errors'}, ${elapsed.toFixed(0)} s)`,
  );
}

/**
 * The vocabulary of a catalogue, drawn at its first run and kept beside it: each run adds its
 * harvests' datasets, which lead the orderings the words are read from, and a run on a catalogue
 * used before would otherwise ask other lists (the harvested records' own words) than the first.
 */
async function keptVocabulary(catalogue, ...read) {
  const file = join(catalogue.dataDir, 'bench-vocabulary.json');
  if (catalogue.keep && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const vocab = await vocabulary(...read);
  if (catalogue.keep) writeFileSync(file, JSON.stringify(vocab));
  return vocab;
}

const catalogue = largeCatalogue(DATASETS);
const server = await startServer({ port: Number(process.env.BENCH_REALISTIC_PORT ?? 18287), ...catalogue });
try {
  const baseUrl = server.baseUrl;
  const admin = { authorization: `JWT ${await signIn(baseUrl, 'admin')}` };
  const editor = { authorization: `JWT ${await signIn(baseUrl, EDITOR)}` };
  const vocab = await keptVocabulary(catalogue, baseUrl, admin, editor);
  const { count } = await getJson(baseUrl, `${LIST}?page_size=1`, admin);
  console.log(
    `\nDataset lists on a changing catalogue (PostgreSQL's buffers ${hugePagesInUse() ? 'in huge pages' : 'in ordinary pages'}, background work at nice ${process.env.BACKGROUND_NICE || 10}): ${count} datasets, ${READERS} readers (half superuser, half ${EDITOR}) asking distinct lists ` +
      `drawn from ${vocab.words.length} words, ${vocab.organisations.length} organisations and ${vocab.topics.length} topics:`,
  );
  // A platform in use has assessed its datasets' quality (the nightly assessment): a save that
  // rewords a description is then not followed by a first DCAT-AP validation. The seeded catalogue
  // has never been assessed, so the datasets the writers edit are saved once first, and their
  // owed scores assessed, before anything is measured.
  const warmStarted = performance.now();
  const pending = [...vocab.datasets];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) await save(baseUrl, admin, id, 'warm-up');
    }),
  );
  const assessedAfter = await untilIdle();
  console.log(
    `  the ${vocab.datasets.length} datasets the writers edit saved once and assessed: ${((performance.now() - warmStarted) / 1000).toFixed(0)} s (${assessedAfter.toFixed(0)} s of it for the scores)`,
  );
  const random = generator(SEED);
  const readers = Array.from({ length: READERS }, (_, n) => ({
    headers: n % 2 ? editor : admin,
    user: n % 2 ? 'editor' : 'superuser',
    next: listQueries(vocab, generator(SEED + n + 1)),
  }));

  /** One at a time, each list asked for the first time right after a write: no kept answer can serve it. */
  async function firstCalls() {
    const latencies = [];
    const firstQueries = listQueries(vocab, generator(SEED - 1));
    for (let n = 0; n < FIRST_CALLS; n++) {
      await write(baseUrl, admin, random, vocab.datasets, `first-${n}`);
      const t = performance.now();
      await request(baseUrl + firstQueries().query, { headers: n % 2 ? editor : admin });
      latencies.push(performance.now() - t);
    }
    console.log(`  ${`first calls, one at a time`.padEnd(30)} ${FIRST_CALLS} lists, each right after a write: ${summary(latencies)}`);
  }

  for (const writesPerSecond of [0, 1, 10]) {
    await untilIdle();
    const result = await phase({ baseUrl, readers, admin, vocab, random, writesPerSecond, seconds: SECONDS });
    report(`${writesPerSecond} writes/s`, result);
    // Once the server has answered for a while (its database connections made, as on a platform in use).
    if (writesPerSecond === 0) await firstCalls();
  }

  // The same harvest alone, then with the readers and 10 writes a second.
  const runId = Date.now().toString(36);
  const alone = await startCkanRemote({ records: HARVEST_RECORDS, prefix: `alone-${runId}` });
  const loaded = await startCkanRemote({ records: HARVEST_RECORDS, prefix: `loaded-${runId}` });
  try {
    const first = await (await ckanIndexer(baseUrl, admin.authorization.slice(4), alone.url, `Bench alone ${runId}`)).run();
    const aloneRate = HARVEST_RECORDS / first.seconds;
    console.log(`  ${'harvest alone'.padEnd(30)} ${HARVEST_RECORDS} records in ${first.seconds.toFixed(1)} s: ${aloneRate.toFixed(0)} records/s (${first.task.status})`);
    await untilIdle();
    const indexer = await ckanIndexer(baseUrl, admin.authorization.slice(4), loaded.url, `Bench loaded ${runId}`);
    const harvest = indexer.run();
    const result = await phase({ baseUrl, readers, admin, vocab, random, writesPerSecond: 10, until: harvest });
    const { seconds, task } = await harvest;
    report('10 writes/s and a harvest', result);
    const rate = HARVEST_RECORDS / seconds;
    console.log(
      `  ${'harvest under that load'.padEnd(30)} ${HARVEST_RECORDS} records in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} records/s, ${((rate / aloneRate) * 100).toFixed(0)} % of alone (${task.status})`,
    );
  } finally {
    alone.close();
    loaded.close();
  }
} finally {
  agent.destroy();
  await server.stop();
}

// Harvests: a CKAN catalogue of BENCH_HARVEST_RECORDS generated records served by a local HTTP
// server, harvested by a real server (OUTBOUND_ALLOW_PRIVATE for the loopback remote): records per
// second of a first run (every record created), and the time of a second run with nothing changed.
// Figures only: nothing here passes or fails.
import { ckanIndexer, startCkanRemote } from './ckan.mjs';
import { createDataDir, signIn, startServer } from './server.mjs';

const RECORDS = Number(process.env.BENCH_HARVEST_RECORDS ?? 10_000);

process.env.OUTBOUND_ALLOW_PRIVATE = '1';
process.env.TASK_TIME_LIMIT_SECONDS = '3600';

const remote = await startCkanRemote({ records: RECORDS });
const server = await startServer({ port: Number(process.env.BENCH_HARVEST_PORT ?? 18286), dataDir: createDataDir() });
try {
  const indexer = await ckanIndexer(server.baseUrl, await signIn(server.baseUrl, 'admin'), remote.url);
  const first = await indexer.run();
  console.log(`harvest: ${RECORDS} CKAN records (${remote.pages} pages), first run ${first.task.status} in ${first.seconds.toFixed(1)} s: ${(RECORDS / first.seconds).toFixed(0)} records/s (${first.summary})`);
  const second = await indexer.run();
  console.log(`harvest: second run, nothing changed, ${second.task.status} in ${second.seconds.toFixed(1)} s (${second.summary})`);
} finally {
  await server.stop();
  remote.close();
}

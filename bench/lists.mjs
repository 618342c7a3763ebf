// Lists and searches of Accounts at scale: 50,000 users and 5,000 organisations
// (BENCH_USERS, BENCH_ORGANISATIONS), p50/p95 of each call under 10 concurrent connections.
import autocannon from 'autocannon';
import { createDataDir, measure, seedLarge, signIn, startServer } from './server.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 50_000);
const ORGANISATIONS = Number(process.env.BENCH_ORGANISATIONS ?? 5_000);
const SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 5);

const CALLS = [
  ['users, first page', '/fr/usergroup/users/?page=1&page_size=20&status__in=2'],
  ['users, last pages', '/fr/usergroup/users/?page=2000&page_size=20&status__in=2'],
  ['users, ordered by registration', '/fr/usergroup/users/?ordering=-date_joined&status__in=2'],
  ['users, search "helene"', '/fr/usergroup/users/?search=helene&status__in=2'],
  ['users, search "user4242"', '/fr/usergroup/users/?search=user4242'],
  ['organisations, first page', '/fr/organisation/organisations/?status__in=2'],
  ['organisations, search "syndicat cassis"', '/fr/organisation/organisations/?search=syndicat%20cassis'],
  ['organisations, by member count', '/fr/organisation/organisations/?ordering=-member_count'],
  ['pending attachments', '/fr/usergroup/group-members/?ordering=-user__date_joined&status__in=0,1'],
];

const dataDir = createDataDir();
console.log(`\nSeeding ${USERS} users and ${ORGANISATIONS} organisations…`);
seedLarge(dataDir, { users: USERS, organisations: ORGANISATIONS });
const server = await startServer({ port: 18283, dataDir });
try {
  const headers = { authorization: `JWT ${await signIn(server.baseUrl, 'admin')}` };
  console.log(`Accounts lists, 10 connections for ${SECONDS} s each:`);
  for (const [label, path] of CALLS) {
    const first = await fetch(server.baseUrl + path, { headers });
    if (!first.ok) {
      console.log(`  ${label.padEnd(38)} unavailable (${first.status})`);
      continue;
    }
    const { count } = await first.json();
    const r = await measure(autocannon, server.baseUrl + path, { headers, seconds: SECONDS });
    if (r.p50 === undefined) {
      console.log(`  ${label.padEnd(38)} no answer within ${SECONDS} s`);
      continue;
    }
    console.log(`  ${label.padEnd(38)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  ${String(r.perSecond).padStart(5)} req/s  (${count} results, ${r.errors} errors)`);
  }
} finally {
  await server.stop();
}

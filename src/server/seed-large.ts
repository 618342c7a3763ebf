/**
 * `npm run seed:large`: enlarges the platform configured by the environment (DATA_DIR or
 * DATABASE_URL, as `npm start`) with a synthetic population, by default 50,000 users and 5,000
 * organisations (SEED_USERS, SEED_ORGANISATIONS), and a catalogue of 300,000 datasets over 500 of
 * those organisations (SEED_DATASETS), with user groups, spheres and special permissions. The
 * synthetic users' password is DEMO_PASSWORD when set, otherwise a random one never shown. Run it
 * while the server is stopped when the database is the embedded one.
 */
import { pino } from 'pino';
import { randomPassword } from './auth/passwords.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { preparePlatformData } from './db/prepare.ts';
import { seedLargePlatform } from './db/seedLarge.ts';
import { seedLargeCatalogue } from './db/seedLargeDatasets.ts';

const config = loadConfig();
const logger = pino({ level: config.logLevel });
const users = Number(process.env.SEED_USERS ?? 50_000);
const organisations = Number(process.env.SEED_ORGANISATIONS ?? 5_000);
const datasets = Number(process.env.SEED_DATASETS ?? 300_000);

const { db, close } = await openDatabase(config, logger);
try {
  const demo = await preparePlatformData(db, { password: config.demoPassword ?? randomPassword(), termsVersion: config.termsVersion });
  if (demo.seeded) console.log('Demo platform created first (its password is DEMO_PASSWORD, or a random one not shown).');
  const started = performance.now();
  const created = await seedLargePlatform(db, { users, organisations, password: config.demoPassword ?? undefined, termsVersion: config.termsVersion });
  console.log(
    created
      ? `Added ${users} users and ${organisations} organisations in ${((performance.now() - started) / 1000).toFixed(1)} s.`
      : 'The synthetic platform is already there: nothing added.',
  );
  const catalogueStarted = performance.now();
  const catalogued = await seedLargeCatalogue(db, { datasets });
  if (datasets > 0) {
    console.log(
      catalogued
        ? `Added ${datasets} datasets over 500 organisations in ${((performance.now() - catalogueStarted) / 1000).toFixed(1)} s.`
        : 'The synthetic catalogue is already there: nothing added.',
    );
  }
} finally {
  await close();
}

/**
 * `npm run seed:large`: enlarges the platform configured by the environment (DATA_DIR or
 * DATABASE_URL, as `npm start`) with a synthetic population, by default 50,000 users and 5,000
 * organisations (SEED_USERS, SEED_ORGANISATIONS). Run it while the server is stopped when the
 * database is the embedded one.
 */
import { pino } from 'pino';
import { randomPassword } from './auth/passwords.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { preparePlatformData } from './db/prepare.ts';
import { seedLargePlatform } from './db/seedLarge.ts';

const config = loadConfig();
const logger = pino({ level: config.logLevel });
const users = Number(process.env.SEED_USERS ?? 50_000);
const organisations = Number(process.env.SEED_ORGANISATIONS ?? 5_000);

const { db, close } = await openDatabase(config, logger);
try {
  const demo = await preparePlatformData(db, { password: config.demoPassword ?? randomPassword(), termsVersion: config.termsVersion });
  if (demo.seeded) console.log('Demo platform created first (its password is DEMO_PASSWORD, or a random one not shown).');
  const started = performance.now();
  const created = await seedLargePlatform(db, { users, organisations });
  console.log(
    created
      ? `Added ${users} users and ${organisations} organisations in ${((performance.now() - started) / 1000).toFixed(1)} s.`
      : 'The synthetic platform is already there: nothing added.',
  );
} finally {
  await close();
}

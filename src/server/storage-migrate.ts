/**
 * `npm run storage:migrate -- --to s3|disk`: copies every resource file from the other backend to
 * the one named, with the same settings as the server (DATA_DIR, S3_*, AWS_*), checking each copy
 * (storage/migrate.ts). Run it again until it reports no failure, then set STORAGE to the new
 * backend and restart the processes; the old copies can then be removed.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openStorage } from './storage/index.ts';
import { migrateFiles } from './storage/migrate.ts';

async function main() {
  const { values } = parseArgs({ options: { to: { type: 'string' }, quiet: { type: 'boolean', default: false } } });
  if (values.to !== 's3' && values.to !== 'disk') throw new Error('Usage: npm run storage:migrate -- --to s3|disk');
  const config = loadConfig();
  if (!config.storage.bucket) throw new Error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, the AWS_* credentials) to reach the object store');
  const disk = openStorage({ ...config.storage, backend: 'disk' }, config.dataDir);
  const s3 = openStorage({ ...config.storage, backend: 's3' }, config.dataDir);
  const [from, to] = values.to === 's3' ? [disk, s3] : [s3, disk];
  await to.check();
  const report = await migrateFiles(from, to, values.quiet ? undefined : (line) => console.log(line));
  console.log(`${report.copied} file(s) copied, ${report.skipped} already there, ${report.failed.length} failed`);
  if (report.failed.length > 0) {
    console.log('Run the command again to retry the failed files.');
    process.exit(1);
  }
  console.log(`Every file is in ${values.to === 's3' ? 'the object store' : 'DATA_DIR/files'}: set STORAGE=${values.to} and restart the platform's processes.`);
}

main().catch((error: unknown) => {
  console.error('storage:migrate failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});

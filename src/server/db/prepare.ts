/**
 * The data every platform starts with: on an empty database the demo platform, and always the
 * French communes (loaded once) with, alongside a new demo platform, its jurisdictions.
 */
import { loadJurisdictionData } from '../jurisdictions/loadMunicipalities.ts';
import type { Db } from './pool.ts';
import { seedDemoData, seedDemoFtpFiles, type SeedResult } from './seed.ts';

export async function preparePlatformData(db: Db, options: { password: string; termsVersion: string; dataDir?: string }): Promise<SeedResult> {
  const seed = await seedDemoData(db, options);
  await loadJurisdictionData(db, { demo: seed.seeded });
  // The demo organisation's FTP folder, for ftp resources.
  if (seed.seeded && options.dataDir) await seedDemoFtpFiles(db, options.dataDir);
  return seed;
}

/**
 * The data every platform starts with: on an empty database the demo platform, and always the
 * French communes (loaded once) with, alongside a new demo platform, its jurisdictions.
 */
import { loadJurisdictionData } from '../jurisdictions/loadMunicipalities.ts';
import { assessDataset } from '../quality/assess.ts';
import type { Db } from './pool.ts';
import { seedDemoData, seedDemoFtpFiles, type SeedResult } from './seed.ts';

export async function preparePlatformData(db: Db, options: { password: string; termsVersion: string; dataDir?: string }): Promise<SeedResult> {
  const seed = await seedDemoData(db, options);
  await loadJurisdictionData(db, { demo: seed.seeded });
  // The demo organisation's FTP folder, for ftp resources.
  if (seed.seeded && options.dataDir) await seedDemoFtpFiles(db, options.dataDir);
  // The demo's lists show each dataset's quality from the first start, not after the nightly run.
  if (seed.seeded) {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM datasets ORDER BY id');
    for (const { id } of rows) await assessDataset(db, id);
  }
  return seed;
}

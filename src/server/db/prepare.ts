/**
 * The data every platform starts with: on an empty database the demo platform, and always the
 * French communes (loaded once) with, alongside a new demo platform, its jurisdictions.
 */
import { loadJurisdictionData } from '../jurisdictions/loadMunicipalities.ts';
import type { Db } from './pool.ts';
import { seedDemoData, type SeedResult } from './seed.ts';

export async function preparePlatformData(db: Db, options: { password: string; termsVersion: string }): Promise<SeedResult> {
  const seed = await seedDemoData(db, options);
  await loadJurisdictionData(db, { demo: seed.seeded });
  return seed;
}

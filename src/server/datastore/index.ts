/**
 * The datastore: resource files loaded into tables. This module's loader is the seam the resource
 * scenarios call; until the datastore is part of the platform no format is loadable.
 */
import type { ScenarioContext } from '../tasks/scenarios.ts';

export interface DatastoreLoadInput {
  resourceId: number;
  filePath: string;
  /** data_formats.codename */
  format: string;
  columnX: string | null;
  columnY: string | null;
  crs: number | null;
}

export interface DatastoreLoadResult {
  schemaName: string;
  tableName: string;
  rows: number;
  bbox: [number, number, number, number] | null;
  layerId: number | null;
}

/** Loads the file into the resource's datastore table (replacing it atomically); null when the format is not loadable. Throws TaskFailure with a readable reason. */
export async function loadResourceIntoDatastore(context: ScenarioContext, input: DatastoreLoadInput): Promise<DatastoreLoadResult | null> {
  void context;
  void input;
  return null;
}

import type { Locale } from '../../../schemas/constants.ts';
import type { Choice, CurrentUser, DataFormat } from '../../../schemas/api.ts';
import type { RuntimeConfig } from '../config/runtimeConfig.ts';

export type { Choice, DataFormat };

/** What the app knows once started (the value of useStartup()). */
export interface StartupData {
  /** The locale the lists were fetched in. */
  locale: Locale;
  config: RuntimeConfig;
  /** The signed-in user, or null for an anonymous visitor. */
  user: CurrentUser | null;
  userStatuses: Choice[];
  usergroupStatuses: Choice[];
  roles: Choice[];
  dataFormats: DataFormat[];
  /** HEAD datapusher/datastores/databases/ answered 200: tables may be made resources. */
  datastoreAvailable: boolean;
  /** HEAD geospatial/datastores/databases/ answered 200: the store the map server publishes layers from. */
  geospatialAvailable: boolean;
}

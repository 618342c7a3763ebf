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
  datastoreAvailable: boolean;
  mapServerAvailable: boolean;
}

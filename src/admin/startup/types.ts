import type { Locale } from '../../../schemas/constants.ts';
import type { CurrentUser } from '../auth/session.ts';
import type { RuntimeConfig } from '../config/runtimeConfig.ts';

/** An entry of the server's small lookup lists (statuses, roles). */
export interface Choice {
  id: number;
  label: string;
}

export interface DataFormat {
  id: number;
  codename: string;
  display_name: string;
  extensions: string[];
  mimetypes: string[];
  is_structured: boolean;
}

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

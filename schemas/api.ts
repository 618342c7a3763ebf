/** Payloads of the platform's start-up calls, as both the server sends them and the app reads them. */
import type { AccessSubject, ServiceConfig, UsergroupRole } from './access.ts';

/** GET /{locale}/login/: the signed-in user. */
export interface CurrentUser extends AccessSubject {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_superuser: boolean;
  usergroup_roles: UsergroupRole[];
  terms_accepted: boolean;
}

/** An entry of the small lookup lists: user-status/, user-group-status/, user-group-roles/. */
export interface Choice {
  id: number;
  label: string;
}

/** GET /{locale}/resource/data-format/. */
export interface DataFormat {
  id: number;
  codename: string;
  display_name: string;
  extensions: string[];
  mimetypes: string[];
  is_structured: boolean;
  /** Carries positions by itself (a map layer can be made of it). */
  is_geographic: boolean;
}

/** The services of the header's menu, in their order. */
export const SERVICE_KEYS = ['portal', 'contribution', 'landRegistry', 'maps', 'statistics', 'mapServerAdmin', 'metadataCatalogue'] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

/** GET /publish/config.json: the links of the login service (with a `{locale}` placeholder) and the services. */
export interface RuntimeConfig {
  links: { login: string; profile: string; terms: string; signout: string; home: string };
  services: ServiceConfig[];
}

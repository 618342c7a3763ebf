/** Payloads of the platform's start-up calls, as both the server sends them and the app reads them. */
import type { AccessSubject, UsergroupRole } from './access.ts';

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
}

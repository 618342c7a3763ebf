/** Business constants shared by the admin app and the platform server (spec, section 9). */

export const LOCALES = ['fr', 'en', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Usergroup roles: 0 member ("registered user"), 1 editor, 2 delegated administrator. */
export const ROLE = { member: 0, editor: 1, admin: 2 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];

/** User and group-member statuses. */
export const STATUS = { pendingVerification: 0, pendingValidation: 1, active: 2 } as const;
export type Status = (typeof STATUS)[keyof typeof STATUS];

/** Dataset permission levels. */
export const PERMISSION_LEVEL = { private: 0, search: 1, consultation: 2, download: 3 } as const;

/** Resource to dataset relation types. */
export const RELATION_TYPE = { main: 1, annex: 2 } as const;

export const USERGROUP_TYPES = ['organisation', 'user-group', 'group-of-organisation'] as const;
export type UsergroupType = (typeof USERGROUP_TYPES)[number];

/**
 * The maps' background tiles, unless the runtime configuration names others. MapLibre fetches
 * them (the server's CSP lets the app connect to this origin); Leaflet shows them as images.
 */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export const PAGE_SIZE = 20;
export const JURISDICTION_PAGE_SIZE = 50;
export const RELOAD_INTERVAL_MS = 15000;
/** How often a task someone just started is read again until it ends. */
export const TASK_POLL_MS = 1000;
export const TOAST_DURATION_MS = 5000;
export const ANCHOR_WAIT_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Largest width or height of a logo or thumbnail, in pixels (so at most 16.7 Mpx to decode). */
export const IMAGE_MAX_SIDE = 4096;
export const DEFAULT_MAP_BOUNDS = [4.0, 42.8, 7.9, 45.3] as const;
export const MAP_ZOOM = { min: 4, max: 21 } as const;

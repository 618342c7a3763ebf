/**
 * A language switch remounts every screen (react-admin re-keys its tree when the locale changes),
 * so an unsaved form would come back empty. The forms on screen set their values aside when the
 * switch is asked, by the page's path without its locale, and take them back when they mount again
 * at the same path in the new language.
 *
 * A session that ended (signed out in another tab, expired) sends the browser to the sign-in page,
 * which comes back to the same page: the values then wait in the tab's session storage, for a day
 * at most, without files (which cannot be kept) nor passwords.
 */
type Values = Record<string, unknown>;

/** What each form on screen does when a switch is asked. */
const setAsideHandlers = new Set<() => Values | null>();
/** Values set aside, by path without locale: taken once. */
const kept = new Map<string, Values>();

const STORAGE_KEY = 'publish.keptFormValues';
const STORAGE_DAYS = 1;

/** Registers a form's handler; returns its unregistration. */
export function onLanguageSwitch(handler: () => Values | null): () => void {
  setAsideHandlers.add(handler);
  return () => setAsideHandlers.delete(handler);
}

function holdsFile(value: unknown): boolean {
  if (typeof Blob !== 'undefined' && value instanceof Blob) return true;
  if (Array.isArray(value)) return value.some(holdsFile);
  if (value && typeof value === 'object') return Object.values(value).some(holdsFile);
  return false;
}

/** The values that can wait in session storage: no file, no password. */
function storable(values: Values): Values {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => !/password/i.test(name) && !holdsFile(value)));
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Called as a switch is asked, or as the browser leaves for the sign-in page (`acrossReload`):
 * keeps the values of the forms that have unsaved changes.
 */
export function setAsideFormValues(path: string, { acrossReload = false } = {}): void {
  kept.delete(path);
  for (const handler of setAsideHandlers) {
    const values = handler();
    if (values) kept.set(path, values);
  }
  const values = kept.get(path);
  if (acrossReload && values) {
    // The page is left: the values wait in the tab's storage only.
    kept.delete(path);
    try {
      storage()?.setItem(STORAGE_KEY, JSON.stringify({ path, at: Date.now(), values: storable(values) }));
    } catch {
      // A full or refused storage: the values are lost, as they were before.
    }
  }
}

function takeStored(path: string): Values | undefined {
  const store = storage();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(store?.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const stored = parsed as { path?: unknown; at?: unknown; values?: unknown };
  const stale = typeof stored.at !== 'number' || Date.now() - stored.at > STORAGE_DAYS * 86_400_000;
  if (stale) store?.removeItem(STORAGE_KEY);
  if (stale || stored.path !== path || !stored.values || typeof stored.values !== 'object') return undefined;
  store?.removeItem(STORAGE_KEY);
  return stored.values as Values;
}

/** The values a form at `path` left there before a switch or a new sign-in, once. */
export function takeFormValues(path: string): Values | undefined {
  const values = kept.get(path) ?? takeStored(path);
  kept.delete(path);
  return values;
}

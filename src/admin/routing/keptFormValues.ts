/**
 * A language switch remounts every screen (react-admin re-keys its tree when the locale changes),
 * so an unsaved form would come back empty. The forms on screen set their values aside when the
 * switch is asked, by the page's path without its locale, and take them back when they mount again
 * at the same path in the new language.
 *
 * A session that ended (signed out in another tab, expired) sends the browser to the sign-in page,
 * which comes back to the same page: the values then wait in the tab's session storage, for a day
 * at most, without files (which cannot be kept) nor passwords. They come back only to the person
 * who typed them: someone else signing in at that browser finds the form as stored.
 */
type Values = Record<string, unknown>;
/** The id of the user who typed the values (null: none signed in). */
type Owner = number | null;

/** What each form on screen does when a switch is asked, with the user it is shown to. */
const setAsideHandlers = new Map<() => Values | null, Owner>();
/** Values set aside, by path without locale: taken once. */
const kept = new Map<string, { values: Values; owner: Owner }>();

const STORAGE_KEY = 'publish.keptFormValues';
const STORAGE_DAYS = 1;

/** Registers a form's handler; returns its unregistration. */
export function onLanguageSwitch(handler: () => Values | null, owner: Owner): () => void {
  setAsideHandlers.set(handler, owner);
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
  for (const [handler, owner] of setAsideHandlers) {
    const values = handler();
    if (values) kept.set(path, { values, owner });
  }
  const entry = kept.get(path);
  if (acrossReload && entry) {
    // The page is left: the values wait in the tab's storage only.
    kept.delete(path);
    try {
      storage()?.setItem(STORAGE_KEY, JSON.stringify({ path, owner: entry.owner, at: Date.now(), values: storable(entry.values) }));
    } catch {
      // A full or refused storage: the values are lost, as they were before.
    }
  }
}

function takeStored(path: string, owner: Owner): Values | undefined {
  const store = storage();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(store?.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const stored = parsed as { path?: unknown; owner?: unknown; at?: unknown; values?: unknown };
  const stale = typeof stored.at !== 'number' || Date.now() - stored.at > STORAGE_DAYS * 86_400_000;
  if (stale) store?.removeItem(STORAGE_KEY);
  if (stale || stored.path !== path || !stored.values || typeof stored.values !== 'object') return undefined;
  store?.removeItem(STORAGE_KEY);
  if (stored.owner !== owner) return undefined;
  return stored.values as Values;
}

/** The values a form at `path` left there before a switch or a new sign-in, once. */
export function takeFormValues(path: string, owner: Owner): Values | undefined {
  const entry = kept.get(path);
  kept.delete(path);
  if (entry) return entry.owner === owner ? entry.values : undefined;
  return takeStored(path, owner);
}

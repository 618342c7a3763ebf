/**
 * A language switch remounts every screen (react-admin re-keys its tree when the locale changes),
 * so an unsaved form would come back empty. The forms on screen set their values aside when the
 * switch is asked, by the page's path without its locale, and take them back when they mount again
 * at the same path in the new language.
 */
type Values = Record<string, unknown>;

/** What each form on screen does when a switch is asked. */
const setAsideHandlers = new Set<() => Values | null>();
/** Values set aside, by path without locale: taken once. */
const kept = new Map<string, Values>();

/** Registers a form's handler; returns its unregistration. */
export function onLanguageSwitch(handler: () => Values | null): () => void {
  setAsideHandlers.add(handler);
  return () => setAsideHandlers.delete(handler);
}

/** Called as a switch is asked: keeps the values of the forms that have unsaved changes. */
export function setAsideFormValues(path: string): void {
  kept.delete(path);
  for (const handler of setAsideHandlers) {
    const values = handler();
    if (values) kept.set(path, values);
  }
}

/** The values a form at `path` left there before a switch, once. */
export function takeFormValues(path: string): Values | undefined {
  const values = kept.get(path);
  kept.delete(path);
  return values;
}

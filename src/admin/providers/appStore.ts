/**
 * react-admin's store: people's preferences (a list's chosen and ordered columns, a folded panel: `preferences.*`)
 * are remembered by the browser in localStorage; everything else (the locale, which the URL
 * carries, list parameters) lives in memory for the page's lifetime.
 */
import { localStorageStore, memoryStore, type Store } from 'react-admin';
import type { Locale } from '../../../schemas/constants.ts';

const PERSISTED_PREFIX = 'preferences.';

export function createAppStore(initialLocale: Locale): Store {
  const memory = memoryStore({ locale: initialLocale });
  const persisted = localStorageStore('1', 'Publish');
  const storeOf = (key: string) => (key.startsWith(PERSISTED_PREFIX) ? persisted : memory);
  return {
    setup: () => {
      memory.setup();
      persisted.setup();
    },
    teardown: () => {
      memory.teardown();
      persisted.teardown();
    },
    getItem: (key, defaultValue) => storeOf(key).getItem(key, defaultValue),
    setItem: (key, value) => storeOf(key).setItem(key, value),
    removeItem: (key) => storeOf(key).removeItem(key),
    removeItems: (keyPrefix) => {
      memory.removeItems(keyPrefix);
      persisted.removeItems(keyPrefix);
    },
    // Signing out clears what the session knew, not the browser's column choices.
    reset: () => memory.reset(),
    subscribe: (key, callback) => storeOf(key).subscribe(key, callback),
  };
}

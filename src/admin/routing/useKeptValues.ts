/**
 * The hooks through which a screen's unsaved values survive a language switch or a new sign-in
 * (keptFormValues.ts): kept by the page's path without its locale, for the person who typed them.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useStartup } from '../startup/useStartup.ts';
import { onLanguageSwitch, takeFormValues } from './keptFormValues.ts';
import { splitLocale } from './normalisePath.ts';

type Values = Record<string, unknown>;

/** The page values are kept for (its path without the locale) and the person they are kept for. */
export function useKeptPlace(): { path: string; owner: number | null } {
  return { path: splitLocale(useLocation().pathname).rest, owner: useStartup().user?.id ?? null };
}

/** What was typed at this page before a switch or a new sign-in, read once as the screen opens, as `read` makes it. */
export function useTakenValues<T>(read: (kept: Values | undefined) => T | undefined): T | undefined {
  const { path, owner } = useKeptPlace();
  const [taken] = useState(() => read(takeFormValues(path, owner)));
  return taken;
}

/**
 * Sets `unsaved` aside, as `asValues` flattens it, when a switch is asked or the session ends
 * (null: nothing to keep). `asValues` is a function of the module, not made anew each render.
 */
export function useSetAsideValues<T>(unsaved: T | null, asValues: (unsaved: T) => Values): void {
  const { owner } = useKeptPlace();
  useEffect(() => onLanguageSwitch(() => (unsaved ? asValues(unsaved) : null), owner), [unsaved, asValues, owner]);
}

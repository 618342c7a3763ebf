/**
 * A harvester's unsaved form survives a language switch or a new sign-in as the schema forms'
 * values do, by the same means (routing/keptFormValues.ts): set aside while it differs from what
 * the page opened with, and given back once, to the person who typed it.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { onLanguageSwitch, takeFormValues } from '../routing/keptFormValues.ts';
import { splitLocale } from '../routing/normalisePath.ts';
import { useStartup } from '../startup/useStartup.ts';
import type { IndexerForm } from './indexersApi.ts';

function useKeptPlace() {
  return { path: splitLocale(useLocation().pathname).rest, owner: useStartup().user?.id ?? null };
}

/** The kept values read back as the form holds them: a value of another kind than `empty`'s is left out. */
function formOf(kept: Record<string, unknown> | undefined, empty: IndexerForm): IndexerForm | undefined {
  if (!kept) return undefined;
  const entries = Object.entries(empty).map(([name, value]) => [name, typeof kept[name] === typeof value ? kept[name] : value]);
  return Object.fromEntries(entries) as IndexerForm;
}

/** What was typed in this harvester's form before a switch or a new sign-in, read once as it opens. */
export function useTakenIndexerValues(empty: IndexerForm): IndexerForm | undefined {
  const { path, owner } = useKeptPlace();
  const [taken] = useState(() => formOf(takeFormValues(path, owner), empty));
  return taken;
}

/** Sets `unsaved` aside when a switch is asked or the session ends (null: nothing to keep). */
export function useSetAsideIndexerValues(unsaved: IndexerForm | null): void {
  const { owner } = useKeptPlace();
  useEffect(() => onLanguageSwitch(() => (unsaved ? { ...unsaved } : null), owner), [unsaved, owner]);
}

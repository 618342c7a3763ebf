/**
 * A harvester's unsaved form survives a language switch or a new sign-in as the schema forms'
 * values do, by the same means (routing/keptFormValues.ts): set aside while it differs from what
 * the page opened with, and given back once, to the person who typed it.
 */
import { useSetAsideValues, useTakenValues } from '../routing/useKeptValues.ts';
import type { IndexerForm } from './indexersApi.ts';

/** The kept values read back as the form holds them: a value of another kind than `empty`'s is left out. */
function formOf(kept: Record<string, unknown> | undefined, empty: IndexerForm): IndexerForm | undefined {
  if (!kept) return undefined;
  const entries = Object.entries(empty).map(([name, value]) => [name, typeof kept[name] === typeof value ? kept[name] : value]);
  return Object.fromEntries(entries) as IndexerForm;
}

const asKept = (unsaved: IndexerForm) => ({ ...unsaved });

/** What was typed in this harvester's form before a switch or a new sign-in, read once as it opens. */
export function useTakenIndexerValues(empty: IndexerForm): IndexerForm | undefined {
  return useTakenValues((kept) => formOf(kept, empty));
}

/** Sets `unsaved` aside when a switch is asked or the session ends (null: nothing to keep). */
export function useSetAsideIndexerValues(unsaved: IndexerForm | null): void {
  useSetAsideValues(unsaved, asKept);
}

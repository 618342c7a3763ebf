/**
 * The wizard's type and details survive a language switch or a new sign-in as the schema forms'
 * values do, by the same means (routing/keptFormValues.ts): set aside while unsaved, without the
 * file across a sign-in, and given back once, to the person who typed them.
 */
import { useSetAsideValues, useTakenValues } from '../routing/useKeptValues.ts';
import { RESOURCE_TYPES, type ResourceType } from './resourcesApi.ts';
import { EMPTY_VALUES, type WizardValues } from './wizardValues.ts';

export interface KeptWizard {
  type: ResourceType | null;
  values: Partial<WizardValues>;
}

/** The values kept for the wizard, read back as it holds them: what is not one of its values, or not of its kind, is left out. */
function wizardOf(kept: Record<string, unknown> | undefined): KeptWizard | undefined {
  if (!kept) return undefined;
  const type = RESOURCE_TYPES.find((known) => known === kept.type) ?? null;
  const values = Object.fromEntries(
    Object.entries(EMPTY_VALUES)
      .filter(([name, empty]) => {
        const value = kept[name];
        if (name === 'file') return value instanceof File;
        return typeof value === typeof empty || (name === 'dataformat_id' && typeof value === 'number');
      })
      .map(([name]) => [name, kept[name]]),
  ) as Partial<WizardValues>;
  return { type, values };
}

/** The wizard's values as they are kept: its details, with its type. */
const asKept = (unsaved: KeptWizard) => ({ ...unsaved.values, type: unsaved.type });

/** What was typed in the wizard at this page before a switch or a new sign-in, read once as it opens. */
export function useTakenWizardValues(): KeptWizard | undefined {
  return useTakenValues(wizardOf);
}

/** Sets `unsaved` aside when a switch is asked or the session ends (null: nothing to keep). */
export function useSetAsideWizardValues(unsaved: KeptWizard | null): void {
  useSetAsideValues(unsaved, asKept);
}

/** Inside a form: its unsaved values survive a language switch or a new sign-in (routing/keptFormValues.ts). */
import { useEffect } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { onLanguageSwitch, takeFormValues } from '../routing/keptFormValues.ts';
import { useKeptPlace } from '../routing/useKeptValues.ts';

export function KeepValuesAcrossLanguages() {
  const { getValues, setValue, reset } = useFormContext();
  const { isDirty } = useFormState();
  const { path, owner } = useKeptPlace();

  useEffect(() => {
    const values = takeFormValues(path, owner);
    if (!values) return undefined;
    // After the form's own first reset to its record or defaults: the values come back as changes.
    const timer = setTimeout(() => {
      for (const [name, value] of Object.entries(values)) setValue(name, value, { shouldDirty: true });
    });
    return () => clearTimeout(timer);
  }, [path, owner, setValue]);

  useEffect(
    () =>
      onLanguageSwitch(() => {
        if (!isDirty) return null;
        const values = getValues();
        // Unsaved changes set aside are not lost: the switch need not ask before leaving.
        reset(values);
        return values;
      }, owner),
    [isDirty, getValues, reset, owner],
  );
  return null;
}

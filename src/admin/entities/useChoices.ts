import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldSpec } from '../../../schemas/entity.ts';
import type { Choice } from '../startup/types.ts';
import { useStartup } from '../startup/useStartup.ts';

/**
 * The choices of a 'choice' field or filter: a start-up list (labelled by the server in the
 * page's language), or fixed values labelled `resources.<resource>.choices.<field>.<value>`.
 */
export function useChoices(resource: string, field: string, choices: FieldSpec['choices']): Choice[] {
  const startup = useStartup();
  const translate = useTranslate();
  return useMemo(() => {
    if (!choices) return [];
    if (typeof choices === 'string') return startup[choices];
    return choices.map((value) => ({
      id: value as number,
      label: translate(`resources.${resource}.choices.${field}.${value}`, { _: String(value) }),
    }));
  }, [choices, field, resource, startup, translate]);
}

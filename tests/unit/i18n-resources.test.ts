import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.ts';
import fr from '../../i18n/fr.ts';
import it_ from '../../i18n/it.ts';
import { RESOURCE_LABELS } from '../../i18n/resources/index.ts';
import validationEn from '../../i18n/validation/en.ts';
import validationFr from '../../i18n/validation/fr.ts';
import validationIt from '../../i18n/validation/it.ts';
import { ENTITIES } from '../../schemas/index.ts';

function keys(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue)
    .flatMap(([key, value]) =>
      value && typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
    )
    .sort();
}

describe('entity label modules', () => {
  for (const [resource, labels] of Object.entries(RESOURCE_LABELS)) {
    it(`${resource}: fr, en and it have the same keys`, () => {
      expect(keys(labels.en)).toEqual(keys(labels.fr));
      expect(keys(labels.it)).toEqual(keys(labels.fr));
    });
  }

  it('every entity has a module naming it and each of its fields', () => {
    for (const entity of ENTITIES) {
      if (entity.resource === 'jurisdictions') continue; // filled by the jurisdiction screens
      const labels = (RESOURCE_LABELS as Record<string, { fr: { name: string; fields: Record<string, string> } }>)[entity.resource];
      expect(labels, entity.resource).toBeDefined();
      expect(labels.fr.name, entity.resource).toBeTruthy();
      for (const field of Object.keys(entity.fields)) expect(labels.fr.fields[field], `${entity.resource}.${field}`).toBeTruthy();
    }
  });

  it('the catalogues hold the modules under resources.<resource> and the validation messages', () => {
    expect((fr.resources as Record<string, unknown>).users).toBe(RESOURCE_LABELS.users.fr);
    expect((en.resources as Record<string, unknown>).users).toBe(RESOURCE_LABELS.users.en);
    expect((it_.resources as Record<string, unknown>).users).toBe(RESOURCE_LABELS.users.it);
    expect(fr.validation).toBe(validationFr);
    expect(en.validation).toBe(validationEn);
    expect(it_.validation).toBe(validationIt);
    expect(keys(validationEn)).toEqual(keys(validationFr));
    expect(keys(validationIt)).toEqual(keys(validationFr));
  });
});

/** A bulk change's before and after as the preview and the history write them, in each language's typography. */
import { describe, expect, it } from 'vitest';
import { formatState } from '../../src/admin/datasets/bulk/formatState.ts';
import { createI18nProvider } from '../../src/admin/providers/i18nProvider.ts';

const GROUPS: Record<number, string> = { 3: 'Région Sud-Méditerranée' };

async function written(locale: 'fr' | 'en', state: Record<string, unknown>) {
  const i18n = createI18nProvider();
  await i18n.changeLocale(locale);
  return formatState(state, (key, options) => i18n.translate(key, options), (id) => GROUPS[id]);
}

describe('a bulk change state', () => {
  it('puts the space French writes before a colon, and none in English', async () => {
    const state = { publish: true, permissions: [{ usergroup_id: 3, level: 2 }] };
    expect(await written('fr', state)).toBe('publié : oui · Région Sud-Méditerranée : Consultation');
    expect(await written('en', state)).toBe('published: yes · Région Sud-Méditerranée: Consultation');
  });
});

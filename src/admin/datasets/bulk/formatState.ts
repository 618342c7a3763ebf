/** A bulk change's state (before or after) as one line a person reads: each field and its value. */
import { levelLabel } from '../permissions/permissionsApi.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function formatState(state: Record<string, unknown> | null, translate: Translate, groupName: (id: number) => string): string {
  if (!state) return '—';
  const yesNo = (value: unknown) => translate(`resources.dataset-bulk.values.${value ? 'true' : 'false'}`);
  // "publié : oui" in French, "published: yes" in English.
  const pair = (name: string, value: string) => translate('resources.dataset-bulk.values.pair', { name, value });
  return Object.entries(state)
    .map(([field, value]) => {
      switch (field) {
        case 'publish':
        case 'in_catalog':
          return pair(translate(`resources.dataset-bulk.values.${field}`), yesNo(value));
        case 'deleted':
          return value ? translate('resources.dataset-bulk.values.deleted') : '✓';
        case 'default_permission_level':
          return translate(levelLabel(Number(value)));
        case 'permissions':
          return (value as Array<{ usergroup_id: number; level: number }>).map((p) => pair(groupName(p.usergroup_id), translate(levelLabel(p.level)))).join(', ');
        case 'tags':
          return (value as string[]).join(', ') || '—';
        case 'usergroup':
          return groupName(Number(value));
        default:
          return `${field}: ${JSON.stringify(value)}`;
      }
    })
    .join(' · ');
}

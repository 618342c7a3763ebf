import { useGetList, useLocale } from 'react-admin';
import type { Choice } from '../../../schemas/api.ts';

export type ContactRoleChoice = Choice & { codename: string };

/** The contact roles (lookup `dataset/contact-roles/`), labelled by the server in the page's language. */
export function useContactRoleChoices(): ContactRoleChoice[] {
  const locale = useLocale();
  const { data = [] } = useGetList('contact-roles', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'label', order: 'ASC' },
    meta: { locale },
  });
  return data.map((role) => ({ id: role.id as number, label: String(role.label), codename: String(role.codename) }));
}

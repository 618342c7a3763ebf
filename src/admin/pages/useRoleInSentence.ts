/**
 * A group role's name as it reads inside a sentence ("Ville de Lyon, comme éditeur"): the roles'
 * labels are capitalised for lists and selects, a sentence lowers their first letter.
 */
import { useLocaleState } from 'react-admin';
import { useStartup } from '../startup/useStartup.ts';

export function useRoleInSentence(): (role: number) => string {
  const { roles } = useStartup();
  const [locale] = useLocaleState();
  return (role) => {
    const label = roles.find((choice) => choice.id === role)?.label;
    return label ? label.charAt(0).toLocaleLowerCase(locale) + label.slice(1) : String(role);
  };
}

/** The filters of a list, from the schema's `list.filters` and `list.search`. */
import type { ReactElement } from 'react';
import { NullableBooleanInput, NumberInput, SearchInput, SelectArrayInput, SelectInput, TextInput } from 'react-admin';
import type { FilterSpec, Fields } from '../../../schemas/entity.ts';
import { referencePicker } from './inputElement.tsx';
import { entityOf } from './registry.ts';
import { useChoices } from './useChoices.ts';

/** A filter's select is wide enough for its label, which it would otherwise cut. */
const FILTER_SX = { minWidth: 220 };

function ChoiceFilter({ source, resource, filter, label }: { source: string; resource: string; filter: FilterSpec<Fields>; label: string; alwaysOn?: boolean }) {
  const choices = useChoices(resource, filter.field ?? source, filter.choices);
  return filter.lookup === 'in' ? (
    <SelectArrayInput source={source} label={label} choices={choices} optionText="label" sx={FILTER_SX} />
  ) : (
    <SelectInput source={source} label={label} choices={choices} optionText="label" sx={FILTER_SX} />
  );
}

/** Label of a filter: the field it filters, or its own name. */
export const filterLabel = (resource: string, name: string, filter: FilterSpec<Fields>) =>
  `resources.${resource}.fields.${filter.field ?? name}`;

export function filterElements(resource: string): ReactElement[] {
  const entity = entityOf(resource);
  const elements: ReactElement[] = [];
  if (entity.list.search) elements.push(<SearchInput key="q" source="q" alwaysOn />);
  for (const [name, filter] of Object.entries(entity.list.filters)) {
    const label = filterLabel(resource, name, filter);
    const common = { source: name, label, alwaysOn: filter.alwaysOn };
    if (filter.choices) {
      elements.push(<ChoiceFilter key={name} {...common} resource={resource} filter={filter} />);
    } else if (filter.reference) {
      // One value at a time (e.g. one organisation type), or several for an 'in' lookup (topics).
      elements.push(referencePicker(filter.reference, { source: name, label, alwaysOn: filter.alwaysOn, multiple: filter.lookup === 'in', sx: FILTER_SX }));
    } else if (filter.type === 'boolean') {
      elements.push(<NullableBooleanInput key={name} {...common} />);
    } else if (filter.type === 'integer') {
      elements.push(<NumberInput key={name} {...common} />);
    } else {
      elements.push(<TextInput key={name} {...common} />);
    }
  }
  return elements;
}

/**
 * The input of a schema field, by type, for the create and edit forms. Read-only fields are
 * shown as fields on edit only; write-only ones (passwords) are asked on create only.
 */
import type { ReactElement } from 'react';
import type { SxProps, Theme } from '@mui/material';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  Labeled,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import type { EntitySchema, FieldSpec } from '../../../schemas/entity.ts';
import { fieldElement } from './fieldElement.tsx';
import { PasswordStrengthInput } from './PasswordStrengthInput.tsx';
import { defaultSort, entityOf } from './registry.ts';
import { requiredMark } from './schemaValidation.ts';
import { useChoices } from './useChoices.ts';

export type FormMode = 'create' | 'edit';

function ChoiceInput({ source, resource, spec, validate }: { source: string; resource: string; spec: FieldSpec; validate?: typeof requiredMark }) {
  const choices = useChoices(resource, source, spec.choices);
  return <SelectInput source={source} choices={choices} optionText="label" validate={validate} />;
}

/**
 * A reference picker: a select for small lookup lists, a search-as-you-type box otherwise. Each
 * asks for the target's own page size, so an opened list offers every entry of a lookup list
 * (the 34 INSPIRE themes) rather than react-admin's first 25.
 */
export function referencePicker(
  reference: string,
  props: { source: string; validate?: typeof requiredMark; label?: string; multiple?: boolean; alwaysOn?: boolean; sx?: SxProps<Theme> },
) {
  const target = entityOf(reference);
  const optionText = target.recordRepresentation;
  const common = { source: props.source, reference, sort: defaultSort(reference), perPage: target.list.pageSize, alwaysOn: props.alwaysOn };
  if (props.multiple) {
    return (
      <ReferenceArrayInput key={props.source} {...common}>
        <AutocompleteArrayInput optionText={optionText} validate={props.validate} label={props.label} filterToQuery={(q) => ({ q })} sx={props.sx} />
      </ReferenceArrayInput>
    );
  }
  if (!target.list.search) {
    return (
      <ReferenceInput key={props.source} {...common}>
        <SelectInput optionText={optionText} validate={props.validate} label={props.label} sx={props.sx} />
      </ReferenceInput>
    );
  }
  return (
    <ReferenceInput key={props.source} {...common}>
      <AutocompleteInput optionText={optionText} validate={props.validate} label={props.label} filterToQuery={(q) => ({ q })} sx={props.sx} />
    </ReferenceInput>
  );
}

/** Whether the form asks for the field (its own `required`, or the form's `formRequired`): its input is marked. */
export function isFormRequired(entity: EntitySchema, name: string): boolean {
  return !!entity.fields[name]?.required || (entity.formRequired ?? []).includes(name);
}

/** `name` of the record shown with its label, not editable. */
export function readOnlyElement(resource: string, name: string): ReactElement | null {
  const field = fieldElement(resource, name);
  return field && <Labeled key={name}>{field}</Labeled>;
}

/** Form overrides showing those of `fields` that `resource` has, without offering to change them. */
export function readOnlyOverrides(resource: string, fields: readonly string[]): Record<string, ReactElement | null> {
  const own = entityOf(resource).fields;
  return Object.fromEntries(fields.filter((name) => name in own).map((name) => [name, readOnlyElement(resource, name)]));
}

/**
 * The element editing `name` of `resource`, or null when the field has no place in this form.
 * `helperText` is the field's help (`resources.<resource>.help.<field>`), when it has one.
 */
export function inputElement(resource: string, name: string, mode: FormMode, helperText?: string): ReactElement | null {
  const entity = entityOf(resource);
  const spec = entity.fields[name];
  if (spec.readOnly || spec.type === 'id') return mode === 'create' ? null : readOnlyElement(resource, name);
  if (spec.writeOnly && mode === 'edit') return null;
  const validate = isFormRequired(entity, name) ? requiredMark : undefined;
  const common = { source: name, validate, helperText };
  switch (spec.type) {
    case 'text':
      return <TextInput key={name} {...common} multiline minRows={3} />;
    case 'email':
      return <TextInput key={name} {...common} type="email" />;
    case 'url':
      return <TextInput key={name} {...common} type="url" />;
    case 'phone':
      return <TextInput key={name} {...common} type="tel" />;
    case 'password':
      return <PasswordStrengthInput key={name} source={name} helperText={helperText} />;
    case 'integer':
      return <NumberInput key={name} {...common} />;
    case 'boolean':
      return <BooleanInput key={name} source={name} helperText={helperText} />;
    case 'date':
      return <DateInput key={name} {...common} />;
    case 'datetime':
      return <DateTimeInput key={name} {...common} />;
    case 'choice':
      return <ChoiceInput key={name} {...common} resource={resource} spec={spec} />;
    case 'reference':
      return referencePicker(spec.reference!, { source: name, validate });
    case 'references':
      return referencePicker(spec.reference!, { source: name, validate, multiple: true });
    case 'codes':
    case 'tags':
      return (
        <TextInput
          key={name}
          {...common}
          format={(value: unknown) => (Array.isArray(value) ? value.join(', ') : (value as string) ?? '')}
          parse={(text: string) => text.split(',').map((code) => code.trim()).filter(Boolean)}
        />
      );
    case 'image':
    case 'file':
    case 'json':
    case 'keyValues':
    case 'bbox':
      return null;
    default:
      return <TextInput key={name} {...common} />;
  }
}

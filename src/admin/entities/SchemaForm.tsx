/** The inputs of an entity's create or edit form, in the schema's `form` order. */
import type { ReactElement, ReactNode } from 'react';
import { SaveButton, SimpleForm, Toolbar, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { writableFields, type EntitySchema } from '../../../schemas/entity.ts';
import { inputElement, readOnlyElement, type FormMode } from './inputElement.tsx';
import { schemaValidate } from './schemaValidation.ts';

/** Replaces how single fields of the form are edited (an upload, a toggle); null hides one. */
export type FieldOverrides = Partial<Record<string, ReactElement | null>>;

/** The fields a write sends: the writable ones of the form, a password only when given. */
export function writePayload(entity: EntitySchema, data: Record<string, unknown>, mode: FormMode) {
  const payload: Record<string, unknown> = {};
  for (const name of writableFields(entity)) {
    const spec = entity.fields[name];
    if (spec.writeOnly && (mode === 'edit' || !data[name])) continue;
    if (name in data) payload[name] = data[name];
  }
  return payload;
}

const validators = new WeakMap<EntitySchema, ReturnType<typeof schemaValidate>>();

function validatorOf(entity: EntitySchema) {
  let validate = validators.get(entity);
  if (!validate) {
    validate = schemaValidate(entity);
    validators.set(entity, validate);
  }
  return validate;
}

export interface SchemaFormProps {
  entity: EntitySchema;
  mode: FormMode;
  fieldOverrides?: FieldOverrides;
  defaultValues?: Record<string, unknown>;
  /** Buttons next to Save (delete on edit). */
  actions?: ReactNode;
  /** Shows the record without offering changes (for people who may read it only). */
  readOnly?: boolean;
}

export function SchemaForm({ entity, mode, fieldOverrides = {}, defaultValues, actions, readOnly = false }: SchemaFormProps) {
  const translate = useTranslate();
  const element = (name: string) => {
    if (name in fieldOverrides) return fieldOverrides[name];
    if (readOnly) return entity.fields[name].writeOnly ? null : readOnlyElement(entity.resource, name);
    const help = translate(`resources.${entity.resource}.help.${name}`, { _: '' }) || undefined;
    return inputElement(entity.resource, name, mode, help);
  };
  return (
    <SimpleForm
      validate={validatorOf(entity)}
      defaultValues={defaultValues}
      toolbar={
        readOnly ? (
          false
        ) : (
          <Toolbar>
            <SaveButton alwaysEnable={mode === 'create'} />
            <Box sx={{ flex: 1 }} />
            {actions}
          </Toolbar>
        )
      }
    >
      {entity.form.map(element)}
    </SimpleForm>
  );
}

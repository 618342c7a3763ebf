/**
 * The inputs of an entity's create or edit form, in the schema's `form` order; in tabs when the
 * schema has `formTabs` (FormTabs), with the panels the screen adds to them. The save toolbar
 * stays in sight at the bottom of the window while the form is longer than it.
 */
import type { ReactElement, ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { SaveButton, SimpleForm, Toolbar, useTranslate } from 'react-admin';
import { RefusedSaveNotice } from './RefusedSaveNotice.tsx';
import { Box } from '@mui/material';
import { tabFields, writableFields, type EntitySchema } from '../../../schemas/entity.ts';
import { FormTabPanels, FormTabs, FormTabsHost, type FormTab } from './FormTabs.tsx';
import { inputElement, readOnlyElement, type FormMode } from './inputElement.tsx';
import { KeepValuesAcrossLanguages } from './KeepValuesAcrossLanguages.tsx';
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
  /** Panels the screen adds under the form's tabs, by tab (a tab with no field shows only when given one). */
  tabPanels?: Partial<Record<string, ReactNode>>;
  /** Panels above the form. */
  topPanel?: ReactNode;
  /** Leaving the page with unsaved changes asks first. */
  warnWhenUnsavedChanges?: boolean;
  /** The server's reason for refusing the last save (403), said beside Save. */
  refusal?: string | null;
}

/** The form's tabs that hold something: a field with an element in this form, or a panel. */
function formTabs(entity: EntitySchema, element: (name: string) => ReactNode, tabPanels: Partial<Record<string, ReactNode>>): FormTab[] {
  return (entity.formTabs ?? []).flatMap((name) => {
    const fields = tabFields(entity, name)
      .map((field) => ({ name: field, element: element(field) }))
      .filter(({ element: shown }) => shown != null);
    const panel = tabPanels[name];
    return fields.length > 0 || panel ? [{ name, fields, panel }] : [];
  });
}

/**
 * The form's save: a create form may save its defaults untouched (an edit form once changed), and
 * no form sends a second request while one is on its way: the button is busy until the answer, as
 * react-admin's own SaveButton is, where `alwaysEnable` alone would let a double click create twice.
 */
function FormSaveButton({ mode }: { mode: FormMode }) {
  const { isSubmitting } = useFormState();
  return <SaveButton alwaysEnable={mode === 'create' && !isSubmitting} />;
}

export function SchemaForm({
  entity,
  mode,
  fieldOverrides = {},
  defaultValues,
  actions,
  readOnly = false,
  tabPanels = {},
  topPanel,
  warnWhenUnsavedChanges = false,
  refusal = null,
}: SchemaFormProps) {
  const translate = useTranslate();
  const element = (name: string) => {
    if (name in fieldOverrides) return fieldOverrides[name];
    if (readOnly) return entity.fields[name].writeOnly ? null : readOnlyElement(entity.resource, name);
    const help = translate(`resources.${entity.resource}.help.${name}`, { _: '' }) || undefined;
    return inputElement(entity.resource, name, mode, help);
  };
  const tabs = entity.formTabs ? formTabs(entity, element, tabPanels) : null;
  return (
    <FormTabsHost>
      {topPanel}
      <SimpleForm
        // The schema's messages, in the app's language, rather than the browser's own bubbles.
        noValidate
        validate={validatorOf(entity)}
        defaultValues={defaultValues}
        warnWhenUnsavedChanges={warnWhenUnsavedChanges && !readOnly}
        toolbar={
          readOnly ? (
            false
          ) : (
            <Toolbar sx={{ position: 'sticky', bottom: 0, zIndex: 2, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}>
              <FormSaveButton mode={mode} />
              {refusal !== null ? <RefusedSaveNotice reason={refusal} /> : <Box sx={{ flex: 1 }} />}
              {actions}
            </Toolbar>
          )
        }
      >
        {!readOnly && <KeepValuesAcrossLanguages />}
        {tabs ? <FormTabs entity={entity} top={tabFields(entity, undefined).map(element)} tabs={tabs} /> : entity.form.map(element)}
      </SimpleForm>
      {tabs && <FormTabPanels tabs={tabs} />}
    </FormTabsHost>
  );
}

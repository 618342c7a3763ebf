/**
 * What a schema cannot say (a map, a members panel…), by entity. Either single inputs of the
 * generated create and edit forms, keeping the generated pages:
 *
 *   jurisdictions: { inputs: { municipalities: MunicipalitiesInput } }
 *
 * or whole views replacing generated ones (lazy components are fine). The domains declare their
 * views with these types; customViews.ts gathers them.
 */
import type { ComponentType } from 'react';
import type { FieldOverrides } from './SchemaForm.tsx';

/** An input standing for one schema field in the generated forms; it gets the field's name. */
export type FieldInput = ComponentType<{ source: string }>;

/** What a whole create or edit view gets: the `inputs` below, as overrides of the generated form. */
export type FormViewProps = { fieldOverrides?: FieldOverrides };

export interface EntityViews {
  list?: ComponentType;
  create?: ComponentType<FormViewProps>;
  edit?: ComponentType<FormViewProps>;
  /** Field name → the input replacing the generated one in the create and edit forms. */
  inputs?: Partial<Record<string, FieldInput>>;
  /** Pages under a record, at `{route}/{id}/{name}/` (a dataset's permissions). */
  routes?: Record<string, ComponentType>;
}

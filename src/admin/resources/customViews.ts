/**
 * What a schema cannot say (a map, a members panel…), by resource. Either single inputs of the
 * generated create and edit forms, keeping the generated pages:
 *
 *   jurisdictions: { inputs: { municipalities: MunicipalitiesInput } }
 *
 * or whole views replacing generated ones (lazy components are fine).
 */
import type { ComponentType } from 'react';
import { accountsViews } from '../accounts/views.ts';
import { jurisdictionViews } from '../jurisdictions/views.ts';

/** An input standing for one schema field in the generated forms; it gets the field's name. */
export type FieldInput = ComponentType<{ source: string }>;

export interface ResourceViews {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  /** Field name → the input replacing the generated one in the create and edit forms. */
  inputs?: Partial<Record<string, FieldInput>>;
}

export const CUSTOM_VIEWS: Partial<Record<string, ResourceViews>> = {
  ...accountsViews,
  jurisdictions: jurisdictionViews,
};

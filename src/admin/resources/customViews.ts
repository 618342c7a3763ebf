/**
 * Views overriding the ones generated from an entity's schema, for what a schema cannot say
 * (a map, a members panel…). Resource name → components; lazy components are fine.
 *
 *   import { jurisdictionViews } from '../jurisdictions/index.ts';
 *   export const CUSTOM_VIEWS = { jurisdictions: jurisdictionViews };
 */
import type { ComponentType } from 'react';
import { accountsViews } from '../accounts/views.ts';
import { jurisdictionViews } from '../jurisdictions/index.ts';

export interface ResourceViews {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
}

export const CUSTOM_VIEWS: Partial<Record<string, ResourceViews>> = {
  ...accountsViews,
  jurisdictions: jurisdictionViews,
};

/**
 * The custom views of every entity (entityViews.ts says what they are), gathered above the
 * domains that declare them: nothing a domain imports imports this module.
 */
import { accountsViews } from '../accounts/views.ts';
import { contactViews, datasetViews, licenceViews } from '../datasets/views.ts';
import { jurisdictionViews } from '../jurisdictions/views.ts';
import type { EntityViews } from './entityViews.ts';

export const CUSTOM_VIEWS: Partial<Record<string, EntityViews>> = {
  ...accountsViews,
  jurisdictions: jurisdictionViews,
  datasets: datasetViews,
  contacts: contactViews,
  licences: licenceViews,
};

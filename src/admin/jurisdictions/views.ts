/**
 * What the jurisdiction screens add to the ones generated from their schema: the communes
 * editor (search, pasted INSEE codes and their button), the map of their box, and Delete only where
 * the server accepts it.
 */
import type { EntityViews } from '../entities/entityViews.ts';
import { BoundingBoxInput } from './BoundingBoxInput.tsx';
import { JurisdictionEdit, JurisdictionList } from './JurisdictionViews.tsx';
import { MunicipalitiesInput } from './MunicipalitiesInput.tsx';

export const jurisdictionViews: EntityViews = {
  list: JurisdictionList,
  edit: JurisdictionEdit,
  inputs: { municipalities: MunicipalitiesInput, latlon_bounding_box: BoundingBoxInput },
};

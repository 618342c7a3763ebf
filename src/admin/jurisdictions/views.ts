/**
 * What the jurisdiction screens add to the ones generated from their schema: the communes
 * editor (search, pasted INSEE codes, Recalculate) and the map of their box.
 */
import type { EntityViews } from '../entities/entityViews.ts';
import { BoundingBoxInput } from './BoundingBoxInput.tsx';
import { MunicipalitiesInput } from './MunicipalitiesInput.tsx';

export const jurisdictionViews: EntityViews = {
  inputs: { municipalities: MunicipalitiesInput, latlon_bounding_box: BoundingBoxInput },
};

/**
 * What the jurisdiction screens add to the ones generated from their schema: the communes
 * editor (search, pasted INSEE codes, Recalculate) and the map of their box.
 */
import type { ResourceViews } from '../resources/customViews.ts';
import { BoundingBoxInput } from './BoundingBoxInput.tsx';
import { MunicipalitiesInput } from './MunicipalitiesInput.tsx';

export const jurisdictionViews: ResourceViews = {
  inputs: { municipalities: MunicipalitiesInput, latlon_bounding_box: BoundingBoxInput },
};

/** A geometry type (Point, MultiPolygon…) in the reader's language; an unknown one as the server names it. */
import type { TranslateFunction } from 'react-admin';

export const geometryName = (translate: TranslateFunction, type: string) => translate(`resources.geographic-layers.geometryTypes.${type}`, { _: type });

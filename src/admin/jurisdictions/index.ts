/**
 * The jurisdiction pages, loaded on demand (the map brings Leaflet in its own chunk), as
 * registered in CUSTOM_VIEWS (src/admin/resources/customViews.ts).
 */
import { lazyPage } from '../routing/lazyPage.ts';

export const JurisdictionList = lazyPage(() => import('./JurisdictionList.tsx'));
export const JurisdictionCreate = lazyPage(() => import('./JurisdictionCreate.tsx'));
export const JurisdictionEdit = lazyPage(() => import('./JurisdictionEdit.tsx'));

export const jurisdictionViews = { list: JurisdictionList, create: JurisdictionCreate, edit: JurisdictionEdit };

export default jurisdictionViews;

/** Where the resource screens live in the app, relative to /{locale}/ (issue 9). */
import { TAB_PARAM } from '../entities/FormTabs.tsx';
import type { ResourceRole } from './resourcesApi.ts';

const id = (value: number | string) => encodeURIComponent(String(value));

export const newResourcePath = (datasetId: number, role: ResourceRole) => `data/datasets/${id(datasetId)}/resources/new/?role=${role}`;
export const resourceEditPath = (datasetId: number, resourceId: number) => `data/datasets/${id(datasetId)}/resources/${id(resourceId)}/`;
export const layerPath = (layerId: number) => `data/layers/${id(layerId)}/`;
/** What the dataset's resources pass to a layer's page (history state, the address unchanged): where it leads back. */
export interface LayerPageState {
  datasetId: number;
}
export const datasetPath = (datasetId: number) => `data/datasets/${id(datasetId)}/`;
/** The dataset's page open on its resources, where the resource screens lead back. */
export const datasetResourcesPath = (datasetId: number) => `${datasetPath(datasetId)}?${TAB_PARAM}=resources`;

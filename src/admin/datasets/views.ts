/**
 * What the dataset screens add to the ones generated from their schema: the list's sort, export
 * and row actions, the creation toast naming the dataset, single inputs (keywords, owner,
 * publication and its warning, coverage and its map, extras, thumbnail, the unfilled fields), and the permissions page; a
 * contact's group, among those the user may write contacts for; the licences, changed by superusers only.
 */
import { lazy } from 'react';
import type { EntityViews } from '../entities/entityViews.ts';
import { ContactGroupInput } from './ContactGroupInput.tsx';
import { CoverageInput } from './CoverageInput.tsx';
import { ExtrasInput } from './ExtrasInput.tsx';
import { JurisdictionInput } from './JurisdictionInput.tsx';
import { LicenceCreate, LicenceEdit, LicenceList } from './LicenceViews.tsx';
import { OwnerInput } from './OwnerInput.tsx';
import { PublishInput } from './PublishInput.tsx';
import { TagsInput } from './TagsInput.tsx';
import { ThumbnailInput } from './ThumbnailInput.tsx';
import { UnfilledFieldsList } from './UnfilledFieldsList.tsx';

export const datasetViews: EntityViews = {
  list: lazy(() => import('./DatasetList.tsx')),
  create: lazy(() => import('./DatasetCreate.tsx')),
  edit: lazy(() => import('./DatasetEdit.tsx')),
  inputs: {
    unfilled_fields: UnfilledFieldsList,
    usergroup: OwnerInput,
    tags: TagsInput,
    publish: PublishInput,
    jurisdiction: JurisdictionInput,
    bbox: CoverageInput,
    extras: ExtrasInput,
    thumbnail: ThumbnailInput,
  },
  routes: { permissions: lazy(() => import('./permissions/DatasetPermissionsPage.tsx')) },
};

export const licenceViews: EntityViews = { list: LicenceList, create: LicenceCreate, edit: LicenceEdit };

export const contactViews: EntityViews = {
  inputs: { usergroup: ContactGroupInput },
};

/**
 * GET dataset/datasets/{id}/quality/: the dataset's quality, assessed now (and stored for the
 * lists). Whoever sees the dataset reads it; a dataset out of reach answers 404 as its record does.
 */
import type { DetailAction } from '../crud/index.ts';
import { notFound } from '../http/errors.ts';
import { assessDataset, qualityReport } from './assess.ts';
import { DATASET_QUALITY_DOC } from './docs.ts';

export const datasetQualityAction: DetailAction = {
  method: 'GET',
  path: 'quality/',
  access: () => true,
  doc: DATASET_QUALITY_DOC,
  handler: async (request, record) => {
    const assessment = await assessDataset(request.server.db, record.id as number);
    if (!assessment) throw notFound();
    return qualityReport(assessment, request.locale);
  },
};

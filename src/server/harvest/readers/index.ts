/** The reader of each kind of remote catalogue. */
import type { IndexerKind } from '../../../../schemas/indexers.ts';
import type { Reader } from '../types.ts';
import { ckanReader } from './ckan.ts';
import { dcatReader } from './dcat.ts';
import { opendatasoftReader } from './opendatasoft.ts';
import { udataReader } from './udata.ts';

export const READERS: Record<IndexerKind, Reader> = {
  ckan: ckanReader,
  udata: udataReader,
  opendatasoft: opendatasoftReader,
  dcat: dcatReader,
};

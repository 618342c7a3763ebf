/** What the readers of remote catalogues (readers/) give the harvest (run.ts). */
import type { IndexerKind } from '../../../schemas/indexers.ts';

/** A remote record read and mapped, before its licence and frequency are matched to ours. */
export interface RemoteRecord {
  remoteId: string;
  title: string;
  description: string;
  tags: string[];
  /** Hints to find our licence: the remote's id, title or URL. */
  licence: string[];
  creationDate: string | null;
  publicationDate: string | null;
  lastUpdateDate: string | null;
  /** The remote's frequency: an EU frequency URI, a udata or ISO 19115 code. */
  frequency: string | null;
  bbox: [number, number, number, number] | null;
  contact: { name: string; email: string } | null;
  links: RemoteLink[];
  /** What the record says of where it comes from (identifiers, source, landing page): one naming this platform is not harvested. */
  origins: string[];
}

/** A distribution of a remote record: a link, never fetched by the harvest. */
export interface RemoteLink {
  /** The remote's identifier of the distribution, else its URL: its key across runs. */
  key: string;
  title: string;
  url: string;
  /** What the remote says of its format: a name, a media type or their IRIs. */
  formats: string[];
  /** The remote marks it as the dataset's main file. */
  main: boolean;
}

/** A record of a page: mapped, or skipped with the reason (a message key) and its id when known. */
export type PageEntry =
  | { ok: true; record: RemoteRecord }
  | { ok: false; remoteId: string | null; reason: 'harvest.reasonNoIdentifier' | 'harvest.reasonNoTitle' };

export interface RemotePage {
  entries: PageEntry[];
  /** The next page's URL, or null on the last page. */
  next: string | null;
  /** The catalogue's own identifiers, when the document gives them (DCAT). */
  catalogue?: string[];
}

/** What an indexer tells a reader. */
export interface RemoteSource {
  kind: IndexerKind;
  url: string;
  command: string;
  organisationFilter: string;
}

/** A document as fetched: its text, type and the URL that answered. */
export interface FetchedPage {
  url: string;
  contentType: string;
  text: string;
}

export interface Reader {
  /** The URL of the first page. */
  firstPage(source: RemoteSource): string;
  /** Reads one fetched page; throws HarvestError('harvest.errorNotCatalogue' | 'harvest.errorBadDocument') when it cannot. */
  parse(page: FetchedPage, source: RemoteSource): Promise<RemotePage>;
}

/**
 * Calls of the jurisdiction form's inputs that are not react-admin resources: searching communes,
 * resolving a list of INSEE codes, previewing the box of a list of codes. All go through the
 * app's HTTP client (locale prefix, cookies, errors as HttpError, AbortSignal).
 */
import { httpClient, type HttpClient } from '../http/client.ts';
import { isBoundingBox, type BoundingBox } from './codes.ts';

export const MUNICIPALITIES_PATH = 'organisation/municipalities';

/** Most communes a search proposes. */
export const SEARCH_SIZE = 20;
/** Most codes resolved per call (the server's largest page). */
export const RESOLVE_SIZE = 1000;

export interface Municipality {
  id?: number;
  /** INSEE code. */
  codename: string;
  display_name: string;
  departement?: string;
}

interface Page<T> {
  count: number;
  results: T[];
}

const resultsOf = <T>(json: Page<T> | T[] | null): T[] => (Array.isArray(json) ? json : (json?.results ?? []));

/** 'Marseille (13055)'. */
export function municipalityLabel(municipality: Pick<Municipality, 'codename' | 'display_name'>): string {
  return `${municipality.display_name} (${municipality.codename})`;
}

export function createJurisdictionApi(http: HttpClient = httpClient) {
  /** Communes whose name or INSEE code matches the text. */
  async function searchMunicipalities(text: string, signal?: AbortSignal): Promise<Municipality[]> {
    const { json } = await http.request<Page<Municipality> | Municipality[]>(MUNICIPALITIES_PATH, {
      query: { search: text, page_size: SEARCH_SIZE },
      signal,
    });
    return resultsOf(json);
  }

  /** The communes of the given codes that exist (one call per RESOLVE_SIZE codes). */
  async function resolveMunicipalities(codes: readonly string[], signal?: AbortSignal): Promise<Municipality[]> {
    const found: Municipality[] = [];
    for (let start = 0; start < codes.length; start += RESOLVE_SIZE) {
      const chunk = codes.slice(start, start + RESOLVE_SIZE);
      const { json } = await http.request<Page<Municipality> | Municipality[]>(MUNICIPALITIES_PATH, {
        query: { codename__in: chunk.join(','), page_size: RESOLVE_SIZE },
        signal,
      });
      found.push(...resultsOf(json));
    }
    return found;
  }

  /** The box of a list of codes before saving (the server's preview); null when unknown. */
  async function previewBoundingBox(codes: readonly string[], signal?: AbortSignal): Promise<BoundingBox | null> {
    if (codes.length === 0) return null;
    const { json } = await http.request<{ latlon_bounding_box?: unknown } | null>(`${MUNICIPALITIES_PATH}/bbox`, {
      query: { codename__in: codes.join(',') },
      signal,
    });
    const box = json?.latlon_bounding_box;
    return isBoundingBox(box) ? box : null;
  }

  return { searchMunicipalities, resolveMunicipalities, previewBoundingBox };
}

export type JurisdictionApi = ReturnType<typeof createJurisdictionApi>;

export const jurisdictionApi = createJurisdictionApi();

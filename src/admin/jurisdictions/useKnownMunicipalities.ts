/**
 * Names of communes by INSEE code: those of a record's codes, asked in one call, and any others
 * met since (search results, resolved codes) given to `remember`.
 */
import { useCallback, useEffect, useState } from 'react';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { isAbortError } from '../http/errors.ts';
import type { JurisdictionApi, Municipality } from './api.ts';

/** The props of the communes' input and of their read-only field. */
export interface MunicipalitiesProps {
  /** The record's field holding the INSEE codes. */
  source?: string;
  /** The calls used (tests give their own). */
  api?: JurisdictionApi;
}

export function useKnownMunicipalities(api: JurisdictionApi, recordCodes: readonly string[]) {
  const notifyError = useNotifyError();
  const [known, setKnown] = useState<ReadonlyMap<string, Municipality>>(() => new Map());
  const remember = useCallback((found: readonly Municipality[]) => {
    if (found.length === 0) return;
    setKnown((previous) => {
      const next = new Map(previous);
      for (const municipality of found) next.set(municipality.codename, municipality);
      return next;
    });
  }, []);

  const recordCodesKey = recordCodes.join(',');
  useEffect(() => {
    if (!recordCodesKey) return undefined;
    const controller = new AbortController();
    api.resolveMunicipalities(recordCodesKey.split(','), controller.signal).then(remember, (error: unknown) => {
      if (!isAbortError(error) && !controller.signal.aborted) notifyError(error, { resource: 'municipalities' });
    });
    return () => controller.abort();
  }, [api, recordCodesKey, remember, notifyError]);

  return { known, remember };
}

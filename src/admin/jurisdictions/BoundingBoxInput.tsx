/**
 * The form's `latlon_bounding_box` (computed by the server, never sent): the record's box while
 * its communes are unchanged, otherwise the server's preview for the communes being chosen,
 * drawn by BoxMap and refitted whenever the list changes.
 */
import { useEffect, useState } from 'react';
import { FormDataConsumer, useRecordContext } from 'react-admin';
import { jurisdictionApi, type JurisdictionApi } from './api.ts';
import { BoxMap } from './BoxMap.tsx';
import { asCodes, isBoundingBox, type BoundingBox } from './codes.ts';

/** Pause after the last change of the communes before the box is asked for. */
const PREVIEW_DELAY_MS = 200;

export interface BoundingBoxInputProps {
  source?: string;
  /** The form field holding the INSEE codes. */
  codesSource?: string;
  /** The calls used (tests give their own). */
  api?: JurisdictionApi;
}

export function BoundingBoxInput({ source = 'latlon_bounding_box', codesSource = 'municipalities', api = jurisdictionApi }: BoundingBoxInputProps) {
  return (
    <FormDataConsumer>
      {({ formData }) => <BoxPreview source={source} codesSource={codesSource} api={api} codes={asCodes(formData[codesSource])} />}
    </FormDataConsumer>
  );
}

function BoxPreview({ source, codesSource, api, codes }: Required<BoundingBoxInputProps> & { codes: string[] }) {
  const record = useRecordContext();
  const codesKey = codes.join(',');
  const recordCodesKey = asCodes(record?.[codesSource]).join(',');
  const recordBox = isBoundingBox(record?.[source]) ? (record[source] as BoundingBox) : null;

  const [preview, setPreview] = useState<{ key: string; box: BoundingBox | null } | null>(null);
  useEffect(() => {
    if (codesKey === recordCodesKey || codesKey === '') return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      api.previewBoundingBox(codesKey.split(','), controller.signal).then(
        (box) => setPreview({ key: codesKey, box }),
        () => {
          // A preview is a convenience: without it, the box is computed when saving.
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [api, codesKey, recordCodesKey]);

  // While a new preview is on its way, the previous one (or the record's) stays shown.
  const box = codesKey === '' ? null : codesKey === recordCodesKey ? recordBox : preview?.key === codesKey ? preview.box : (preview?.box ?? recordBox);
  return <BoxMap box={box} />;
}

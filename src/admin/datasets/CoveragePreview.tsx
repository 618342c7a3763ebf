/**
 * The map of a dataset's geographic coverage as the form stands: the drawn box, the chosen
 * jurisdiction's box, or the box of the organisation's jurisdiction; otherwise the box the
 * record has, or the default region (spec, section 9).
 */
import { useGetOne, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { BoxMap } from '../jurisdictions/BoxMap.tsx';
import { isBoundingBox, type BoundingBox } from '../jurisdictions/codes.ts';

const quiet = { retry: false } as const;

/** The box of a jurisdiction, or null while it is unknown. */
function useJurisdictionBox(id: unknown): BoundingBox | null {
  const enabled = typeof id === 'number';
  const { data } = useGetOne('jurisdictions', { id: id as number }, { enabled, ...quiet });
  const box = enabled ? data?.latlon_bounding_box : null;
  return isBoundingBox(box) ? box : null;
}

export function CoveragePreview({ boxSource }: { boxSource: string }) {
  const record = useRecordContext();
  const [coverage, box, jurisdiction, usergroup] = useWatch({ name: ['geographic_coverage', boxSource, 'jurisdiction', 'usergroup'] });
  const ofOrganisation = coverage === 'organisation' && typeof usergroup === 'number';
  const { data: organisation } = useGetOne('organisations', { id: usergroup as number }, { enabled: ofOrganisation, ...quiet });
  const chosenBox = useJurisdictionBox(coverage === 'jurisdiction' ? jurisdiction : undefined);
  const organisationBox = useJurisdictionBox(ofOrganisation ? organisation?.jurisdiction : undefined);

  let shown: BoundingBox | null = null;
  if (coverage === 'bbox') shown = isBoundingBox(box) ? box : null;
  else if (coverage === 'jurisdiction') shown = chosenBox;
  else if (coverage === 'organisation') shown = organisationBox;
  else if (isBoundingBox(record?.[boxSource])) shown = record[boxSource] as BoundingBox;
  return <BoxMap box={shown} labels="resources.datasets.map" />;
}

/**
 * The dataset's drawn box (`bbox`), asked for when its geographic coverage is a box, and the
 * preview of the coverage whatever its kind, on the Leaflet map of the jurisdictions.
 */
import { useWatch } from 'react-hook-form';
import { BboxFields } from './BboxFields.tsx';
import { CoveragePreview } from './CoveragePreview.tsx';

export function CoverageInput({ source }: { source: string }) {
  const coverage = useWatch({ name: 'geographic_coverage' });
  return (
    <>
      {coverage === 'bbox' && <BboxFields source={source} />}
      <CoveragePreview boxSource={source} />
    </>
  );
}

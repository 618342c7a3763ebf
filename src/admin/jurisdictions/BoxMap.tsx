/**
 * The bounding box of a jurisdiction: a sentence giving its numbers (always) and the Leaflet map
 * (loaded on demand, only where the browser can draw it: Leaflet draws with SVG).
 */
import { Suspense, lazy, useContext } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DEFAULT_TILE_URL } from '../../../schemas/constants.ts';
import { useAppLocale } from '../routing/useAppLocale.ts';
import { StartupContext } from '../startup/StartupContext.ts';
import { DEFAULT_BOX, formatBox, normaliseBox, type BoundingBox } from './codes.ts';

const JurisdictionMap = lazy(() => import('./JurisdictionMap.tsx'));

/** Whether Leaflet can draw vectors here (false in test DOMs without SVG geometry). */
export function canDrawMap(): boolean {
  if (typeof document === 'undefined' || typeof document.createElementNS !== 'function') return false;
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg') as SVGSVGElement;
  return typeof svg.createSVGRect === 'function';
}

function useTileUrl(): string {
  const startup = useContext(StartupContext);
  const links = startup?.config.links as Partial<Record<string, string>> | undefined;
  return links?.tiles || DEFAULT_TILE_URL;
}

/** Degrees to four decimals, written as the app's language writes numbers (5,2286 in French). */
export const degreesIn = (locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 4, useGrouping: false }).format;

export interface BoxMapProps {
  box: BoundingBox | null;
  /** Catalogue prefix of the map's texts (label, box, noBox, unavailable, loading). */
  labels?: string;
}

export function BoxMap({ box, labels = 'resources.jurisdictions.map' }: BoxMapProps) {
  const translate = useTranslate();
  const degrees = degreesIn(useAppLocale());
  const tileUrl = useTileUrl();
  const label = translate(`${labels}.label`);
  const shown = box ? normaliseBox(box) : null;
  return (
    <Box component="section" aria-label={label} sx={{ width: '100%' }}>
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="jurisdiction-box"
        data-box={formatBox(shown ?? DEFAULT_BOX)}
        data-default={shown ? undefined : 'true'}
        sx={{ mb: 1 }}
      >
        {shown
          ? translate(`${labels}.box`, {
              minLon: degrees(shown[0]),
              minLat: degrees(shown[1]),
              maxLon: degrees(shown[2]),
              maxLat: degrees(shown[3]),
            })
          : translate(`${labels}.noBox`)}
      </Typography>
      {canDrawMap() ? (
        <Suspense fallback={<Typography variant="body2">{translate(`${labels}.loading`)}</Typography>}>
          <JurisdictionMap box={shown} defaultBox={DEFAULT_BOX} tileUrl={tileUrl} />
        </Suspense>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate(`${labels}.unavailable`)}
        </Typography>
      )}
    </Box>
  );
}

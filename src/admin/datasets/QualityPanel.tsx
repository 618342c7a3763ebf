/**
 * The dataset's metadata quality (GET dataset/datasets/{id}/quality/): its score and rating, a bar
 * per dimension, the DCAT-AP violations of its record in plain words, and what would raise it,
 * each line linking to the field to fill: on the page in tabs, the link opens the field's tab
 * (`?tab=`) with the focus in it, as the unfilled fields' list does; elsewhere it is `#field-<name>`
 * and focuses the field's input when the page has one by that name. Read again whenever the record
 * is saved, and whenever its resources or contacts, as their panels read them, change (one added,
 * deleted, published or given another role). It opens folded, as a line above the tabs (rating, score, how many things would raise
 * it); its details unfold on demand, and the browser remembers the choice (the app's store).
 */
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Chip, LinearProgress, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useStore, useTranslate } from 'react-admin';
import type { DatasetQuality, QualityIndicatorResult, QualityRating } from '../../../schemas/quality.ts';
import { PanelCard } from '../accounts/PanelCard.tsx';
import { useFormTabs } from '../entities/FormTabs.tsx';
import { datasetResourcesQuery } from '../resources/resourcesApi.ts';
import { datasetContactRolesQuery } from './contactRolesApi.ts';
import { datasetsApi } from './datasetsApi.ts';

const RATING_COLOURS: Record<QualityRating, 'success' | 'info' | 'warning' | 'error'> = {
  excellent: 'success',
  good: 'info',
  sufficient: 'warning',
  bad: 'error',
};

/** The anchor of a field on the dataset page. */
export const fieldAnchor = (field: string) => `field-${field}`;

/** Brings the field's input into view and focuses it, when the page shows it. */
function goToField(field: string): boolean {
  const target = document.getElementById(fieldAnchor(field)) ?? document.getElementById(field);
  if (!target) return false;
  target.scrollIntoView?.({ block: 'center' });
  target.focus?.();
  return true;
}

function Hint({ indicator }: { indicator: QualityIndicatorResult }) {
  const translate = useTranslate();
  const tabs = useFormTabs();
  const { field } = indicator;
  const inTab = field !== null && tabs?.tabOf(field) !== undefined;
  return (
    <ListItem disableGutters dense>
      <ListItemText
        primary={
          field ? (
            <Link
              href={inTab ? tabs!.hrefOf(field) : `#${fieldAnchor(field)}`}
              data-field={field}
              onClick={(event) => {
                if (inTab) {
                  event.preventDefault();
                  tabs!.showField(field);
                } else if (goToField(field)) event.preventDefault();
              }}
            >
              {indicator.hint}
            </Link>
          ) : (
            indicator.hint
          )
        }
        secondary={translate('resources.datasets.quality.points', { points: indicator.max_points })}
      />
    </ListItem>
  );
}

/** Where the browser remembers whether the details are unfolded (kept in localStorage: createAppStore). */
export const QUALITY_OPEN_KEY = 'preferences.datasets.quality.open';

/** `data` once it differs from its first read, undefined until then. */
function useChangedAfterFirstRead<T>(data: T | undefined): T | undefined {
  const first = useRef(data);
  if (first.current === undefined) first.current = data;
  return data === first.current ? undefined : data;
}

export function QualityPanel() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [quality, setQuality] = useState<DatasetQuality | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useStore<boolean>(QUALITY_OPEN_KEY, false);
  const id = record?.id as number | undefined;
  // A save changes updated_at: the score is read again.
  const version = record?.updated_at as string | undefined;
  // So does a change of the dataset's resources or contacts, read by their panels (not their first
  // read). The panels' own queries: an observer without its function would make their refetch fail.
  const resourcesChanged = useChangedAfterFirstRead(useQuery({ ...datasetResourcesQuery(id ?? -1), enabled: id !== undefined }).data);
  const contactsChanged = useChangedAfterFirstRead(useQuery({ ...datasetContactRolesQuery(id ?? -1), enabled: id !== undefined }).data);
  useEffect(() => {
    if (id === undefined) return undefined;
    const controller = new AbortController();
    datasetsApi.quality(id, controller.signal).then(
      (answer) => {
        setQuality(answer);
        setFailed(false);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [id, version, locale, resourcesChanged, contactsChanged]);
  if (id === undefined) return null;
  // What to do: the failed indicators with advice (not "fix the links" while there is no link to fix).
  const missing = quality ? quality.indicators.filter((indicator) => !indicator.passed && indicator.hint !== '').sort((a, b) => b.max_points - a.max_points) : [];
  return (
    <PanelCard id="dataset-quality" title={translate('resources.datasets.quality.title')}>
      {failed && (
        <Typography variant="body2" color="error">
          {translate('resources.datasets.quality.error')}
        </Typography>
      )}
      {quality && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip
              label={translate(`resources.datasets.choices.quality_rating.${quality.rating}`)}
              color={RATING_COLOURS[quality.rating]}
              data-testid="quality-rating"
            />
            <Typography variant="body1">{translate('resources.datasets.quality.score', { score: quality.score, max: quality.max_score })}</Typography>
            <Typography variant="body2" color="text.secondary">
              {missing.length === 0
                ? translate('resources.datasets.quality.allPassed')
                : translate('resources.datasets.quality.toImprove', { smart_count: missing.length })}
            </Typography>
            <Button
              size="small"
              onClick={() => setOpen(!open)}
              aria-expanded={open}
              aria-controls="dataset-quality-details"
              endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            >
              {translate('resources.datasets.quality.details')}
            </Button>
          </Box>
          <Box id="dataset-quality-details" hidden={!open} sx={{ mt: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('resources.datasets.quality.checkedAt', { date: new Date(quality.checked_at).toLocaleString(locale) })}
            </Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr max-content', columnGap: 2, rowGap: 0.5, alignItems: 'center', m: 0 }}>
              {quality.dimensions.map((dimension) => {
                const name = translate(`resources.datasets.quality.dimensions.${dimension.name}`);
                return (
                  <Box key={dimension.name} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2">
                      {name}
                    </Typography>
                    <Box component="dd" sx={{ m: 0, display: 'contents' }}>
                      <LinearProgress
                        variant="determinate"
                        value={dimension.max_score === 0 ? 0 : (100 * dimension.score) / dimension.max_score}
                        aria-label={name}
                        // A score, not work under way: a meter (pages wait for progress bars to go).
                        role="meter"
                      />
                      <Typography component="span" variant="body2" color="text.secondary">
                        {`${dimension.score} / ${dimension.max_score}`}
                      </Typography>
                    </Box>
                  </Box>
                );
              })}
            </Box>
            {quality.shacl.length > 0 && (
              <>
                <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }} id="dataset-quality-shacl">
                  {translate('resources.datasets.quality.shacl')}
                </Typography>
                <List dense aria-labelledby="dataset-quality-shacl">
                  {quality.shacl.map((result, index) => (
                    <ListItem key={`${result.path}-${index}`} disableGutters>
                      <ListItemText primary={result.message} />
                    </ListItem>
                  ))}
                </List>
              </>
            )}
            {missing.length > 0 && (
              <>
                <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }} id="dataset-quality-raise">
                  {translate('resources.datasets.quality.raise')}
                </Typography>
                <List dense aria-labelledby="dataset-quality-raise">
                  {missing.map((indicator) => (
                    <Hint key={indicator.code} indicator={indicator} />
                  ))}
                </List>
              </>
            )}
          </Box>
        </>
      )}
    </PanelCard>
  );
}

/**
 * The metadata quality of the datasets a delegated administrator administers (the whole platform's
 * for a superuser): a bar chart of the ratings and the indicators most often missed. Shown only to
 * those the server answers (others get 403 and see nothing).
 */
import { useEffect, useState } from 'react';
import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { QUALITY_RATINGS, type QualitySummary as Summary } from '../../../schemas/quality.ts';
import { datasetsApi } from './datasetsApi.ts';

const BAR_COLOURS: Record<string, string> = { excellent: '#2e7d32', good: '#0288d1', sufficient: '#ed6c02', bad: '#d32f2f', unrated: '#9e9e9e' };
const ROW = 28;
const LABEL_WIDTH = 130;
const WIDTH = 520;

export function QualitySummary() {
  const translate = useTranslate();
  const [summary, setSummary] = useState<Summary | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    datasetsApi.qualitySummary(controller.signal).then(setSummary, () => setSummary(null));
    return () => controller.abort();
  }, []);
  if (!summary) return null;
  const rows = [...QUALITY_RATINGS, 'unrated' as const].map((rating) => ({
    rating,
    label: rating === 'unrated' ? translate('resources.datasets.quality.summary.unrated') : translate(`resources.datasets.choices.quality_rating.${rating}`),
    count: summary.ratings[rating],
  }));
  const most = Math.max(1, ...rows.map((row) => row.count));
  const chartLabel = `${translate('resources.datasets.quality.summary.chart')} : ${rows.map((row) => `${row.label} ${row.count}`).join(', ')}`;
  return (
    <section aria-labelledby="quality-summary">
      <Typography variant="h5" component="h2" id="quality-summary" gutterBottom>
        {translate('resources.datasets.quality.summary.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.datasets.quality.summary.count', { count: summary.total, smart_count: summary.total })}
      </Typography>
      <Box component="svg" role="img" aria-label={chartLabel} viewBox={`0 0 ${WIDTH} ${rows.length * ROW}`} sx={{ width: '100%', maxWidth: WIDTH, display: 'block', my: 1 }}>
        {rows.map((row, index) => {
          const width = ((WIDTH - LABEL_WIDTH - 40) * row.count) / most;
          return (
            <g key={row.rating} transform={`translate(0 ${index * ROW})`} data-rating={row.rating}>
              <text x={0} y={ROW / 2 + 5} fontSize={13}>
                {row.label}
              </text>
              <rect x={LABEL_WIDTH} y={4} width={width} height={ROW - 8} fill={BAR_COLOURS[row.rating]} />
              <text x={LABEL_WIDTH + width + 6} y={ROW / 2 + 5} fontSize={13}>
                {row.count}
              </text>
            </g>
          );
        })}
      </Box>
      {summary.missing.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3" id="quality-summary-missing">
            {translate('resources.datasets.quality.summary.missing')}
          </Typography>
          <List dense aria-labelledby="quality-summary-missing">
            {summary.missing.map((indicator) => (
              <ListItem key={indicator.code} disableGutters>
                <ListItemText
                  primary={indicator.hint}
                  secondary={`${translate(`resources.datasets.quality.dimensions.${indicator.dimension}`)} — ${translate('resources.datasets.quality.summary.missingCount', { count: indicator.count, smart_count: indicator.count })}`}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </section>
  );
}

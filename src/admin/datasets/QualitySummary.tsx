/**
 * The metadata quality of the datasets a delegated administrator administers (the whole platform's
 * for a superuser, who may pick one group): a bar chart of the ratings, their trend (a stacked bar
 * a day) and the indicators most often missed. Asked only for those the server answers; one it
 * refuses all the same (roles changed since sign-in) sees nothing of it.
 */
import { useContext, useEffect, useState } from 'react';
import { Box, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { canReadQualitySummary } from '../../../schemas/access.ts';
import { QUALITY_RATINGS, type QualityTrendPoint, type QualitySummary as Summary } from '../../../schemas/quality.ts';
import { StartupContext } from '../startup/StartupContext.ts';
import { datasetsApi } from './datasetsApi.ts';

const BAR_COLOURS: Record<string, string> = { excellent: '#2e7d32', good: '#0288d1', sufficient: '#ed6c02', bad: '#d32f2f', unrated: '#9e9e9e' };
const ROW = 28;
const LABEL_WIDTH = 130;
const WIDTH = 520;

const TREND_HEIGHT = 120;

/** The trend: a bar a day, its ratings stacked (bad at the bottom). */
function TrendChart({ trend }: { trend: QualityTrendPoint[] }) {
  const translate = useTranslate();
  const most = Math.max(1, ...trend.map((point) => QUALITY_RATINGS.reduce((sum, rating) => sum + point[rating], 0)));
  const step = (WIDTH - 40) / Math.max(trend.length, 1);
  const last = trend[trend.length - 1];
  const label = translate('resources.datasets.quality.summary.trend', {
    from: trend[0].date,
    to: last.date,
    mean: last.mean_score ?? '—',
    ratings: QUALITY_RATINGS.map((rating) => `${translate(`resources.datasets.choices.quality_rating.${rating}`)} ${last[rating]}`).join(', '),
  });
  return (
    <Box component="svg" role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${TREND_HEIGHT}`} sx={{ width: '100%', maxWidth: WIDTH, display: 'block', my: 1 }}>
      {trend.map((point, index) => {
        let top = TREND_HEIGHT;
        return (
          <g key={point.date} data-date={point.date}>
            {[...QUALITY_RATINGS].reverse().map((rating) => {
              const height = (TREND_HEIGHT * point[rating]) / most;
              top -= height;
              return <rect key={rating} x={index * step} y={top} width={Math.max(step - 1, 1)} height={height} fill={BAR_COLOURS[rating]} />;
            })}
          </g>
        );
      })}
    </Box>
  );
}

/** A superuser's choice of the whole platform or one group. */
function GroupPicker({ value, onChange }: { value: number | null; onChange: (value: number | null) => void }) {
  const translate = useTranslate();
  const { data: groups = [] } = useGetList('usergroups', { pagination: { page: 1, perPage: 500 }, sort: { field: 'display_name', order: 'ASC' } });
  return (
    <TextField
      select
      size="small"
      label={translate('resources.datasets.quality.summary.group')}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      // "The whole platform" is a choice like the others: shown when chosen, its label above it.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 260, my: 1 }}
    >
      <MenuItem value="">{translate('resources.datasets.quality.summary.platform')}</MenuItem>
      {groups.map((group) => (
        <MenuItem key={group.id} value={group.id}>
          {group.display_name as string}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function QualitySummary() {
  const translate = useTranslate();
  const user = useContext(StartupContext)?.user;
  const superuser = user?.is_superuser === true;
  const allowed = canReadQualitySummary(user);
  const [group, setGroup] = useState<number | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  useEffect(() => {
    if (!allowed) return;
    const controller = new AbortController();
    datasetsApi.qualitySummary(group, controller.signal).then(setSummary, () => {
      if (!controller.signal.aborted) setSummary(null);
    });
    return () => controller.abort();
  }, [group, allowed]);
  if (!summary) return null;
  const rows = [...QUALITY_RATINGS, 'unrated' as const].map((rating) => ({
    rating,
    label: rating === 'unrated' ? translate('resources.datasets.quality.summary.unrated') : translate(`resources.datasets.choices.quality_rating.${rating}`),
    count: summary.ratings[rating],
  }));
  const most = Math.max(1, ...rows.map((row) => row.count));
  const chartLabel = translate('resources.datasets.quality.summary.chart', { counts: rows.map((row) => `${row.label} ${row.count}`).join(', ') });
  return (
    <section aria-labelledby="quality-summary">
      <Typography variant="h5" component="h2" id="quality-summary" gutterBottom>
        {translate('resources.datasets.quality.summary.title')}
      </Typography>
      {superuser && <GroupPicker value={group} onChange={setGroup} />}
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
      {/* A platform answering without the trend (older, or another one) still shows the ratings. */}
      {summary.trend?.length ? <TrendChart trend={summary.trend} /> : null}
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

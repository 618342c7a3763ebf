import { Box, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isEmptyValue, type ChangeKind } from './activityFields.ts';
import { ChangedValue } from './ChangedValue.tsx';
import { ADDED_SX, HIDDEN_SX, REMOVED_SX } from './diffStyles.ts';

/** A value replaced by another: the old one struck through in red, the new one in green. */
export function ValueDiff({ field, kind, before, after }: { field: string; kind: ChangeKind; before: unknown; after: unknown }) {
  const translate = useTranslate();
  const side = (value: unknown, change: 'before' | 'after') => (
    <Box component={change === 'after' ? 'ins' : 'del'} sx={change === 'after' ? ADDED_SX : REMOVED_SX}>
      <Box component="span" sx={HIDDEN_SX}>
        {translate(`resources.dataset-activity.diff.${change}`)} :{' '}
      </Box>
      {isEmptyValue(value) ? (
        <em>{translate('resources.dataset-activity.diff.empty')}</em>
      ) : (
        <ChangedValue field={field} kind={kind} value={value} />
      )}
    </Box>
  );
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
      {!isEmptyValue(before) && side(before, 'before')}
      {!isEmptyValue(before) && <span aria-hidden>→</span>}
      {side(after, 'after')}
    </Stack>
  );
}

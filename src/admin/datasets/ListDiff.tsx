import { Box, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { listChanges, type ChangeKind } from './activityFields.ts';
import { ChangedValue } from './ChangedValue.tsx';
import { ADDED_SX, HIDDEN_SX, REMOVED_SX } from './diffStyles.ts';

/** The items a list change removed (struck through, red) and added (green). */
export function ListDiff({ field, kind, before, after }: { field: string; kind: ChangeKind; before: unknown; after: unknown }) {
  const translate = useTranslate();
  const { added, removed } = listChanges(before, after);
  const item = (value: unknown, index: number, change: 'added' | 'removed') => (
    <Box key={`${change}-${index}`} component={change === 'added' ? 'ins' : 'del'} sx={change === 'added' ? ADDED_SX : REMOVED_SX}>
      <Box component="span" sx={HIDDEN_SX}>
        {translate(`resources.dataset-activity.diff.${change}`)} :{' '}
      </Box>
      <span aria-hidden>{change === 'added' ? '+ ' : '− '}</span>
      <ChangedValue field={field} kind={kind} value={value} />
    </Box>
  );
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {removed.map((value, index) => item(value, index, 'removed'))}
      {added.map((value, index) => item(value, index, 'added'))}
    </Stack>
  );
}

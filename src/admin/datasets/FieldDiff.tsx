import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FieldChange } from './activityApi.ts';
import { changeKind, changeLabelKey } from './activityFields.ts';
import { GroupLevelsDiff } from './GroupLevelsDiff.tsx';
import { ListDiff } from './ListDiff.tsx';
import { ValueDiff } from './ValueDiff.tsx';

/** One changed field of a history entry: its label, then its old and new value as a diff. */
export function FieldDiff({ field, change }: { field: string; change: FieldChange }) {
  const translate = useTranslate();
  const kind = changeKind(field);
  const Diff = kind.type === 'list' ? ListDiff : kind.type === 'groupLevels' ? GroupLevelsDiff : ValueDiff;
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 'medium', mt: 1 }}>
        {translate(changeLabelKey(field), { _: field })}
      </Box>
      <Box component="dd" sx={{ ml: 0 }}>
        <Diff field={field} kind={kind} before={change?.old} after={change?.new} />
      </Box>
    </>
  );
}

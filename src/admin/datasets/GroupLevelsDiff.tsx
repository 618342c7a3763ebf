import { Box, Stack } from '@mui/material';
import { isEmptyValue, type ChangeKind } from './activityFields.ts';
import { ValueDiff } from './ValueDiff.tsx';

interface GroupLevel {
  id: number;
  display_name: string;
  level: number;
}

/** The levels are the ones of a dataset's default permission level. */
const LEVEL: ChangeKind = { type: 'value', format: 'choice' };
const LEVEL_FIELD = 'default_permission_level';

const groupLevels = (value: unknown): GroupLevel[] => (Array.isArray(value) ? (value as GroupLevel[]) : []);

/** Each group whose permission level changed: its name, then its old and new level. */
export function GroupLevelsDiff({ before, after }: { field: string; kind: ChangeKind; before: unknown; after: unknown }) {
  const old = new Map(groupLevels(before).map((group) => [group.id, group]));
  const current = new Map(groupLevels(after).map((group) => [group.id, group]));
  const ids = [...new Set([...old.keys(), ...current.keys()])];
  return (
    <Stack spacing={0.5}>
      {ids.map((id) => {
        const group = current.get(id) ?? old.get(id)!;
        const levelBefore = old.get(id)?.level;
        const levelAfter = current.get(id)?.level;
        return (
          <Stack key={id} direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
            <Box component="span">{group.display_name} :</Box>
            <ValueDiff field={LEVEL_FIELD} kind={LEVEL} before={isEmptyValue(levelBefore) ? null : levelBefore} after={levelAfter ?? null} />
          </Stack>
        );
      })}
    </Stack>
  );
}

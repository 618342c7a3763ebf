import { Box, Stack } from '@mui/material';
import { useGetMany } from 'react-admin';
import { isEmptyValue, type ChangeKind } from './activityFields.ts';
import { ValueDiff } from './ValueDiff.tsx';

/** A group's level as the permissions page records it (with its name), or a bulk change (its id only). */
interface GroupLevel {
  id?: number;
  usergroup_id?: number;
  display_name?: string;
  level: number;
}

const groupId = (group: GroupLevel) => group.id ?? group.usergroup_id!;

/** The levels are the ones of a dataset's default permission level. */
const LEVEL: ChangeKind = { type: 'value', format: 'choice' };
const LEVEL_FIELD = 'default_permission_level';

const groupLevels = (value: unknown): GroupLevel[] => (Array.isArray(value) ? (value as GroupLevel[]) : []);

/** Each group whose permission level changed: its name, then its old and new level. */
export function GroupLevelsDiff({ before, after }: { field: string; kind: ChangeKind; before: unknown; after: unknown }) {
  const old = new Map(groupLevels(before).map((group) => [groupId(group), group]));
  const current = new Map(groupLevels(after).map((group) => [groupId(group), group]));
  const ids = [...new Set([...old.keys(), ...current.keys()])];
  const recorded = (id: number) => (current.get(id) ?? old.get(id))!.display_name;
  // Names a bulk change did not record, read once for the entry.
  const unnamed = ids.filter((id) => !recorded(id));
  const { data: groups } = useGetMany('usergroups', { ids: unnamed }, { enabled: unnamed.length > 0 });
  const nameOf = (id: number) => recorded(id) ?? (groups?.find((group) => group.id === id)?.display_name as string | undefined) ?? `#${id}`;
  return (
    <Stack spacing={0.5}>
      {ids.map((id) => {
        const levelBefore = old.get(id)?.level;
        const levelAfter = current.get(id)?.level;
        return (
          <Stack key={id} direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
            <Box component="span">{nameOf(id)} :</Box>
            <ValueDiff field={LEVEL_FIELD} kind={LEVEL} before={isEmptyValue(levelBefore) ? null : levelBefore} after={levelAfter ?? null} />
          </Stack>
        );
      })}
    </Stack>
  );
}

/**
 * What a list shows in place of its rows when the server refused or failed to give them: the
 * server's messages (a filter's field message for a 400, with the filter's label), a way out of
 * the filters that caused it, and a way to ask again. The rows of the previous answer are not
 * shown under it: they would belong to other filters.
 */
import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { summariseError, type ErrorLine } from '../http/errors.ts';
import { useErrorLineText } from '../feedback/useErrorLineText.ts';
import { filterOfQueryParam } from '../providers/dataProvider.ts';

/** The list query's error handler: the error is shown in place (ListError), not in a toast too. */
export const errorShownInPlace = () => undefined;

export interface ListErrorProps {
  /** The field whose label names a filter, from the filter's name (default: the filter's own name). */
  fieldOf?: (filter: string) => string;
}

export function ListError({ fieldOf = (filter) => filter }: ListErrorProps) {
  const { error, filterValues, setFilters, refetch, resource } = useListContext();
  const translate = useTranslate();
  const lineText = useErrorLineText(resource);
  if (!error) return null;
  const { severity, lines } = summariseError(error);
  // A 400 names the query parameter (`topics__in`); the user knows the filter by its field's label.
  const text = (line: ErrorLine) => lineText(line.field ? { ...line, field: fieldOf(filterOfQueryParam(line.field)) } : line);
  const filtered = Object.keys(filterValues ?? {}).length > 0;
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      <AlertTitle>{translate(severity === 'critical' ? 'publish.entities.listFailedCritical' : 'publish.entities.listFailed')}</AlertTitle>
      {lines.length === 1 && <Box>{text(lines[0])}</Box>}
      {lines.length > 1 && (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {lines.map((line, index) => (
            <li key={index}>{text(line)}</li>
          ))}
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {filtered && (
          <Button size="small" variant="outlined" color="inherit" onClick={() => setFilters({}, [])}>
            {translate('ra.navigation.clear_filters')}
          </Button>
        )}
        <Button size="small" color="inherit" onClick={() => void refetch()}>
          {translate('ra.action.refresh')}
        </Button>
      </Stack>
    </Alert>
  );
}

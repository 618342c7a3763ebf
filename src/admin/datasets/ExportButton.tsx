/**
 * Downloads the list as an ODL CSV file: a link to the export with the list's current search,
 * filters and ordering, built as the data provider builds the list's own query. The browser
 * streams the file itself (signed in by its cookie), so nothing is held in memory here.
 */
import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { datasetsApi } from './datasetsApi.ts';

export function ExportButton() {
  const translate = useTranslate();
  const { filterValues, sort } = useListContext();
  return (
    <Button size="small" component="a" href={datasetsApi.exportUrl(filterValues, sort)} download startIcon={<DownloadIcon />}>
      {translate('resources.datasets.actions.export')}
    </Button>
  );
}

/** The way to the dataset's permissions page, for those who may change the dataset. */
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Box, Button } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useEntityPaths } from '../entities/useEntityPaths.ts';

export function PermissionsLink() {
  const record = useRecordContext();
  const translate = useTranslate();
  const paths = useEntityPaths('datasets');
  if (!record?.editable) return null;
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Button component={RouterLink} to={`${paths.edit(record.id)}permissions/`} variant="outlined" startIcon={<LockOpenIcon />}>
        {translate('resources.datasets.actions.permissions')}
      </Button>
    </Box>
  );
}

/** Duplicates the dataset of the row (a new codename, unpublished), says so and opens the copy. */
import { useState, type MouseEvent } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { useEntityPaths } from '../entities/useEntityPaths.ts';
import { datasetsApi } from './datasetsApi.ts';

/** `label` names the list's column. */
export function DuplicateButton({ label = 'resources.datasets.actions.duplicate' }: { label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const navigate = useNavigate();
  const paths = useEntityPaths('datasets');
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const [pending, setPending] = useState(false);
  if (!record?.editable) return null;

  const duplicate = async (event: MouseEvent) => {
    event.stopPropagation();
    setPending(true);
    try {
      const copy = await datasetsApi.duplicate(record.id as number);
      notifySuccess('resources.datasets.messages.duplicated', { name: copy.display_name });
      navigate(paths.edit(copy.id));
    } catch (error) {
      notifyError(error, { resource: 'datasets' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Button size="small" startIcon={<ContentCopyIcon />} disabled={pending} onClick={(event) => void duplicate(event)}>
      {translate(label)}
    </Button>
  );
}

/**
 * The dataset's "Publié" switch, with, while it is on over a private default access level, the
 * warning the publish scenario would write in its task log: said before saving, where the
 * person can still change either.
 */
import { Alert } from '@mui/material';
import { BooleanInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { isListedInCatalogue } from '../../../schemas/datasets.ts';

export function PublishInput({ source }: { source: string }) {
  const translate = useTranslate();
  const [publish, level, name] = useWatch({ name: [source, 'default_permission_level', 'display_name'] });
  const privateOnPublish = publish === true && !isListedInCatalogue({ publish, default_permission_level: level });
  return (
    <>
      <BooleanInput source={source} />
      {privateOnPublish && (
        <Alert severity="warning" role="status" sx={{ mb: 2, width: '100%' }}>
          {translate('resources.datasets.messages.publishedPrivate', { name: name || translate('resources.datasets.page.create') })}
        </Alert>
      )}
    </>
  );
}

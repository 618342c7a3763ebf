/**
 * The form's required fields still empty (spec, section 5): the record's `unfilled_fields` as the
 * server computed them, then, once the form changes, the same rule (`unfilledFields`) applied to
 * what is being typed, so the list shrinks as the fields are filled. In a form with tabs, each
 * field is a link opening its tab with the focus in it.
 */
import type { MouseEvent } from 'react';
import { Alert, AlertTitle, Box, Link } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { datasets } from '../../../schemas/datasets.ts';
import { unfilledFields } from '../../../schemas/entity.ts';
import { useFormTabs } from '../entities/FormTabs.tsx';

export function UnfilledFieldsList({ source }: { source: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const values = useWatch() as Record<string, unknown>;
  const { isDirty } = useFormState();
  const tabs = useFormTabs();
  const saved = record?.[source];
  const names: string[] = !isDirty && Array.isArray(saved) ? saved : unfilledFields(datasets, values);
  const title = translate(`resources.datasets.fields.${source}`);
  if (names.length === 0) {
    return (
      <Alert severity="success" role="status" aria-label={title} sx={{ mb: 2, width: '100%' }}>
        {translate('resources.datasets.unfilled.none')}
      </Alert>
    );
  }
  return (
    <Alert severity="info" role="region" aria-label={title} sx={{ mb: 2, width: '100%' }}>
      <AlertTitle>{title}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {names.map((name) => {
          const label = translate(`resources.datasets.fields.${name}`);
          const show = (event: MouseEvent) => {
            event.preventDefault();
            tabs?.showField(name);
          };
          return <li key={name}>{tabs?.tabOf(name) ? <Link href={tabs.hrefOf(name)} onClick={show}>{label}</Link> : label}</li>;
        })}
      </Box>
    </Alert>
  );
}

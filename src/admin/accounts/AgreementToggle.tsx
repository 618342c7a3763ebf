/** Whether an organisation's convention is signed, changed through `…/agreement/` (superusers). */
import { useState } from 'react';
import { FormControlLabel, Switch } from '@mui/material';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { accountsApi } from './accountsApi.ts';

export function AgreementToggle({ canChange }: { canChange: boolean; source?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const refresh = useRefresh();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const [sending, setSending] = useState(false);
  if (!record) return null;
  const signed = !!record.convention_signed;

  const toggle = async () => {
    setSending(true);
    try {
      await accountsApi.setAgreement(record.id as number, !signed);
      notifySuccess(signed ? 'publish.accounts.agreement.unsigned' : 'publish.accounts.agreement.signed');
      refresh();
    } catch (error) {
      notifyError(error, { resource: 'organisations' });
    } finally {
      setSending(false);
    }
  };

  return (
    <FormControlLabel
      control={<Switch checked={signed} disabled={!canChange || sending} onChange={() => void toggle()} />}
      label={translate('resources.organisations.fields.convention_signed')}
    />
  );
}

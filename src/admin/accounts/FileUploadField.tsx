/**
 * Shows an uploaded file (an image, or a link to a document) and replaces it through its own
 * endpoint. The browser checks the type and size first; the server is the authority and its
 * `{file: [message]}` answer shows under the control.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, FormHelperText, Link, Stack, Typography } from '@mui/material';
import { Labeled, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { IMAGE_MAX_BYTES } from '../../../schemas/constants.ts';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { errorBody, errorStatus } from '../http/errors.ts';

export type UploadKind = 'image' | 'pdf';

const ACCEPT: Record<UploadKind, string> = { image: 'image/jpeg,image/png', pdf: 'application/pdf' };

/** The catalogue key of what is wrong with a file, or null when the browser sees nothing wrong. */
export function checkFile(kind: UploadKind, file: File): string | null {
  if (kind === 'image') {
    if (!['image/jpeg', 'image/png'].includes(file.type) && !/\.(jpe?g|png)$/i.test(file.name)) return 'validation.imageType';
    if (file.size > IMAGE_MAX_BYTES) return 'validation.imageTooLarge';
    return null;
  }
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return 'publish.accounts.upload.pdfOnly';
  return null;
}

export interface FileUploadFieldProps {
  source: string;
  kind: UploadKind;
  upload: (id: number, file: File) => Promise<unknown>;
  /** Whether the signed-in user may replace the file of this record. */
  canUpload: (recordId: number) => boolean;
}

export function FileUploadField({ source, kind, upload, canUpload }: FileUploadFieldProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const refresh = useRefresh();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (!record) return null;
  const url = record[source] as string | null;
  const inputId = `${resource}-${source}-upload`;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkFile(kind, file);
    if (problem) {
      setError(translate(problem));
      return;
    }
    setError(null);
    setSending(true);
    try {
      await upload(record.id as number, file);
      notifySuccess('publish.accounts.upload.uploaded');
      refresh();
    } catch (failure) {
      const message = errorStatus(failure) === 400 ? errorBody(failure).errors?.file : undefined;
      if (message) setError(message);
      else notifyError(failure, { resource });
    } finally {
      setSending(false);
    }
  };

  return (
    <Labeled source={source} resource={resource}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        {url ? (
          kind === 'image' ? (
            <Box component="img" src={url} alt={translate(`resources.${resource}.fields.${source}`)} sx={{ maxWidth: 160, maxHeight: 120 }} />
          ) : (
            <Link href={url} target="_blank" rel="noopener">
              {translate('publish.entities.openFile')}
            </Link>
          )
        ) : (
          <Typography color="text.secondary" variant="body2">
            {translate('publish.accounts.upload.none')}
          </Typography>
        )}
        {canUpload(record.id as number) && (
          <>
            <input ref={input} id={inputId} type="file" accept={ACCEPT[kind]} hidden onChange={(event) => void onChange(event)} />
            <Button size="small" variant="outlined" startIcon={<UploadIcon />} disabled={sending} onClick={() => input.current?.click()}>
              {translate(kind === 'image' ? 'publish.accounts.upload.chooseImage' : 'publish.accounts.upload.choosePdf')}
            </Button>
          </>
        )}
        {error && <FormHelperText error>{error}</FormHelperText>}
      </Stack>
    </Labeled>
  );
}

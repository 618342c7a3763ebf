/**
 * "Can this user see it?": for a username or e-mail address, the level the user has on the
 * dataset, whether they see and may change it, and why; or the server's message about the name.
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNotifyError } from '../../feedback/useNotifyError.tsx';
import { errorBody } from '../../http/errors.ts';
import { levelLabel, permissionsApi, type UserAccess, type UserReason } from './permissionsApi.ts';

const KEY = 'resources.dataset-permissions';

const fullName = (user: UserAccess['user']) => `${user.first_name} ${user.last_name}`.trim() || user.username;

export function UserAccessCheck({ datasetId }: { datasetId: number }) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [account, setAccount] = useState('');
  const [answer, setAnswer] = useState<UserAccess | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const reasonText = (reason: UserReason) =>
    translate(`${KEY}.access.reason`, {
      reason: translate(`${KEY}.access.user.${reason.via}`, {
        group: reason.usergroup?.display_name ?? '',
        sphere: reason.through?.display_name ?? '',
      }),
      level: translate(levelLabel(reason.level)),
    });

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setChecking(true);
    setMessage(null);
    setAnswer(null);
    try {
      setAnswer(await permissionsApi.userAccess(datasetId, account.trim()));
    } catch (error) {
      // The server's word about the name shows under the field; anything else as a toast.
      const fieldMessage = errorBody(error).errors?.user;
      if (fieldMessage) setMessage(fieldMessage);
      else notifyError(error);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="user-access-title">
      <Typography variant="subtitle1" component="h3" id="user-access-title" gutterBottom>
        {translate(`${KEY}.check.title`)}
      </Typography>
      <Stack component="form" direction="row" spacing={1} onSubmit={(event) => void check(event)} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={translate(`${KEY}.check.account`)}
          value={account}
          error={message !== null}
          helperText={message}
          onChange={(event) => {
            setAccount(event.target.value);
            setMessage(null);
          }}
          sx={{ flexGrow: 1 }}
        />
        <Button type="submit" variant="outlined" disabled={checking || account.trim() === ''}>
          {translate(`${KEY}.check.submit`)}
        </Button>
      </Stack>
      {answer && (
        <Box role="status" sx={{ mt: 2 }}>
          <Typography sx={{ fontWeight: 'bold' }}>
            {fullName(answer.user)} ({answer.user.username})
          </Typography>
          <Typography>{translate(`${KEY}.check.level`, { level: translate(levelLabel(answer.level)) })}</Typography>
          <Typography>{translate(`${KEY}.check.${answer.visible ? 'visible' : 'hidden'}`)}</Typography>
          <Typography>{translate(`${KEY}.check.${answer.editable ? 'editable' : 'readOnly'}`)}</Typography>
          {answer.reasons.length > 0 && (
            <>
              <Typography variant="subtitle2" sx={{ mt: 1 }}>
                {translate(`${KEY}.check.reasons`)}
              </Typography>
              <List dense disablePadding>
                {answer.reasons.map((reason, index) => (
                  <ListItem key={index} disableGutters>
                    <ListItemText primary={reasonText(reason)} />
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </Box>
      )}
    </Box>
  );
}

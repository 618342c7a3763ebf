import { useCallback, useEffect, useState, type SyntheticEvent } from 'react';
import { CloseNotificationContext, useNotificationContext, useTranslate, type NotificationPayload } from 'react-admin';
import { TOAST_DURATION_MS } from '../../../schemas/constants.ts';
import { Snackbar } from '../layout/loadedWhenOpened.tsx';

const TOAST_COLOURS: Record<string, object | undefined> = {
  success: { bgcolor: 'success.main', color: 'success.contrastText' },
  error: { bgcolor: 'error.main', color: 'error.contrastText' },
  warning: { bgcolor: 'warning.main', color: 'warning.contrastText' },
};

/**
 * The notification area, with the product's toast duration and position. Unlike react-admin's
 * queue, the newest message replaces the one shown: after "the form is not valid", the outcome of
 * the corrected save shows at once instead of waiting its turn. No toast of this app is undoable
 * (every mutation is pessimistic), so nothing waits on a toast being seen to the end.
 */
export function AppNotification() {
  const { notifications, setNotifications } = useNotificationContext();
  const translate = useTranslate();
  const [shown, setShown] = useState<{ key: number; payload: NotificationPayload }>();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!notifications.length) return;
    const newest = notifications[notifications.length - 1];
    setNotifications([]);
    setShown((previous) => ({ key: (previous?.key ?? 0) + 1, payload: newest }));
    setOpen(true);
  }, [notifications, setNotifications]);

  const close = useCallback((_event?: Event | SyntheticEvent | null, reason?: string) => {
    // A click elsewhere on the page does not dismiss a message the user may not have read yet.
    if (reason !== 'clickaway') setOpen(false);
  }, []);

  if (!shown) return null;
  const { message, type = 'info', notificationOptions = {} } = shown.payload;
  const { autoHideDuration, messageArgs } = notificationOptions;
  return (
    <CloseNotificationContext.Provider value={close}>
      <Snackbar
        key={shown.key}
        open={open}
        onClose={close}
        autoHideDuration={autoHideDuration === undefined ? TOAST_DURATION_MS : (autoHideDuration ?? undefined)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        message={typeof message === 'string' ? translate(message, messageArgs) : undefined}
        slotProps={{ content: { sx: TOAST_COLOURS[type] } }}
      >
        {typeof message === 'string' ? undefined : <div>{message}</div>}
      </Snackbar>
    </CloseNotificationContext.Provider>
  );
}

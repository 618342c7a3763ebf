import { Notification } from 'react-admin';
import { TOAST_DURATION_MS } from '../../../schemas/constants.ts';

/** react-admin's notification area, with the product's toast duration and position. */
export function AppNotification() {
  return <Notification autoHideDuration={TOAST_DURATION_MS} anchorOrigin={{ vertical: 'top', horizontal: 'right' }} />;
}

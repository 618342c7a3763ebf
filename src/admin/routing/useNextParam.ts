import { useLocation } from 'react-admin';
import { APP_BASE } from '../config/appBase.ts';

/** The browser path (and hash) of the page shown, as the login service expects in `next`. */
export function useNextParam({ withHash = true }: { withHash?: boolean } = {}): string {
  const { pathname, hash } = useLocation();
  return `${APP_BASE}${pathname}${withHash ? hash : ''}`;
}

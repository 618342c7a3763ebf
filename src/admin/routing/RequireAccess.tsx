/**
 * Guards a page: an anonymous visitor goes to the sign-in page (through the auth provider's
 * checkAuth), a signed-in user without the right goes to access-denied/.
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useCheckAuth } from 'react-admin';
import type { AccessSubject } from '../../../schemas/access.ts';
import { useStartup } from '../startup/useStartup.ts';
import { ACCESS_DENIED_PATH } from './paths.ts';
import { useAppPath } from './useAppPath.ts';

export interface RequireAccessProps {
  allowed: (user: AccessSubject) => boolean;
  children: ReactNode;
}

export function RequireAccess({ allowed, children }: RequireAccessProps) {
  const { user } = useStartup();
  const checkAuth = useCheckAuth();
  const appPath = useAppPath();
  useEffect(() => {
    // No logout on failure: checkAuth itself sends the browser to the sign-in page.
    if (!user) checkAuth({}, false).catch(() => undefined);
  }, [user, checkAuth]);
  if (!user) return null;
  if (!allowed(user)) return <Navigate to={appPath(ACCESS_DENIED_PATH)} replace />;
  return <>{children}</>;
}

/**
 * The react-admin auth provider. Signing in, out and accepting the terms happen on the login
 * service's own pages: this provider only sends the browser there, and sends users to the
 * access-denied page on a 403 to a read (a refused change is said where it was asked).
 */
import type { AuthProvider, UserIdentity } from 'react-admin';
import { HttpError } from 'react-admin';
import { displayName, fetchCurrentUser, fetchSession } from '../auth/session.ts';
import { goToSignIn, goToTerms } from '../auth/leaveApp.ts';
import { currentLocale } from '../config/appBase.ts';
import { httpClient, type HttpClient } from '../http/client.ts';
import { errorStatus, isRefusedWrite, isTermsRequired } from '../http/errors.ts';
import { ACCESS_DENIED_PATH } from '../routing/paths.ts';

/** The in-app path of the 403 page for the current locale (relative to the router basename). */
export const accessDeniedPath = () => `/${currentLocale()}/${ACCESS_DENIED_PATH}`;

export function createAuthProvider(http: HttpClient = httpClient): AuthProvider {
  return {
    // There is no react-admin login page: the login service has its own.
    login: async () => {
      await goToSignIn();
    },
    // Signing out is a link to the login service; react-admin only clears its caches.
    logout: async () => false,

    checkAuth: async (params) => {
      const session = await fetchSession(http, params?.signal);
      if (!session.is_authenticated) {
        await goToSignIn();
        throw { message: false, redirectTo: false };
      }
    },

    checkError: async (error) => {
      const status = errorStatus(error);
      if (status === 401) {
        await goToSignIn();
        throw { message: false, logoutUser: false };
      }
      if (isTermsRequired(error)) {
        await goToTerms();
        throw { message: false, logoutUser: false };
      }
      // A refused change stays an error of the call, for its form or button to say; a refused read
      // (a page the user may not see) leads to the access-denied page.
      if (status === 403 && !isRefusedWrite(error)) {
        throw { message: false, logoutUser: false, redirectTo: accessDeniedPath() };
      }
    },

    // No getPermissions: pages check rights on the start-up user (useStartup) with schemas/access.ts.
    getIdentity: async (params): Promise<UserIdentity> => {
      const user = await fetchCurrentUser(http, params?.signal);
      if (!user) throw new HttpError('ra.auth.auth_check_error', 401);
      return { ...user, id: user.id, fullName: displayName(user) };
    },
  };
}

export const authProvider = createAuthProvider();

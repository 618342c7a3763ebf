/**
 * Resolves authentication and the start-up data before any page shows; until then the page is a
 * blank area under an overlay. The data stays cached per locale (a language switch keeps showing
 * the previous data while the new lists load).
 */
import { useEffect, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLogoutIfAccessDenied } from 'react-admin';
import type { Locale } from '../../../schemas/constants.ts';
import { goToTerms } from '../auth/leaveApp.ts';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { httpClient } from '../http/client.ts';
import { isTermsRequired } from '../http/errors.ts';
import { StartupBackdrop } from './StartupBackdrop.tsx';
import { StartupContext } from './StartupContext.ts';
import { StartupFailed } from './StartupFailed.tsx';
import { fetchStartup } from './fetchStartup.ts';

export function StartupProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const notifyError = useNotifyError();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { data, error, refetch } = useQuery({
    queryKey: ['startup', locale],
    queryFn: ({ signal }) => fetchStartup(httpClient, locale, signal),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });

  // A signed-in user who has not accepted the terms of use goes to the login service's terms page.
  const termsPending = !!data?.user && !data.user.terms_accepted;
  useEffect(() => {
    if (termsPending) void goToTerms();
  }, [termsPending]);

  useEffect(() => {
    if (!error) return;
    void logoutIfAccessDenied(error).then((handled) => {
      if (!handled) notifyError(error);
    });
  }, [error, logoutIfAccessDenied, notifyError]);

  if (termsPending || isTermsRequired(error)) return <StartupBackdrop />;
  if (data) return <StartupContext.Provider value={data}>{children}</StartupContext.Provider>;
  if (error) return <StartupFailed onRetry={() => void refetch()} />;
  return <StartupBackdrop />;
}

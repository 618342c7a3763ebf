/**
 * Resolves authentication and the start-up data before any page shows; until then the page is a
 * blank area under an overlay. The data stays cached per locale (a language switch keeps showing
 * the previous data while the new lists load).
 */
import { useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
import type { StartupData } from './types.ts';

export function StartupProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const notifyError = useNotifyError();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const queryClient = useQueryClient();
  const { data, error, refetch } = useQuery({
    queryKey: ['startup', locale],
    // Not cancelled when the layout remounts (a language switch does): the answer is still wanted.
    queryFn: () => fetchStartup(httpClient, locale),
    // While another locale's lists load, keep showing the ones already known (no overlay flash).
    placeholderData: (previous: StartupData | undefined) =>
      previous ?? queryClient.getQueriesData<StartupData>({ queryKey: ['startup'] }).find(([, known]) => known)?.[1],
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

/**
 * The app's react-admin layout: start-up first (blank page under an overlay), then the header,
 * the page and the footer.
 */
import { Suspense } from 'react';
import { Box } from '@mui/material';
import { useLocation, useTranslate, type LayoutProps } from 'react-admin';
import { LocaleSync } from '../routing/LocaleSync.tsx';
import { ScrollToAnchor } from '../routing/ScrollToAnchor.tsx';
import { useAppLocale } from '../routing/useAppLocale.ts';
import { StartupProvider } from '../startup/StartupProvider.tsx';
import { AppFooter } from './AppFooter.tsx';
import { AppHeader } from './AppHeader.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { PageLoading } from './PageLoading.tsx';

export function AppLayout({ children }: LayoutProps) {
  const locale = useAppLocale();
  const translate = useTranslate();
  const { pathname } = useLocation();
  return (
    <>
      <LocaleSync locale={locale} />
      <StartupProvider locale={locale}>
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
          <AppHeader />
          <Box component="main" id="main-content" sx={{ flex: 1, p: 3 }}>
            <PageErrorBoundary resetKey={pathname} message={translate('publish.feedback.error.default')}>
              <Suspense fallback={<PageLoading />}>{children}</Suspense>
            </PageErrorBoundary>
          </Box>
          <AppFooter />
        </Box>
        <ScrollToAnchor />
      </StartupProvider>
    </>
  );
}

/**
 * The app's react-admin layout: start-up first (blank page under an overlay), then the header,
 * the page and the footer.
 */
import { Suspense } from 'react';
import { Box } from '@mui/material';
import { TitlePortal, useLocation, useTranslate, type LayoutProps } from 'react-admin';
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
            {/* react-admin's list, create and edit pages put their title here; other pages have their own. */}
            <TitlePortal variant="h4" component="h1" sx={{ mb: 2, '&:empty': { display: 'none' } }} />
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

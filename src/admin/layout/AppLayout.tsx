/**
 * The app's react-admin layout: start-up first (blank page under an overlay), then the header,
 * the page and the footer. The first key press of the Tab key shows a link straight to the page's
 * content, past the header; after a navigation, the focus goes to the new page (FocusOnNavigation).
 */
import { Suspense, type MouseEvent } from 'react';
import { Box } from '@mui/material';
import { TitlePortal, useLocation, useTranslate, type LayoutProps } from 'react-admin';
import { FocusOnNavigation } from '../routing/FocusOnNavigation.tsx';
import { LocaleSync } from '../routing/LocaleSync.tsx';
import { ScrollToAnchor } from '../routing/ScrollToAnchor.tsx';
import { useAppLocale } from '../routing/useAppLocale.ts';
import { StartupProvider } from '../startup/StartupProvider.tsx';
import { AppFooter } from './AppFooter.tsx';
import { AppHeader } from './AppHeader.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { PageLoading } from './PageLoading.tsx';

const MAIN_ID = 'main-content';

/** Hidden until it has the keyboard focus; moves the focus to the page's content. */
function SkipLink() {
  const translate = useTranslate();
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -100,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 500,
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {translate('publish.nav.skipToContent')}
    </Box>
  );
}

export function AppLayout({ children }: LayoutProps) {
  const locale = useAppLocale();
  const translate = useTranslate();
  const { pathname } = useLocation();
  return (
    <>
      <LocaleSync locale={locale} />
      <StartupProvider locale={locale}>
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
          <SkipLink />
          <AppHeader />
          <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, p: { xs: 2, sm: 3 }, minWidth: 0, '&:focus': { outline: 'none' } }}>
            {/* react-admin's list, create and edit pages put their title here; other pages have their own. */}
            {/* The portal is made for an app bar (one line, cut): here a long title wraps. */}
            <TitlePortal variant="h4" component="h1" sx={{ mb: 2, whiteSpace: 'normal', overflowWrap: 'anywhere', '&:empty': { display: 'none' } }} />
            <PageErrorBoundary resetKey={pathname} message={translate('publish.feedback.error.default')}>
              <Suspense fallback={<PageLoading />}>{children}</Suspense>
            </PageErrorBoundary>
          </Box>
          <AppFooter />
        </Box>
        <ScrollToAnchor />
        <FocusOnNavigation mainId={MAIN_ID} />
      </StartupProvider>
    </>
  );
}

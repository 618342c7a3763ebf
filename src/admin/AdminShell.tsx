/**
 * react-admin's <Admin> without the screens this app replaces. <Admin> is <AdminContext> and
 * <AdminUI>, and <AdminUI> brings react-admin's default layout, login page, notification, error
 * and loading pages (forms, drawers, tooltips, snackbars: a third of the first download) even when
 * the props replace them. Here the context and ra-core's <CoreAdminUI> are composed as react-admin's
 * docs show for a custom <Admin>, with the app's own light parts.
 */
import type { ComponentType, ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, type AdminContextProps, type CoreAdminUIProps } from 'react-admin';

type ShellProps = Omit<AdminContextProps, 'children'> &
  Pick<CoreAdminUIProps, 'layout' | 'catchAll' | 'accessDenied' | 'error' | 'loading' | 'title'> & {
    notification: ComponentType;
    children: ReactNode;
  };

export function AdminShell({ layout, catchAll, accessDenied, error, loading, title, notification: Notification, children, ...context }: ShellProps) {
  return (
    <AdminContext {...context}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          layout={layout}
          catchAll={catchAll}
          accessDenied={accessDenied}
          error={error}
          loading={loading}
          title={title}
          loginPage={false}
          requireAuth={false}
          disableTelemetry
        >
          {children}
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}

/**
 * The react-admin application for one locale. Pages are loaded on demand; Data and Accounts
 * require the matching rights (schemas/access.ts).
 */
import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { canAccessAccounts, canAccessData } from '../../schemas/access.ts';
import type { Locale } from '../../schemas/constants.ts';
import { ENTITIES } from '../../schemas/index.ts';
import { AdminShell } from './AdminShell.tsx';
import type { AppServices } from './AppServices.ts';
import { AppNotification } from './feedback/AppNotification.tsx';
import { AppError } from './layout/AppError.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { PageLoading } from './layout/PageLoading.tsx';
import { entityAccess, SCREEN_ENTITIES } from './entities/registry.ts';
import { lazyPage } from './routing/lazyPage.ts';
import { RequireAccess } from './routing/RequireAccess.tsx';
import { themeFor } from './theme.ts';

const HomePage = lazyPage(() => import('./pages/HomePage.tsx'));
const DataPage = lazyPage(() => import('./pages/DataPage.tsx'));
const AccountsPage = lazyPage(() => import('./pages/AccountsPage.tsx'));
const AccessDeniedPage = lazyPage(() => import('./pages/AccessDeniedPage.tsx'));
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage.tsx'));
const EntityRoutes = lazyPage(() => import('./entities/EntityRoutes.tsx'));
const RequestRoutes = lazyPage(() => import('./accounts/requests/RequestRoutes.tsx'));
const TaskRoutes = lazyPage(() => import('./tasks/TaskRoutes.tsx'));
const ObjectLogsPage = lazyPage(() => import('./tasks/ObjectLogsPage.tsx'));
const ResourceRoutes = lazyPage(() => import('./resources/ResourceRoutes.tsx'));
const LayerPage = lazyPage(() => import('./resources/LayerPage.tsx'));
const IndexerPage = lazyPage(() => import('./indexers/IndexerPage.tsx'));
const IndexerAddress = lazyPage(() => import('./indexers/IndexerAddress.tsx'));

export function PublishAdmin({ locale, services }: { locale: Locale; services: AppServices }) {
  return (
    <AdminShell
      basename={`/${locale}`}
      title="Publish"
      theme={themeFor(locale)}
      authProvider={services.authProvider}
      dataProvider={services.dataProvider}
      i18nProvider={services.i18nProvider}
      queryClient={services.queryClient}
      store={services.store}
      layout={AppLayout}
      notification={AppNotification}
      catchAll={NotFoundPage}
      accessDenied={AccessDeniedPage}
      error={AppError}
      loading={PageLoading}
    >
      {/* Every entity is a resource (labels, record representation, references); its screens
          are routed below, at the schema's route. */}
      {ENTITIES.map((entity) => (
        <Resource key={entity.resource} name={entity.resource} recordRepresentation={entity.recordRepresentation} />
      ))}
      <CustomRoutes>
        <Route path="home" element={<HomePage />} />
        <Route
          path="data"
          element={
            <RequireAccess allowed={canAccessData}>
              <DataPage />
            </RequireAccess>
          }
        />
        <Route
          path="data/tasks/*"
          element={
            <RequireAccess allowed={canAccessData}>
              <TaskRoutes />
            </RequireAccess>
          }
        />
        <Route
          path="data/datasets/:id/resources/*"
          element={
            <RequireAccess allowed={canAccessData}>
              <ResourceRoutes />
            </RequireAccess>
          }
        />
        <Route
          path="data/layers/:id"
          element={
            <RequireAccess allowed={canAccessData}>
              <LayerPage />
            </RequireAccess>
          }
        />
        <Route
          path="logs/:object/:id"
          element={
            <RequireAccess allowed={canAccessData}>
              <ObjectLogsPage />
            </RequireAccess>
          }
        />
        <Route
          path="accounts"
          element={
            <RequireAccess allowed={canAccessAccounts}>
              <AccountsPage />
            </RequireAccess>
          }
        />
        <Route
          path="accounts/requests/*"
          element={
            <RequireAccess allowed={canAccessAccounts}>
              <RequestRoutes />
            </RequireAccess>
          }
        />
        {/* A group's indexers: the server answers 403 to whoever does not administer the group. */}
        {['accounts/usergroup/:usergroupId/indexer/new', 'accounts/usergroup/:usergroupId/indexer/:indexerId'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireAccess allowed={canAccessAccounts}>
                <IndexerPage key={path} />
              </RequireAccess>
            }
          />
        ))}
        <Route
          path="accounts/indexer/:indexerId"
          element={
            <RequireAccess allowed={canAccessAccounts}>
              <IndexerAddress />
            </RequireAccess>
          }
        />
        {SCREEN_ENTITIES.map((entity) => (
          <Route
            key={entity.resource}
            path={`${entity.route}/*`}
            element={
              <RequireAccess allowed={entityAccess(entity)}>
                <EntityRoutes resource={entity.resource} />
              </RequireAccess>
            }
          />
        ))}
        <Route path="not-found" element={<NotFoundPage />} />
      </CustomRoutes>
    </AdminShell>
  );
}

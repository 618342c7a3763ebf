/**
 * The screens of one entity under its route (spec, section 2): the list at `{route}/`, the create
 * form at `{route}/new/`, a record at `{route}/{id}/`. Views come from the schema unless
 * CUSTOM_VIEWS overrides them.
 */
import { ResourceContextProvider } from 'react-admin';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../routing/paths.ts';
import { useAppPath } from '../routing/useAppPath.ts';
import { CUSTOM_VIEWS } from './customViews.ts';
import { SchemaCreate } from './SchemaCreate.tsx';
import { SchemaEdit } from './SchemaEdit.tsx';
import { SchemaList } from './SchemaList.tsx';

export default function EntityRoutes({ resource }: { resource: string }) {
  const appPath = useAppPath();
  const { list: List, create: Create, edit: Edit } = CUSTOM_VIEWS[resource] ?? {};
  return (
    <ResourceContextProvider value={resource}>
      <Routes>
        <Route index element={List ? <List /> : <SchemaList resource={resource} />} />
        <Route path="new" element={Create ? <Create /> : <SchemaCreate resource={resource} />} />
        <Route path=":id" element={Edit ? <Edit /> : <SchemaEdit resource={resource} />} />
        <Route path="*" element={<Navigate to={appPath(NOT_FOUND_PATH)} replace />} />
      </Routes>
    </ResourceContextProvider>
  );
}

/**
 * The screens of one entity under its route (spec, section 2): the list at `{route}/`, the create
 * form at `{route}/new/`, a record at `{route}/{id}/` and its own pages at `{route}/{id}/{name}/`.
 * Views come from the schema unless CUSTOM_VIEWS overrides them, or some of their inputs.
 */
import { useMemo } from 'react';
import { ResourceContextProvider } from 'react-admin';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../routing/paths.ts';
import { useAppPath } from '../routing/useAppPath.ts';
import { CUSTOM_VIEWS } from './customViews.ts';
import type { EntityViews } from './entityViews.ts';
import { SchemaCreate } from './SchemaCreate.tsx';
import { SchemaEdit } from './SchemaEdit.tsx';
import type { FieldOverrides } from './SchemaForm.tsx';
import { SchemaList } from './SchemaList.tsx';

function inputOverrides(inputs: EntityViews['inputs'] = {}): FieldOverrides {
  const overrides: FieldOverrides = {};
  for (const [name, Input] of Object.entries(inputs)) if (Input) overrides[name] = <Input key={name} source={name} />;
  return overrides;
}

export default function EntityRoutes({ resource }: { resource: string }) {
  const appPath = useAppPath();
  const { list: List, create: Create, edit: Edit, inputs, routes = {} } = CUSTOM_VIEWS[resource] ?? {};
  const fieldOverrides = useMemo(() => inputOverrides(inputs), [inputs]);
  return (
    <ResourceContextProvider value={resource}>
      <Routes>
        <Route index element={List ? <List /> : <SchemaList resource={resource} />} />
        <Route path="new" element={Create ? <Create fieldOverrides={fieldOverrides} /> : <SchemaCreate resource={resource} fieldOverrides={fieldOverrides} />} />
        <Route path=":id" element={Edit ? <Edit fieldOverrides={fieldOverrides} /> : <SchemaEdit resource={resource} fieldOverrides={fieldOverrides} />} />
        {Object.entries(routes).map(([name, Page]) => (
          <Route key={name} path={`:id/${name}`} element={<Page />} />
        ))}
        <Route path="*" element={<Navigate to={appPath(NOT_FOUND_PATH)} replace />} />
      </Routes>
    </ResourceContextProvider>
  );
}

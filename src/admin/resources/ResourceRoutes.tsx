/** The resource wizard under data/datasets/{id}/resources/: new/ (?role=main|annex) and {resourceId}/. */
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../routing/paths.ts';
import { useAppPath } from '../routing/useAppPath.ts';

const ResourceWizard = lazy(() => import('./ResourceWizard.tsx'));

export default function ResourceRoutes() {
  const appPath = useAppPath();
  return (
    <Routes>
      <Route path="new" element={<ResourceWizard key="new" />} />
      <Route path=":resourceId" element={<ResourceWizard />} />
      <Route path="*" element={<Navigate to={appPath(NOT_FOUND_PATH)} replace />} />
    </Routes>
  );
}

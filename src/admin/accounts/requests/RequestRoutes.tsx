import { Navigate, Route, Routes } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../../routing/paths.ts';
import { useAppPath } from '../../routing/useAppPath.ts';

export default function RequestRoutes() {
  const appPath = useAppPath();
  return (
    <Routes>
      <Route path="*" element={<Navigate to={appPath(NOT_FOUND_PATH)} replace />} />
    </Routes>
  );
}

/** The task screens under data/tasks/: the list, and a task at {id}/. */
import { lazy } from 'react';
import { ResourceContextProvider } from 'react-admin';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../routing/paths.ts';
import { useAppPath } from '../routing/useAppPath.ts';
import { TASKS_RESOURCE } from './tasksApi.ts';

const TaskList = lazy(() => import('./TaskList.tsx'));
const TaskDetail = lazy(() => import('./TaskDetail.tsx'));

export default function TaskRoutes() {
  const appPath = useAppPath();
  return (
    <ResourceContextProvider value={TASKS_RESOURCE}>
      <Routes>
        <Route index element={<TaskList />} />
        <Route path=":id" element={<TaskDetail />} />
        <Route path="*" element={<Navigate to={appPath(NOT_FOUND_PATH)} replace />} />
      </Routes>
    </ResourceContextProvider>
  );
}

/**
 * accounts/indexer/{indexerId}/: an indexer named by its id alone (the object of a harvest task),
 * sent on to its page under its group, which the indexer itself tells.
 */
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router-dom';
import { errorStatus } from '../http/errors.ts';
import { NotFound } from '../pages/NotFoundPage.tsx';
import { ACCESS_DENIED_PATH } from '../routing/paths.ts';
import { useAppPath } from '../routing/useAppPath.ts';
import { indexerPaths } from './indexerPaths.ts';
import { indexersApi } from './indexersApi.ts';

export default function IndexerAddress() {
  const id = Number(useParams().indexerId);
  const appPath = useAppPath();
  // The page's own query: the indexer read here is not read again there.
  const { data, error } = useQuery({ queryKey: ['indexers', 'one', id], queryFn: ({ signal }) => indexersApi.get(id, signal), enabled: Number.isInteger(id) });
  if (!Number.isInteger(id) || errorStatus(error) === 404) return <NotFound />;
  if (errorStatus(error) === 403) return <Navigate to={appPath(ACCESS_DENIED_PATH)} replace />;
  if (!data) return null;
  return <Navigate to={appPath(indexerPaths.edit(data.usergroup, id))} replace />;
}

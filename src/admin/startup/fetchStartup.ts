/**
 * Start-up data (spec, section 4): the runtime configuration and the signed-in user first,
 * then the lookup lists and the availability of the datastores, in parallel: HEAD on
 * datastores/databases/ of the data pusher and of the geospatial service (spec, section 7), once.
 * The availability is asked only for a user who may reach the data (the server refuses the others).
 * Whether a map server is configured is not asked here: `resource/kinds/` says it (geoserver),
 * so no page asks the map server itself, nor logs its 503 when there is none.
 */
import { canAccessData } from '../../../schemas/access.ts';
import type { Locale } from '../../../schemas/constants.ts';
import { fetchCurrentUser } from '../auth/session.ts';
import { loadRuntimeConfig } from '../config/runtimeConfig.ts';
import type { HttpClient } from '../http/client.ts';
import { isTermsRequired } from '../http/errors.ts';
import type { StartupData, Choice, DataFormat } from './types.ts';

/** The lookup lists may be withheld from some users: an error gives an empty list. */
async function listOrEmpty<T>(http: HttpClient, path: string, signal?: AbortSignal): Promise<T[]> {
  try {
    const { json } = await http.request<T[] | { results: T[] }>(path, { signal });
    return Array.isArray(json) ? json : (json?.results ?? []);
  } catch (error) {
    if (isTermsRequired(error)) throw error;
    return [];
  }
}

/** HEAD on a datastore: 200 means available, anything else (or no answer) means not. */
async function isAvailable(http: HttpClient, path: string, signal?: AbortSignal): Promise<boolean> {
  try {
    const { status } = await http.request(path, { method: 'HEAD', signal });
    return status === 200;
  } catch {
    return false;
  }
}

export async function fetchStartup(http: HttpClient, locale: Locale, signal?: AbortSignal): Promise<StartupData> {
  const [config, user] = await Promise.all([loadRuntimeConfig(), fetchCurrentUser(http, signal)]);
  const base = {
    locale,
    config,
    user,
    userStatuses: [] as Choice[],
    usergroupStatuses: [] as Choice[],
    roles: [] as Choice[],
    dataFormats: [] as DataFormat[],
    datastoreAvailable: false,
    geospatialAvailable: false,
  };
  if (!user) return base;
  const dataUser = canAccessData(user);
  const [userStatuses, usergroupStatuses, roles, dataFormats, datastoreAvailable, geospatialAvailable] =
    await Promise.all([
      listOrEmpty<Choice>(http, 'usergroup/user-status', signal),
      listOrEmpty<Choice>(http, 'usergroup/user-group-status', signal),
      listOrEmpty<Choice>(http, 'usergroup/user-group-roles', signal),
      listOrEmpty<DataFormat>(http, 'resource/data-format', signal),
      dataUser && isAvailable(http, 'datapusher/datastores/databases', signal),
      dataUser && isAvailable(http, 'geospatial/datastores/databases', signal),
    ]);
  return { ...base, userStatuses, usergroupStatuses, roles, dataFormats, datastoreAvailable, geospatialAvailable };
}

/**
 * The dataset permission calls that are not a plain list (spec, section 7): the bulk level
 * change of `usergroup-permission-actions/`, and `datasets/{id}/access/`, which says who reaches
 * a dataset and why, for every group or for one user. Every call goes through the HTTP client.
 */
import { PERMISSION_LEVEL, type UsergroupType } from '../../../../schemas/constants.ts';
import { httpClient, type HttpClient } from '../../http/client.ts';

export type PermissionLevel = (typeof PERMISSION_LEVEL)[keyof typeof PERMISSION_LEVEL];
export type PermissionLevelName = keyof typeof PERMISSION_LEVEL;

const LEVEL_NAMES = Object.fromEntries(Object.entries(PERMISSION_LEVEL).map(([name, level]) => [level, name])) as Record<
  PermissionLevel,
  PermissionLevelName
>;

/** Catalogue key of a level's name (`…levels.download`). */
export const levelLabel = (level: number) => `resources.dataset-permissions.levels.${LEVEL_NAMES[level as PermissionLevel] ?? 'private'}`;

/** Levels from the highest down, as the access panel lists them. */
export const LEVELS_DOWN = (Object.values(PERMISSION_LEVEL) as PermissionLevel[]).sort((a, b) => b - a);

/** A row of `usergroup-permissions/`: one group and its special permission on the dataset. */
export interface UsergroupPermission {
  id: number;
  dataset_id: number;
  usergroup_id: number;
  display_name: string;
  usergroup_type: UsergroupType;
  organisation_type: number | null;
  organisation_type_label: string;
  /** The special permission: what the bulk actions change. */
  level: PermissionLevel;
  /** What the group can actually do, and why (the default level among the reasons when it allows searching). */
  effective_level: PermissionLevel;
  effective_reasons: GroupReason[];
}

interface NamedGroup {
  id: number;
  display_name: string;
}

/** Why a group reaches the dataset: it owns it, has a special permission, is in a sphere that has one, or everyone does. */
export interface GroupReason {
  via: 'owner' | 'special' | 'sphere' | 'default';
  level: PermissionLevel;
  /** The sphere, for 'sphere'. */
  through: NamedGroup | null;
}

export interface GroupAccess {
  usergroup: NamedGroup & { usergroup_type: UsergroupType };
  level: PermissionLevel;
  reasons: GroupReason[];
}

export interface DatasetAccess {
  dataset_id: number;
  default_permission_level: PermissionLevel;
  groups: GroupAccess[];
}

/** Why a user reaches the dataset. */
export interface UserReason {
  via: 'superuser' | 'owner' | 'default' | 'special' | 'sphere';
  level: PermissionLevel;
  /** The user's group the reason goes through (owner, special, sphere). */
  usergroup: NamedGroup | null;
  /** The sphere holding that group, for 'sphere'. */
  through: NamedGroup | null;
}

export interface UserAccess {
  user: { id: number; username: string; first_name: string; last_name: string };
  level: PermissionLevel;
  visible: boolean;
  editable: boolean;
  reasons: UserReason[];
}

/** The react-admin resource of the permissions table (`dataset/usergroup-permissions/`). */
export const PERMISSIONS_RESOURCE = 'dataset-permissions';

const accessPath = (datasetId: number) => `dataset/datasets/${datasetId}/access`;

export function createPermissionsApi(http: HttpClient = httpClient) {
  return {
    /** Gives the groups this level on the dataset (private removes their rights). */
    setLevel: (datasetId: number, level: PermissionLevelName, usergroupIds: number[]) =>
      http.request<{ updated: number }>('dataset/usergroup-permission-actions', {
        method: 'PUT',
        query: { action: `set_permission_level_${level}` },
        body: { dataset_id: datasetId, usergroup_ids: usergroupIds },
      }),

    async access(datasetId: number, signal?: AbortSignal): Promise<DatasetAccess> {
      const { json } = await http.request<DatasetAccess>(accessPath(datasetId), { signal });
      return json;
    },

    /** Whether one user, given by username or e-mail address, reaches the dataset; 400 on `user` otherwise. */
    async userAccess(datasetId: number, user: string, signal?: AbortSignal): Promise<UserAccess> {
      const { json } = await http.request<UserAccess>(accessPath(datasetId), { query: { user }, signal });
      return json;
    },
  };
}

export const permissionsApi = createPermissionsApi();

/**
 * The accounts calls that are not plain entity CRUD (spec, section 7): members of a group,
 * parent and child links, thumbnails, the convention and its agreement, pending attachments and
 * the user's own invitations.
 * Every call goes through the HTTP client.
 */
import { PAGE_SIZE, STATUS, type Role, type Status, type UsergroupType } from '../../../schemas/constants.ts';
import { httpClient, type HttpClient } from '../http/client.ts';
import type { Page } from '../providers/dataProvider.ts';

export interface MemberUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  /** Absent while the person has not accepted a membership a delegated administrator gave them. */
  email?: string;
}

/** A member of a group (`user-groups/{id}/members/`). */
export interface Member {
  user: MemberUser;
  user_id: number;
  role: Role;
  status: Status;
  date_joined: string;
}

/** A membership across groups (`group-members/`). */
export interface GroupMembership {
  id: number;
  user: number;
  user_detail: MemberUser;
  usergroup: number;
  usergroup_detail: { id: number; display_name: string; usergroup_type: UsergroupType; status: number };
  role: Role;
  status: Status;
  date_joined: string;
}

export interface LinkedGroup {
  id: number;
  display_name: string;
  usergroup_type?: UsergroupType;
}

export type Relation = 'parents' | 'children';

const groupPath = (groupId: number) => `usergroup/user-groups/${groupId}`;
const membersPath = (groupId: number) => `${groupPath(groupId)}/members`;

/** A page of any list answer (a few endpoints answer a plain array). */
function asPage<T>(json: Page<T> | T[]): Page<T> {
  return Array.isArray(json) ? { count: json.length, next: null, previous: null, results: json } : json;
}

export function createAccountsApi(http: HttpClient = httpClient) {
  /** The user's own memberships of one status, the latest first. */
  async function ownMemberships(userId: number, status: Status, signal?: AbortSignal): Promise<Page<GroupMembership>> {
    const { json } = await http.request<Page<GroupMembership>>('usergroup/group-members', {
      query: { user: userId, status__in: String(status), ordering: '-date_joined', page_size: PAGE_SIZE },
      signal,
    });
    return asPage(json);
  }
  return {
    async members(groupId: number, page = 1, signal?: AbortSignal): Promise<Page<Member>> {
      const { json } = await http.request<Page<Member>>(membersPath(groupId), {
        query: { page, page_size: PAGE_SIZE },
        signal,
      });
      return asPage(json);
    },
    /** Adds a user by id, or (delegated administrators) by the exact username or e-mail of the account. */
    addMember: (groupId: number, member: ({ user_id: number } | { account: string }) & { role: Role; status: Status }) =>
      http.request<Member>(`${membersPath(groupId)}/`, { method: 'POST', body: member }),
    updateMember: (groupId: number, userId: number, changes: { role?: Role; status?: Status }) =>
      http.request<Member>(`${membersPath(groupId)}/${userId}`, { method: 'PUT', body: changes }),
    removeMember: (groupId: number, userId: number) => http.request(`${membersPath(groupId)}/${userId}`, { method: 'DELETE' }),

    async linked(groupId: number, relation: Relation, signal?: AbortSignal): Promise<Page<LinkedGroup>> {
      const { json } = await http.request<Page<LinkedGroup>>(`${groupPath(groupId)}/${relation}`, { query: { page_size: 100 }, signal });
      return asPage(json);
    },
    link: (groupId: number, relation: Relation, otherId: number) =>
      http.request(`${groupPath(groupId)}/${relation}`, {
        method: 'POST',
        body: relation === 'parents' ? { parent_id: otherId } : { child_id: otherId },
      }),
    unlink: (groupId: number, relation: Relation, otherId: number) =>
      http.request(`${groupPath(groupId)}/${relation}/${otherId}`, { method: 'DELETE' }),

    uploadThumbnail: (groupId: number, file: File) => upload(http, `${groupPath(groupId)}/thumbnail`, file),
    uploadConvention: (organisationId: number, file: File) => upload(http, `organisation/organisations/${organisationId}/convention`, file),
    setAgreement: (organisationId: number, signed: boolean) =>
      http.request(`organisation/organisations/${organisationId}/agreement`, { method: 'PUT', body: { convention_signed: signed } }),

    async pendingAttachments(signal?: AbortSignal): Promise<Page<GroupMembership>> {
      const { json } = await http.request<Page<GroupMembership>>('usergroup/group-members', {
        query: { ordering: '-user__date_joined', status__in: '0,1', page_size: PAGE_SIZE },
        signal,
      });
      return asPage(json);
    },
    /** The user's own requests to join groups, waiting for a delegated administrator (status 1). */
    myRequests: (userId: number, signal?: AbortSignal) => ownMemberships(userId, STATUS.pendingValidation, signal),
    /** The user's own memberships waiting for their word (status 0). */
    invitations: (userId: number, signal?: AbortSignal) => ownMemberships(userId, STATUS.pendingVerification, signal),
    acceptInvitation: (membershipId: number) => http.request<GroupMembership>(`usergroup/group-members/${membershipId}/accept`, { method: 'POST', body: {} }),
    declineInvitation: (membershipId: number) => http.request(`usergroup/group-members/${membershipId}/decline`, { method: 'POST', body: {} }),
  };
}

function upload(http: HttpClient, path: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return http.request(path, { method: 'PUT', body });
}

export const accountsApi = createAccountsApi();

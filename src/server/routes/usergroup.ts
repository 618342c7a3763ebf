/**
 * Usergroup API (/{locale}/usergroup/), one module per entity in usergroup/: start-up lists,
 * users, user groups and spheres (with their thumbnails, members and links), and membership
 * requests across groups. Who may do what: schemas/access.ts.
 */
import type { FastifyInstance } from 'fastify';
import { registerMembershipRequests } from './usergroup/membership-requests.ts';
import { registerStartupLists } from './usergroup/startup.ts';
import { registerUserGroups } from './usergroup/user-groups.ts';
import { registerUsers } from './usergroup/users.ts';

export default async function usergroupRoutes(app: FastifyInstance) {
  registerStartupLists(app);
  registerUsers(app);
  registerUserGroups(app);
  registerMembershipRequests(app);
}

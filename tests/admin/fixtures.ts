/** Users at every role and a runtime configuration, as the platform server answers them. */
import type { CurrentUser } from '../../src/admin/auth/session.ts';
import type { RuntimeConfig } from '../../src/admin/config/runtimeConfig.ts';
import type { Role } from '../../schemas/constants.ts';

function user(id: number, username: string, extra: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id,
    username,
    first_name: username[0].toUpperCase() + username.slice(1),
    last_name: 'Martin',
    email: `${username}@example.org`,
    is_superuser: false,
    usergroup_roles: [],
    terms_accepted: true,
    ...extra,
  };
}

const withRole = (role: Role) => [
  { usergroup_id: 10, usergroup_name: 'Ville de Lyon', usergroup_type: 'organisation' as const, role },
];

export const USERS = {
  superuser: user(1, 'admin', { is_superuser: true }),
  role2: user(2, 'referent', { usergroup_roles: withRole(2) }),
  role1: user(3, 'editor', { usergroup_roles: withRole(1) }),
  role0: user(4, 'member', { usergroup_roles: withRole(0) }),
  noRole: user(5, 'newcomer'),
};

export const CONFIG: RuntimeConfig = {
  links: {
    login: '/{locale}/login/signin/',
    profile: '/{locale}/login/profile/',
    terms: '/{locale}/login/terms/',
    signout: '/{locale}/login/session/signout/',
    home: '/',
  },
  services: [
    { key: 'portal', url: 'https://data.example.org/', available: true, superusers: true },
    { key: 'contribution', url: 'https://contribute.example.org/', available: true, superusers: true },
    { key: 'maps', url: 'https://maps.example.org/', available: false, superusers: true },
    { key: 'statistics', url: 'https://stats.example.org/', available: false, superusers: false },
  ],
};

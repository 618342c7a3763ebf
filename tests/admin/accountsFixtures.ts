/** Accounts records as the platform server answers them, and msw handlers serving them. */
import { http, HttpResponse } from 'msw';

export const page = <T,>(results: T[], count = results.length) => ({ count, next: null, previous: null, results });

export const ORGANISATION_TYPES = [
  { id: 1, codename: 'commune', display_name: 'Commune' },
  { id: 2, codename: 'epci', display_name: 'Intercommunalité' },
];

export const ORGANISATIONS = [
  {
    id: 10,
    display_name: 'Ville de Lyon',
    organisation_type: 1,
    status: 2,
    additional_id: null,
    acronym: 'VDL',
    siret: null,
    website: 'https://lyon.fr',
    description: '',
    address: '',
    phone: null,
    jurisdiction: null,
    partnership: false,
    spheres: [],
    logo: null,
    convention_file: null,
    convention_signed: false,
    created_at: '2024-03-01T09:00:00Z',
    member_count: 3,
  },
];

export const USER_RECORDS = [
  {
    id: 7,
    username: 'jdupont',
    last_name: 'Dupont',
    first_name: 'Jeanne',
    email: 'jeanne.dupont@example.org',
    phone: '0102030405',
    id_comp: null,
    registration_reason: 'Publier les données de la ville',
    email_notifications: true,
    status: 2,
    is_superuser: false,
    organisation: 10,
    date_joined: '2025-01-15T10:00:00Z',
    last_login: '2025-11-20T08:30:00Z',
    usergroup_roles: [{ usergroup_id: 10, usergroup_name: 'Ville de Lyon', usergroup_type: 'organisation', role: 1 }],
  },
];

export const GROUPS = [
  { id: 20, display_name: 'Réseau vélo', description: '', status: 2, thumbnail: null, created_at: '2024-05-01T00:00:00Z', member_count: 1, usergroup_type: 'user-group', organisation_count: null },
];

/** A record's answer; none for an id not listed, so that a test's own handler (a record it made) answers it. */
const found = (record: object | undefined) => (record ? HttpResponse.json(record) : undefined);

/** Lists, items and lookups of the accounts API, each recording its requests. */
export function accountsHandlers(requests: Request[] = []) {
  const record = (request: Request) => {
    requests.push(request.clone());
  };
  return [
    http.get('/:locale/organisation/organisation-types/', ({ request }) => {
      record(request);
      return HttpResponse.json(page(ORGANISATION_TYPES));
    }),
    http.get('/:locale/organisation/organisations/', ({ request }) => {
      record(request);
      return HttpResponse.json(page(ORGANISATIONS));
    }),
    http.get('/:locale/organisation/organisations/:id/', ({ request, params }) => {
      record(request);
      return found(ORGANISATIONS.find((o) => String(o.id) === params.id));
    }),
    http.get('/:locale/usergroup/users/', ({ request }) => {
      record(request);
      return HttpResponse.json(page(USER_RECORDS));
    }),
    http.get('/:locale/usergroup/users/:id/', ({ request, params }) => {
      record(request);
      return found(USER_RECORDS.find((u) => String(u.id) === params.id));
    }),
    http.get('/:locale/usergroup/user-groups/', ({ request }) => {
      record(request);
      return HttpResponse.json(page(GROUPS));
    }),
    http.get('/:locale/usergroup/user-groups/:id/', ({ request, params }) => {
      record(request);
      return found(GROUPS.find((g) => String(g.id) === params.id));
    }),
    // A group's harvesters, listed under its page: none unless a test says otherwise.
    http.get('/:locale/indexer/remote-api-indexes/', () => HttpResponse.json(page([]))),
  ];
}

export const MEMBER = {
  user: { id: 8, username: 'pdurand', first_name: 'Paul', last_name: 'Durand', email: 'paul.durand@example.org' },
  user_id: 8,
  role: 0,
  status: 2,
  date_joined: '2025-02-01T10:00:00Z',
};

export const PENDING_ATTACHMENT = {
  id: 31,
  user: 8,
  user_detail: MEMBER.user,
  usergroup: 10,
  usergroup_type: 'organisation',
  usergroup_detail: { id: 10, display_name: 'Ville de Lyon', usergroup_type: 'organisation' },
  role: 0,
  status: 1,
  date_joined: '2025-11-20T10:00:00Z',
};

/** A write seen by the fake server. */
export interface Write {
  method: string;
  path: string;
  search: string;
  body: unknown;
  contentType: string | null;
}

/** Records writes (body parsed as JSON or multipart) and answers with `answer`. */
export async function recordWrite(writes: Write[], request: Request): Promise<Write> {
  const url = new URL(request.url);
  const contentType = request.headers.get('content-type');
  let body: unknown = null;
  if (contentType?.startsWith('multipart/form-data')) body = await request.formData();
  else {
    const text = await request.text();
    body = text ? JSON.parse(text) : null;
  }
  const write = { method: request.method, path: url.pathname, search: url.search, body, contentType };
  writes.push(write);
  return write;
}

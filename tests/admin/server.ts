/**
 * A fake platform server (msw) answering the calls of the contract: config, login, start-up
 * lists, datastore availability and the task queue. Tests change who is signed in with
 * `signInAs()` and override single calls with `server.use()`.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CurrentUser } from '../../src/admin/auth/session.ts';
import { CONFIG } from './fixtures.ts';

let signedIn: CurrentUser | null = null;

export function signInAs(user: CurrentUser | null): void {
  signedIn = user;
}

const requireUser = () =>
  signedIn ? null : HttpResponse.json({ detail: "Informations d'authentification non fournies." }, { status: 401 });

export const handlers = [
  http.get('/publish/config.json', () => HttpResponse.json(CONFIG)),
  http.get('/:locale/login/', () => requireUser() ?? HttpResponse.json(signedIn)),
  http.get('/:locale/login/session/', () =>
    HttpResponse.json({ is_authenticated: !!signedIn, username: signedIn?.username ?? null }),
  ),
  http.get('/:locale/usergroup/user-status/', () =>
    requireUser() ??
    HttpResponse.json([
      { id: 0, label: 'En attente de vérification' },
      { id: 1, label: 'En attente de validation' },
      { id: 2, label: 'Actif' },
    ]),
  ),
  http.get('/:locale/usergroup/user-group-status/', () =>
    requireUser() ??
    HttpResponse.json([
      { id: 0, label: 'En attente de vérification' },
      { id: 1, label: 'En attente de validation' },
      { id: 2, label: 'Actif' },
    ]),
  ),
  http.get('/:locale/usergroup/user-group-roles/', () =>
    requireUser() ??
    HttpResponse.json([
      { id: 0, label: 'Membre' },
      { id: 1, label: 'Éditeur' },
      { id: 2, label: 'Administrateur délégué' },
    ]),
  ),
  http.get('/:locale/resource/data-format/', () =>
    requireUser() ??
    HttpResponse.json([
      { id: 1, codename: 'csv', display_name: 'CSV', extensions: ['csv'], mimetypes: ['text/csv'], is_structured: true, is_geographic: false },
    ]),
  ),
  http.head('/:locale/datapusher/datastores/databases/', () => new HttpResponse(null, { status: 200 })),
  http.head('/:locale/geospatial/datastores/databases/', () => new HttpResponse(null, { status: 200 })),
  // Accounts lists answer empty pages unless a test serves records.
  ...['usergroup/users', 'usergroup/user-groups', 'usergroup/group-members', 'organisation/organisations', 'organisation/organisation-types', 'organisation/jurisdictions', 'dataset/contacts'].map(
    (path) => http.get(`/:locale/${path}/`, () => requireUser() ?? HttpResponse.json({ count: 0, next: null, previous: null, results: [] })),
  ),
  http.get('/:locale/dashboard/task-queue-track/', () =>
    requireUser() ?? HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
  ),
  // The datasets' quality summary is for administrators: others get 403 (and the Data page shows nothing of it).
  http.get('/:locale/dataset/quality-summary/', () =>
    requireUser() ??
    (signedIn?.is_superuser
      ? HttpResponse.json({ total: 0, ratings: { excellent: 0, good: 0, sufficient: 0, bad: 0, unrated: 0 }, missing: [], trend: [] })
      : HttpResponse.json({ detail: "Vous n'avez pas la permission d'effectuer cette action." }, { status: 403 }))),
  // A dataset's page lists its resources: none unless a test serves some.
  http.get('/:locale/resource/resource-dataset/', () =>
    requireUser() ?? HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
  ),
  // And its contacts (which its quality panel follows too).
  http.get('/:locale/dataset/datasets/:id/contact-roles/', () =>
    requireUser() ?? HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
  ),
];

export const server = setupServer(...handlers);

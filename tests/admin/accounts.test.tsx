import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { accountsHandlers, GROUPS, MEMBER, ORGANISATIONS, page, PENDING_ATTACHMENT, recordWrite, USER_RECORDS, type Write } from './accountsFixtures.ts';
import { USERS } from './fixtures.ts';
import { expectPath, renderApp } from './renderApp.tsx';
import { server } from './server.ts';

const LONG = { timeout: 10_000 };

/** A superuser changes Jeanne's first name and saves it as the session has ended: the browser leaves for the sign-in page. */
async function saveIntoEndedSession() {
    server.use(
      ...accountsHandlers(),
      http.put('/:locale/usergroup/users/:id/', () => HttpResponse.json({ detail: "Informations d'authentification non fournies." }, { status: 401 })),
    );
    const user = userEvent.setup();
    const first = renderApp('/publish/fr/accounts/users/7/', USERS.superuser);
    const firstName = await screen.findByLabelText(/^Prénom/, {}, LONG);
    await waitFor(() => expect(firstName).toHaveValue('Jeanne'));
    await user.clear(firstName);
    await user.type(firstName, 'Jeanne-Marie');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(first.assign).toHaveBeenCalledWith(expect.stringContaining('/fr/login/signin/')));
    first.unmount();
}

describe('accounts screens', { timeout: 30_000 }, () => {
  it('opens a user from the list, saves the changed fields with a PUT, says so and goes back to the list', async () => {
    const writes: Write[] = [];
    server.use(
      ...accountsHandlers(),
      http.put('/:locale/usergroup/users/:id/', async ({ request }) => {
        const write = await recordWrite(writes, request);
        return HttpResponse.json({ ...USER_RECORDS[0], ...(write.body as object) });
      }),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/users/', USERS.superuser);
    await user.click(await screen.findByText('Dupont', {}, LONG));
    await expectPath('/publish/fr/accounts/users/7/');
    const firstName = await screen.findByLabelText(/^Prénom/, {}, LONG);
    await waitFor(() => expect(firstName).toHaveValue('Jeanne'));
    await user.clear(firstName);
    await user.type(firstName, 'Jeanne-Marie');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Utilisateur mis à jour', {}, LONG)).toBeInTheDocument();
    await expectPath('/publish/fr/accounts/users/');
    expect(writes).toHaveLength(1);
    expect(writes[0].path).toBe('/fr/usergroup/users/7/');
    const body = writes[0].body as Record<string, unknown>;
    expect(body.first_name).toBe('Jeanne-Marie');
    // Read-only and write-only fields are not sent.
    expect(body).not.toHaveProperty('date_joined');
    expect(body).not.toHaveProperty('usergroup_roles');
    expect(body).not.toHaveProperty('password');
  });

  it("offers a superuser no Delete for their own account, which the server refuses, in the list or on its page", async () => {
    const self = { ...USER_RECORDS[0], id: USERS.superuser.id, username: 'admin', last_name: 'Martin', first_name: 'Alice', is_superuser: true };
    server.use(
      http.get('/:locale/usergroup/users/', () => HttpResponse.json(page([...USER_RECORDS, self]))),
      http.get('/:locale/usergroup/users/:id/', ({ params }) => HttpResponse.json([...USER_RECORDS, self].find((u) => String(u.id) === params.id))),
      ...accountsHandlers(),
    );
    const { unmount } = renderApp('/publish/fr/accounts/users/', USERS.superuser);
    const rowOf = async (name: string) => (await screen.findByText(name, {}, LONG)).closest('tr')!;
    expect(within(await rowOf('Dupont')).getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
    expect(within(await rowOf('Martin')).queryByRole('button', { name: 'Supprimer' })).toBeNull();
    unmount();
    renderApp(`/publish/fr/accounts/users/${USERS.superuser.id}/`, USERS.superuser);
    await waitFor(() => expect(screen.getByLabelText(/^Prénom/)).toHaveValue('Alice'), LONG);
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer' })).toBeNull();
  });

  it('keeps the unsaved changes of a form whose save found the session ended, for after the new sign-in', async () => {
    await saveIntoEndedSession();
    // Back from the sign-in page: the page loads anew, with what the form held.
    renderApp('/publish/fr/accounts/users/7/', USERS.superuser);
    await waitFor(async () => expect(await screen.findByLabelText(/^Prénom/, {}, LONG)).toHaveValue('Jeanne-Marie'), LONG);
    expect(screen.getByLabelText(/^Nom d'utilisateur/)).toHaveValue(USER_RECORDS[0].username);
    expect(window.sessionStorage.getItem('publish.keptFormValues')).toBeNull();
  });

  it('gives the unsaved changes kept over a new sign-in back to the person who typed them only', async () => {
    await saveIntoEndedSession();
    // Another superuser signs in at that browser: the record as stored, and nothing kept for later.
    renderApp('/publish/fr/accounts/users/7/', { ...USERS.superuser, id: USERS.superuser.id + 1000, username: 'autre.admin' });
    await waitFor(async () => expect(await screen.findByLabelText(/^Prénom/, {}, LONG)).toHaveValue('Jeanne'), LONG);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText(/^Prénom/)).toHaveValue('Jeanne');
    expect(window.sessionStorage.getItem('publish.keptFormValues')).toBeNull();
  });

  it("shows the server's field message under the field", async () => {
    server.use(
      ...accountsHandlers(),
      http.put('/:locale/usergroup/users/:id/', () =>
        HttpResponse.json({ email: ['Cette adresse est déjà utilisée.'] }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/users/7/', USERS.superuser);
    const email = await screen.findByLabelText(/^Adresse e-mail/, {}, LONG);
    await waitFor(() => expect(email).toHaveValue('jeanne.dupont@example.org'));
    await user.clear(email);
    await user.type(email, 'autre@example.org');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Cette adresse est déjà utilisée\./));
    await expectPath('/publish/fr/accounts/users/7/');
  });

  for (const [locale, message] of [
    ['fr', 'Ce champ est obligatoire.'],
    ['en', 'This field is required.'],
  ] as const) {
    it(`asks for the required fields in ${locale} before sending anything`, async () => {
      let posted = false;
      server.use(
        ...accountsHandlers(),
        http.post('/:locale/usergroup/users/', () => {
          posted = true;
          return HttpResponse.json({}, { status: 201 });
        }),
      );
      const user = userEvent.setup();
      renderApp(`/publish/${locale}/accounts/users/new/`, USERS.superuser);
      await user.click(await screen.findByRole('button', { name: locale === 'fr' ? 'Enregistrer' : 'Save' }, LONG));
      // username, last name, first name and email.
      await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(4));
      expect(posted).toBe(false);
    });
  }

  it('shows the strength of the password as it is typed and refuses a weak one with the rule, before sending anything', async () => {
    let posted: unknown = null;
    server.use(
      ...accountsHandlers(),
      http.post('/:locale/usergroup/users/', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ ...USER_RECORDS[0], id: 99 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/publish/en/accounts/users/new/', USERS.superuser);
    const username = await screen.findByLabelText(/^Username/, {}, LONG);
    // The schema's messages, not the browser's own validation bubbles.
    expect(username.closest('form')).toHaveAttribute('novalidate');
    await user.type(username, 'claire.dupuis');
    await user.type(screen.getByLabelText(/^Last name/), 'Dupuis');
    await user.type(screen.getByLabelText(/^First name/), 'Claire');
    await user.type(screen.getByLabelText(/^Email address/), 'claire@example.org');
    const password = () => screen.getByLabelText(/^Password/);
    await user.type(password(), 'password2026');
    expect(await screen.findByText('Strength: not enough', {}, LONG)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^This password is too easy to guess: use 12 to 128 characters/, {}, LONG)).toBeInTheDocument();
    expect(posted).toBeNull();
    await user.clear(password());
    await user.type(password(), 'Tramway orage cèdre 47');
    expect(await screen.findByText('Strength: very good', {}, LONG)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toMatchObject({ username: 'claire.dupuis', password: 'Tramway orage cèdre 47' }), LONG);
  });

  it('creates a user group in English with its type, says so and opens it', async () => {
    const writes: Write[] = [];
    const created = { ...GROUPS[0], id: 21, display_name: 'Cycling network' };
    server.use(
      ...accountsHandlers(),
      http.post('/:locale/usergroup/user-groups/', async ({ request }) => {
        await recordWrite(writes, request);
        return HttpResponse.json(created, { status: 201 });
      }),
      http.get('/:locale/usergroup/user-groups/21/', () => HttpResponse.json(created)),
      http.get('/:locale/usergroup/user-groups/21/members/', () => HttpResponse.json(page([]))),
      http.get('/:locale/usergroup/user-groups/21/:relation/', () => HttpResponse.json(page([]))),
    );
    const user = userEvent.setup();
    renderApp('/publish/en/accounts/groups/new/', USERS.superuser);
    await user.type(await screen.findByLabelText(/^Group/, {}, LONG), 'Cycling network');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User group created', {}, LONG)).toBeInTheDocument();
    await expectPath('/publish/en/accounts/groups/21/');
    expect(writes[0].path).toBe('/en/usergroup/user-groups/');
    expect(writes[0].body).toMatchObject({ display_name: 'Cycling network', usergroup_type: 'user-group', status: 2 });
  });

  it('sends one creation for a double click on Save, the button busy until the answer comes', async () => {
    const writes: Write[] = [];
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const created = { ...GROUPS[0], id: 22, display_name: 'Double click' };
    server.use(
      ...accountsHandlers(),
      http.post('/:locale/usergroup/user-groups/', async ({ request }) => {
        await recordWrite(writes, request);
        await answered;
        return HttpResponse.json(created, { status: 201 });
      }),
      http.get('/:locale/usergroup/user-groups/22/', () => HttpResponse.json(created)),
      http.get('/:locale/usergroup/user-groups/22/members/', () => HttpResponse.json(page([]))),
      http.get('/:locale/usergroup/user-groups/22/:relation/', () => HttpResponse.json(page([]))),
    );
    const user = userEvent.setup();
    renderApp('/publish/en/accounts/groups/new/', USERS.superuser);
    await user.type(await screen.findByLabelText(/^Group/, {}, LONG), 'Double click');
    const save = screen.getByRole('button', { name: 'Save' });
    await user.dblClick(save);
    await waitFor(() => expect(save).toBeDisabled());
    await user.keyboard('{Enter}');
    expect(writes).toHaveLength(1);
    answer();
    expect(await screen.findByText('User group created', {}, LONG)).toBeInTheDocument();
    expect(writes).toHaveLength(1);
  });

  it('deletes a user from the list after confirmation and says so', async () => {
    const deleted: string[] = [];
    server.use(
      ...accountsHandlers(),
      http.delete('/:locale/usergroup/users/:id/', ({ request }) => {
        deleted.push(new URL(request.url).pathname);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/publish/en/accounts/users/', USERS.superuser);
    const row = (await screen.findByText('Dupont', {}, LONG)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User deleted', {}, LONG)).toBeInTheDocument();
    expect(deleted).toEqual(['/en/usergroup/users/7/']);
    await expectPath('/publish/en/accounts/users/');
  });

  it('filters organisations on one type at a time', async () => {
    const requests: Request[] = [];
    server.use(...accountsHandlers(requests));
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/organisations/', USERS.superuser);
    await screen.findByText('Ville de Lyon', {}, LONG);
    const lists = () =>
      requests.map((request) => new URL(request.url)).filter((url) => url.pathname === '/fr/organisation/organisations/' && !url.searchParams.has('id__in'));
    expect(lists()[0].searchParams.get('status__in')).toBe('2');
    await user.click(screen.getByRole('combobox', { name: "Type d'organisation" }));
    await user.click(await screen.findByRole('option', { name: 'Commune' }));
    await waitFor(() => expect(lists().at(-1)!.searchParams.get('organisation_type')).toBe('1'));
    await user.click(screen.getByRole('combobox', { name: "Type d'organisation" }));
    await user.click(await screen.findByRole('option', { name: 'Intercommunalité' }));
    await waitFor(() => expect(lists().at(-1)!.searchParams.get('organisation_type')).toBe('2'));
    expect(lists().some((url) => url.searchParams.has('organisation_type__in'))).toBe(false);
  });

  it("uploads a logo as multipart, checks the type first and shows the server's refusal", async () => {
    const writes: Write[] = [];
    server.use(
      ...accountsHandlers(),
      http.put('/:locale/usergroup/user-groups/:id/thumbnail/', async ({ request }) => {
        await recordWrite(writes, request);
        return HttpResponse.json({ file: ["Le fichier n'est pas une image PNG ou JPEG valide."] }, { status: 400 });
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/publish/fr/accounts/organisations/10/', USERS.superuser);
    await screen.findByRole('button', { name: /Choisir une image/ }, LONG);
    const input = document.getElementById('organisations-logo-upload') as HTMLInputElement;

    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText("L'image doit être un fichier JPG ou PNG.")).toBeInTheDocument();
    expect(writes).toHaveLength(0);

    await user.upload(input, new File(['not really a png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText("Le fichier n'est pas une image PNG ou JPEG valide.", {}, LONG)).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    expect(writes[0].path).toBe('/fr/usergroup/user-groups/10/thumbnail/');
    expect(writes[0].contentType).toMatch(/^multipart\/form-data/);
    expect(((writes[0].body as FormData).get('file') as Blob).size).toBe('not really a png'.length);
  });

  it("manages a group's members: add, change the role, remove after confirmation", async () => {
    const writes: Write[] = [];
    // Before any search the platform offers its first accounts; a search answers later, with its matches only.
    const OTHER = { ...USER_RECORDS[0], id: 9, username: 'bmartin', last_name: 'Martin', first_name: 'Bruno', email: 'bruno.martin@example.org' };
    server.use(
      http.get('/:locale/usergroup/users/', async ({ request }) => {
        const search = new URL(request.url).searchParams.get('search');
        if (!search) return HttpResponse.json(page([OTHER, ...USER_RECORDS]));
        await delay(150);
        return HttpResponse.json(page([OTHER, ...USER_RECORDS].filter((u) => u.last_name.includes(search))));
      }),
      ...accountsHandlers(),
      http.get('/:locale/usergroup/user-groups/20/members/', () => HttpResponse.json(page([MEMBER]))),
      http.get('/:locale/usergroup/user-groups/20/:relation/', () => HttpResponse.json(page([]))),
      http.post('/:locale/usergroup/user-groups/20/members/', async ({ request }) => {
        await recordWrite(writes, request);
        return HttpResponse.json({ ...MEMBER, user_id: 7 }, { status: 201 });
      }),
      http.put('/:locale/usergroup/user-groups/20/members/:userId/', async ({ request }) => {
        await recordWrite(writes, request);
        return HttpResponse.json(MEMBER);
      }),
      http.delete('/:locale/usergroup/user-groups/20/members/:userId/', async ({ request }) => {
        await recordWrite(writes, request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/groups/20/', USERS.superuser);
    const members = await screen.findByRole('region', { name: 'Membres' }, LONG);
    await within(members).findByText('Paul Durand', {}, LONG);

    await user.click(within(members).getByRole('combobox', { name: 'Rôle de Paul Durand' }));
    await user.click(await screen.findByRole('option', { name: 'Administrateur délégué' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'PUT', path: '/fr/usergroup/user-groups/20/members/8/', body: { role: 2 } });
    expect(await screen.findByText('Membre mis à jour')).toBeInTheDocument();

    // The picker's own buttons speak the app's language, not MUI's English.
    expect(within(members).getByRole('button', { name: 'Ouvrir' })).toBeInTheDocument();
    await user.type(within(members).getByLabelText('Rechercher un utilisateur'), 'Dup');
    // Only the answer to "Dup" is offered, never the first accounts while it is on its way.
    expect(await screen.findByRole('option', { name: /Jeanne Dupont/ }, LONG)).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.click(screen.getByRole('option', { name: /Jeanne Dupont/ }));
    expect(within(members).getByLabelText('Rechercher un utilisateur')).toHaveValue('Jeanne Dupont (jeanne.dupont@example.org)');
    await user.click(within(members).getByRole('button', { name: 'Ajouter le membre' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({ method: 'POST', path: '/fr/usergroup/user-groups/20/members/', body: { user_id: 7, role: 0, status: 2 } });

    await user.click(within(members).getByRole('button', { name: 'Retirer Paul Durand' }));
    // The question names who is removed.
    expect(await screen.findByRole('dialog')).toHaveTextContent('Retirer Paul DurandÊtes-vous sûr de vouloir continuer ?');
    await user.click(await screen.findByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(writes).toHaveLength(3));
    expect(writes[2]).toMatchObject({ method: 'DELETE', path: '/fr/usergroup/user-groups/20/members/8/' });
    expect(await screen.findByText('Membre retiré')).toBeInTheDocument();
  });

  it('lets a delegated administrator add a member only by the exact username or e-mail of the account', async () => {
    const writes: Write[] = [];
    let usersSearched = false;
    const referent = {
      ...USERS.role2,
      usergroup_roles: [{ usergroup_id: 20, usergroup_name: 'Réseau vélo', usergroup_type: 'user-group' as const, role: 2 as const }],
    };
    server.use(
      ...accountsHandlers(),
      http.get('/:locale/usergroup/users/', () => {
        usersSearched = true;
        return HttpResponse.json(page([]));
      }),
      http.get('/:locale/usergroup/user-groups/20/members/', () => HttpResponse.json(page([MEMBER]))),
      http.get('/:locale/usergroup/user-groups/20/:relation/', () => HttpResponse.json(page([]))),
      http.post('/:locale/usergroup/user-groups/20/members/', async ({ request }) => {
        await recordWrite(writes, request);
        return writes.length === 1
          ? HttpResponse.json({ account: ["Aucun compte n'a ce nom d'utilisateur ou cette adresse e-mail."] }, { status: 400 })
          : HttpResponse.json({ ...MEMBER, user_id: 7 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/groups/20/', referent);
    const members = await screen.findByRole('region', { name: 'Membres' }, LONG);
    await within(members).findByText('Paul Durand', {}, LONG);
    expect(within(members).queryByLabelText('Rechercher un utilisateur')).toBeNull();
    const add = within(members).getByRole('button', { name: 'Ajouter le membre' });
    expect(add).toBeDisabled();

    const field = within(members).getByLabelText("Nom d'utilisateur ou e-mail du compte");
    await user.type(field, 'personne@example.org');
    await user.click(add);
    expect(await screen.findByText("Aucun compte n'a ce nom d'utilisateur ou cette adresse e-mail.", {}, LONG)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, ' jeanne.dupont@example.org ');
    await user.click(add);
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({
      method: 'POST', path: '/fr/usergroup/user-groups/20/members/', body: { account: 'jeanne.dupont@example.org', role: 0, status: 2 },
    });
    // A delegated administrator's addition waits for the person's word.
    expect(await screen.findByText('Membre ajouté : le rattachement sera actif quand la personne l’aura accepté')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue(''));
    expect(usersSearched).toBe(false);
  });

  it('shows a delegated administrator an addition awaiting the person: name only, no status to change, no accept', async () => {
    const referent = {
      ...USERS.role2,
      usergroup_roles: [
        { usergroup_id: 20, usergroup_name: 'Réseau vélo', usergroup_type: 'user-group' as const, role: 2 as const },
        { usergroup_id: 10, usergroup_name: 'Ville de Lyon', usergroup_type: 'organisation' as const, role: 2 as const },
      ],
    };
    const { email: _email, ...nameOnly } = MEMBER.user;
    const awaiting = { ...MEMBER, user: nameOnly, status: 0 };
    server.use(
      ...accountsHandlers(),
      http.get('/:locale/usergroup/user-groups/20/members/', () => HttpResponse.json(page([awaiting]))),
      http.get('/:locale/usergroup/user-groups/20/:relation/', () => HttpResponse.json(page([]))),
    );
    const view = renderApp('/publish/fr/accounts/groups/20/', referent);
    const members = await screen.findByRole('region', { name: 'Membres' }, LONG);
    await within(members).findByText('Paul Durand', {}, LONG);
    expect(within(members).getByText('En attente de l’acceptation de la personne')).toBeInTheDocument();
    expect(within(members).queryByLabelText('Statut de Paul Durand')).toBeNull();
    expect(within(members).getByLabelText('Rôle de Paul Durand')).toBeInTheDocument();
    view.unmount();

    server.use(http.get('/:locale/usergroup/group-members/', () => HttpResponse.json(page([{ ...PENDING_ATTACHMENT, user_detail: nameOnly, status: 0 }]))));
    renderApp('/publish/fr/accounts/', referent);
    await screen.findByText("Paul Durand a été ajouté(e) à Ville de Lyon et n'a pas encore accepté", {}, LONG);
    expect(screen.queryByRole('button', { name: 'Accepter la demande de Paul Durand' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Refuser la demande de Paul Durand' })).toBeInTheDocument();
  });

  it("lets a delegated administrator change a member's role from their organisation's page", async () => {
    const writes: Write[] = [];
    const referent = {
      ...USERS.role2,
      usergroup_roles: [{ usergroup_id: 10, usergroup_name: 'Ville de Lyon', usergroup_type: 'organisation' as const, role: 2 as const }],
    };
    server.use(
      ...accountsHandlers(),
      http.get('/:locale/usergroup/user-groups/10/members/', () => HttpResponse.json(page([MEMBER]))),
      http.put('/:locale/usergroup/user-groups/10/members/:userId/', async ({ request }) => {
        await recordWrite(writes, request);
        return HttpResponse.json({ ...MEMBER, role: 1 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/organisations/10/', referent);
    const members = await screen.findByRole('region', { name: 'Membres' }, LONG);
    await within(members).findByText('Paul Durand', {}, LONG);
    expect(within(members).getByLabelText("Nom d'utilisateur ou e-mail du compte")).toBeInTheDocument();

    await user.click(within(members).getByRole('combobox', { name: 'Rôle de Paul Durand' }));
    await user.click(await screen.findByRole('option', { name: 'Éditeur' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'PUT', path: '/fr/usergroup/user-groups/10/members/8/', body: { role: 1 } });
    expect(await screen.findByText('Membre mis à jour')).toBeInTheDocument();
  });

  it('shows a delegated administrator the spheres (a dash, the organisation in none) and the partnership they may not change', async () => {
    server.use(...accountsHandlers(), http.get('/:locale/usergroup/user-groups/10/members/', () => HttpResponse.json(page([MEMBER]))));
    renderApp('/publish/fr/accounts/organisations/10/', USERS.role2);
    await screen.findByRole('region', { name: 'Membres' }, LONG);
    // The field's label, then its value, in the read-only field.
    const spheres = (await screen.findByText('Sphères', {}, LONG)).closest('p')!.parentElement!;
    await waitFor(() => expect(spheres).toHaveTextContent(/^Sphères—$/));
    // The partnership with the platform is shown, not offered for change.
    expect(screen.getByText('Partenaire')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Partenaire' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Partenaire' })).toBeNull();
  });

  it("tells a delegated administrator who adds a role from a user's page that it waits for the person's acceptance", async () => {
    const writes: Write[] = [];
    const referent = {
      ...USERS.role2,
      usergroup_roles: [{ usergroup_id: 10, usergroup_name: 'Ville de Lyon', usergroup_type: 'organisation' as const, role: 2 as const }],
    };
    server.use(
      http.get('/:locale/usergroup/user-groups/', () => HttpResponse.json(page([{ ...GROUPS[0], id: 10, display_name: 'Ville de Lyon', usergroup_type: 'organisation' }]))),
      ...accountsHandlers(),
      http.post('/:locale/usergroup/user-groups/10/members/', async ({ request }) => {
        await recordWrite(writes, request);
        return HttpResponse.json({ ...MEMBER, user_id: 7, status: 0 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/users/7/', referent);
    const roles = await screen.findByRole('region', { name: 'Rôles dans les groupes' }, LONG);
    await user.click(within(roles).getByRole('combobox', { name: 'Rechercher un groupe' }));
    await user.click(await screen.findByRole('option', { name: 'Ville de Lyon' }, LONG));
    await user.click(within(roles).getByRole('button', { name: 'Ajouter le rôle' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(await screen.findByText('Membre ajouté : le rattachement sera actif quand la personne l’aura accepté', {}, LONG)).toBeInTheDocument();
  });

  it('names the type of each group asking to be created in the language of the page, not by its code', async () => {
    server.use(
      http.get('/:locale/usergroup/user-groups/', () =>
        HttpResponse.json(page([{ ...GROUPS[0], status: 1 }, { ...GROUPS[0], id: 21, display_name: 'Ville de Vienne', usergroup_type: 'organisation', status: 1 }])),
      ),
      ...accountsHandlers(),
    );
    renderApp('/publish/it/accounts/requests/groups/', USERS.superuser);
    const row = (await screen.findByText('Ville de Vienne', {}, LONG)).closest('tr')!;
    expect(within(row).getByText('Organizzazione')).toBeInTheDocument();
    expect(within(screen.getByText('Réseau vélo').closest('tr')!).getByText('Gruppo di utenti')).toBeInTheDocument();
    expect(screen.queryByText('organisation')).toBeNull();
  });

  it('accepts and refuses pending attachments from the overview', async () => {
    const writes: Write[] = [];
    const lists: URL[] = [];
    server.use(
      http.get('/:locale/usergroup/group-members/', ({ request }) => {
        lists.push(new URL(request.url));
        return HttpResponse.json(page([PENDING_ATTACHMENT]));
      }),
      http.put('/:locale/usergroup/user-groups/:id/members/:userId/', async ({ request }) => {
        await recordWrite(writes, request);
        return HttpResponse.json(MEMBER);
      }),
      http.delete('/:locale/usergroup/user-groups/:id/members/:userId/', async ({ request }) => {
        await recordWrite(writes, request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/', USERS.superuser);
    await screen.findByText('Paul Durand demande à rejoindre Ville de Lyon', {}, LONG);
    expect(lists[0].searchParams.get('ordering')).toBe('-user__date_joined');
    expect(lists[0].searchParams.get('status__in')).toBe('0,1');

    await user.click(screen.getByRole('button', { name: 'Accepter la demande de Paul Durand' }));
    // The question says whose request, and which decision.
    expect(await screen.findByRole('dialog')).toHaveTextContent('Accepter la demande de Paul DurandÊtes-vous sûr de vouloir continuer ?');
    await user.click(await screen.findByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Demande acceptée', {}, LONG)).toBeInTheDocument();
    expect(writes[0]).toMatchObject({ method: 'PUT', path: '/fr/usergroup/user-groups/10/members/8/', body: { status: 2 } });

    await user.click(await screen.findByRole('button', { name: 'Refuser la demande de Paul Durand' }, LONG));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Refuser la demande de Paul Durand');
    await user.click(await screen.findByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Demande refusée', {}, LONG)).toBeInTheDocument();
    expect(writes[1]).toMatchObject({ method: 'DELETE', path: '/fr/usergroup/user-groups/10/members/8/' });
  });
});

describe('contacts', { timeout: 30_000 }, () => {
  it("give a delegated administrator's new contact their group, chosen among the groups they write for", async () => {
    const writes: Write[] = [];
    const groupLists: URL[] = [];
    const referent = {
      ...USERS.role2,
      usergroup_roles: [
        { usergroup_id: 20, usergroup_name: 'Réseau vélo', usergroup_type: 'user-group' as const, role: 2 as const },
        { usergroup_id: 30, usergroup_name: 'Club photo', usergroup_type: 'user-group' as const, role: 0 as const },
      ],
    };
    server.use(
      http.get('/:locale/usergroup/user-groups/', ({ request }) => {
        groupLists.push(new URL(request.url));
        return HttpResponse.json(page(GROUPS));
      }),
      ...accountsHandlers(),
      http.post('/:locale/dataset/contacts/', async ({ request }) => {
        await recordWrite(writes, request);
        return HttpResponse.json({ id: 5, name: 'Service SIG', email: 'sig@example.org', phone: '', position: '', role: '', usergroup: 20 }, { status: 201 });
      }),
      http.get('/:locale/dataset/contacts/5/', () =>
        HttpResponse.json({ id: 5, name: 'Service SIG', email: 'sig@example.org', phone: '', position: '', role: '', usergroup: 20 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/contacts/new/', referent);
    await user.type(await screen.findByRole('textbox', { name: 'Nom' }, LONG), 'Service SIG');
    await user.type(screen.getByRole('textbox', { name: 'Adresse e-mail' }), 'sig@example.org');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Groupe' })).toHaveValue('Réseau vélo'), LONG);
    // Only the groups the administrator writes contacts for are offered.
    expect(groupLists.some((url) => url.searchParams.get('id__in') === '20')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(writes).toHaveLength(1), LONG);
    expect(writes[0]).toMatchObject({ method: 'POST', path: '/fr/dataset/contacts/', body: { name: 'Service SIG', email: 'sig@example.org', usergroup: 20 } });
  });
});

describe('a creation the server refuses (403)', { timeout: 30_000 }, () => {
  it('is said on the form, beside Save, which keeps what was typed', async () => {
    server.use(
      ...accountsHandlers(),
      http.post('/:locale/dataset/contacts/', () => HttpResponse.json({ detail: "Vous n'avez pas la permission d'effectuer cette action." }, { status: 403 })),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/contacts/new/', USERS.superuser);
    await user.type(await screen.findByRole('textbox', { name: 'Nom' }, LONG), 'Service SIG');
    await user.type(screen.getByRole('textbox', { name: 'Adresse e-mail' }), 'sig@example.org');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const notice = await screen.findByText(/^Vous ne pouvez pas enregistrer ces changements/, {}, LONG);
    expect(notice).toHaveTextContent("Vous n'avez pas la permission d'effectuer cette action. Vos droits sur cet enregistrement ont changé");
    await expectPath('/publish/fr/accounts/contacts/new/');
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveValue('Service SIG');
  });
});

describe('a failed save of a contact', { timeout: 30_000 }, () => {
  it.each([
    ['fr', 'Erreur lors de la mise à jour du contact', 'Enregistrer'],
    ['en', 'Error during update of contact', 'Save'],
    ['it', "Errore durante l'aggiornamento del contatto", 'Salva'],
  ] as const)("says 'Error during update of contact' above the server's reason (%s)", async (locale, message, save) => {
    const contact = { id: 5, name: 'Service SIG', email: 'sig@example.org', phone: '', position: '', role: '', usergroup: 20 };
    server.use(
      ...accountsHandlers(),
      http.get('/:locale/dataset/contacts/5/', () => HttpResponse.json(contact)),
      http.put('/:locale/dataset/contacts/5/', () => HttpResponse.json({ detail: 'Server down' }, { status: 500 })),
    );
    const user = userEvent.setup();
    renderApp(`/publish/${locale}/accounts/contacts/5/`, USERS.superuser);
    const name = await screen.findByDisplayValue('Service SIG', {}, LONG);
    await user.type(name, ' 2');
    await user.click(screen.getByRole('button', { name: save }));
    const toast = await screen.findByRole('alert', {}, LONG);
    expect(toast).toHaveTextContent(message);
    expect(toast).toHaveTextContent('Server down');
  });
});

describe('phone numbers', { timeout: 30_000 }, () => {
  it('shows a French number in pairs in the contacts list, as stored otherwise', async () => {
    server.use(
      ...accountsHandlers(),
      http.get('/:locale/dataset/contacts/', () =>
        HttpResponse.json(page([
          { id: 5, name: 'Service SIG', email: 'sig@example.org', phone: '0491000000', position: '', role: '', usergroup: 20 },
          { id: 6, name: 'Standard', email: 'standard@example.org', phone: '3939', position: '', role: '', usergroup: 20 },
        ])),
      ),
    );
    renderApp('/publish/fr/accounts/contacts/', USERS.superuser);
    const row = (await screen.findByText('Service SIG', {}, LONG)).closest('tr')!;
    expect(within(row).getByText('04 91 00 00 00')).toBeInTheDocument();
    expect(within(row).queryByText('0491000000')).toBeNull();
    expect(within(screen.getByText('Standard').closest('tr')!).getByText('3939')).toBeInTheDocument();
  });
});

describe('invitations', { timeout: 30_000 }, () => {
  it("lists the user's own invitations on the home page, accepts one and declines another", async () => {
    const writes: Write[] = [];
    const lists: URL[] = [];
    const invitation = (id: number, group: string) => ({
      ...PENDING_ATTACHMENT,
      id,
      user: USERS.role0.id,
      user_detail: { id: USERS.role0.id, username: 'member', first_name: '', last_name: '', email: 'member@example.org' },
      usergroup_detail: { ...PENDING_ATTACHMENT.usergroup_detail, display_name: group },
      status: 0,
    });
    let answered = [invitation(41, 'Réseau vélo'), invitation(42, 'Ville de Grenoble')];
    server.use(
      http.get('/:locale/usergroup/group-members/', ({ request }) => {
        lists.push(new URL(request.url));
        return HttpResponse.json(page(answered));
      }),
      http.post('/:locale/usergroup/group-members/:id/:decision/', async ({ request, params }) => {
        await recordWrite(writes, request);
        answered = answered.filter((entry) => entry.id !== Number(params.id));
        return params.decision === 'accept' ? HttpResponse.json({ ...invitation(Number(params.id), 'Réseau vélo'), status: 2 }) : new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/', USERS.role0);
    await screen.findByRole('heading', { name: 'Vos invitations' }, LONG);
    const invitations = lists.find((url) => url.searchParams.get('status__in') === '0');
    expect(invitations?.searchParams.get('user')).toBe(String(USERS.role0.id));
    expect(screen.getByText('Réseau vélo, comme membre')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: "Accepter l'invitation à Réseau vélo" }));
    expect(await screen.findByText('Invitation acceptée', {}, LONG)).toBeInTheDocument();
    expect(writes[0]).toMatchObject({ method: 'POST', path: '/fr/usergroup/group-members/41/accept/' });
    await waitFor(() => expect(screen.queryByText('Réseau vélo, comme membre')).toBeNull());

    await user.click(screen.getByRole('button', { name: "Décliner l'invitation à Ville de Grenoble" }));
    expect(await screen.findByText('Invitation déclinée', {}, LONG)).toBeInTheDocument();
    expect(writes[1]).toMatchObject({ method: 'POST', path: '/fr/usergroup/group-members/42/decline/' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Vos invitations' })).toBeNull());
  });
});

describe('delegated administrators', { timeout: 30_000 }, () => {
  it('see the users list without create and delete, which the server keeps for superusers', async () => {
    server.use(...accountsHandlers());
    renderApp('/publish/fr/accounts/users/', USERS.role2);
    await screen.findByText('Dupont', {}, LONG);
    expect(screen.queryByRole('link', { name: 'Créer' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Supprimer' })).toBeNull();
  });

  it('see on the groups list, which has no create, that a superuser creates and validates new groups on request, with the way to the requests', async () => {
    server.use(...accountsHandlers());
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/groups/', USERS.role2);
    await screen.findByText('Réseau vélo', {}, LONG);
    expect(screen.queryByRole('link', { name: 'Créer' })).toBeNull();
    expect(screen.getByText(/Un nouveau groupe est demandé à un super-utilisateur de la plateforme, qui le crée et le valide/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Voir les demandes' }));
    await expectPath('/publish/fr/accounts/requests/groups/');
  });

  it('reach the access-denied page, not a form whose save would be refused, at the address of a new user or group', async () => {
    server.use(...accountsHandlers());
    for (const route of ['users', 'organisations', 'groups', 'spheres']) {
      const { unmount } = renderApp(`/publish/fr/accounts/${route}/new/`, USERS.role2);
      await expectPath('/publish/fr/access-denied/');
      expect(await screen.findByText('Votre compte ne vous permet pas de consulter ce contenu', {}, LONG)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
      unmount();
    }
  });

  it('see the registration and group creation requests without accept or refuse, which are for superusers', async () => {
    server.use(
      http.get('/:locale/usergroup/user-groups/', () => HttpResponse.json(page([{ ...GROUPS[0], status: 1 }]))),
      http.get('/:locale/usergroup/users/', () => HttpResponse.json(page([{ ...USER_RECORDS[0], status: 1 }]))),
      ...accountsHandlers(),
    );
    const { unmount } = renderApp('/publish/fr/accounts/requests/groups/', USERS.role2);
    await screen.findByText('Réseau vélo', {}, LONG);
    expect(screen.queryByRole('button', { name: /Accepter/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Refuser/ })).toBeNull();
    unmount();
    renderApp('/publish/fr/accounts/requests/users/', USERS.role2);
    await screen.findByText('Dupont', {}, LONG);
    expect(screen.queryByRole('button', { name: /Accepter/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Refuser/ })).toBeNull();
  });

  it('open the organisations they administer from the list, and no other', async () => {
    const other = { ...ORGANISATIONS[0], id: 11, display_name: 'Ville de Vienne', acronym: 'VDV' };
    server.use(
      http.get('/:locale/organisation/organisations/', () => HttpResponse.json(page([...ORGANISATIONS, other]))),
      ...accountsHandlers(),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/organisations/', USERS.role2);
    await user.click(await screen.findByText('Ville de Vienne', {}, LONG));
    await expectPath('/publish/fr/accounts/organisations/');
    await user.click(screen.getByText('Ville de Lyon'));
    await expectPath('/publish/fr/accounts/organisations/10/');
  });
});

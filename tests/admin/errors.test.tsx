import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useEffect } from 'react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { AppNotification } from '../../src/admin/feedback/AppNotification.tsx';
import { useNotifyError } from '../../src/admin/feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../../src/admin/feedback/useNotifySuccess.tsx';
import { createI18nProvider } from '../../src/admin/providers/i18nProvider.ts';
import { toHttpError } from '../../src/admin/http/errors.ts';
import { USERS } from './fixtures.ts';
import { expectPath, renderApp } from './renderApp.tsx';
import { server } from './server.ts';

const tasksAnswer = (body: Record<string, string | string[]>, status: number) =>
  server.use(http.get('/:locale/dashboard/task-queue-track/', () => HttpResponse.json(body, { status })));

describe('error toasts', () => {
  it("lists each field message of a 400 as 'field : message' under 'Erreur'", async () => {
    tasksAnswer({ status: ['Valeur inconnue.'], ordering: ['Champ de tri invalide.', 'Un seul champ.'] }, 400);
    renderApp('/publish/fr/data/', USERS.superuser);
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Erreur')).toBeInTheDocument();
    const lines = within(toast).getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual(['Statut : Valeur inconnue.', 'ordering : Champ de tri invalide. Un seul champ.']);
  });

  it("titles a server failure 'Erreur critique'", async () => {
    tasksAnswer({ detail: 'Erreur interne.' }, 500);
    renderApp('/publish/fr/data/', USERS.superuser);
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Erreur critique')).toBeInTheDocument();
    expect(within(toast).getByText('Erreur interne.')).toBeInTheDocument();
  });

  it("translates the title in English, and writes 'field: message' without the French space", async () => {
    tasksAnswer({ status: ['Unknown value.'] }, 400);
    renderApp('/publish/en/data/', USERS.superuser);
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Status: Unknown value.')).toBeInTheDocument();
  });

  it("writes 'field: message' in Italian too", async () => {
    tasksAnswer({ status: ['Valore sconosciuto.'] }, 400);
    renderApp('/publish/it/data/', USERS.superuser);
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Errore')).toBeInTheDocument();
    expect(within(toast).getByText('Stato: Valore sconosciuto.')).toBeInTheDocument();
  });
});

describe('access and terms', () => {
  it('sends a 403 answer to the access-denied page', async () => {
    tasksAnswer({ detail: "Vous n'avez pas la permission." }, 403);
    renderApp('/publish/fr/data/', USERS.superuser);
    await expectPath('/publish/fr/access-denied/');
    expect(await screen.findByText('Votre compte ne vous permet pas de consulter ce contenu')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a terms-required answer to the terms page of the login service', async () => {
    tasksAnswer({ detail: 'Conditions à accepter.', code: 'terms-required' }, 403);
    const { assign } = renderApp('/publish/fr/data/', USERS.superuser);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/fr/login/terms/?next=%2Fpublish%2Ffr%2Fdata%2F'));
  });

  it('sends a user who has not accepted the terms to the terms page at start-up', async () => {
    const { assign } = renderApp('/publish/fr/home/', { ...USERS.role1, terms_accepted: false });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/fr/login/terms/?next=%2Fpublish%2Ffr%2Fhome%2F'));
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('sends a user without rights to the access-denied page for Data and Accounts', async () => {
    renderApp('/publish/fr/accounts/', USERS.role1);
    await expectPath('/publish/fr/access-denied/');
    expect(await screen.findByText('Votre compte ne vous permet pas de consulter ce contenu')).toBeInTheDocument();
  });

  it('sends an anonymous visitor of a protected page to the sign-in page', async () => {
    const { assign } = renderApp('/publish/fr/data/#latest');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/fr/login/signin/?next=%2Fpublish%2Ffr%2Fdata%2F%23latest'),
    );
  });

  it('shows a blank page under an overlay while the user is being resolved', async () => {
    const waiting: (() => void)[] = [];
    server.use(
      http.get('/:locale/login/', async () => {
        await new Promise<void>((resolve) => waiting.push(resolve));
        return HttpResponse.json(USERS.superuser);
      }),
    );
    renderApp('/publish/fr/home/', USERS.superuser);
    expect(await screen.findByRole('progressbar', { name: "Chargement de l'application" })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    waiting.forEach((answer) => answer());
    expect(await screen.findByRole('banner')).toBeInTheDocument();
  });
});

describe('notification helpers', () => {
  function Notifier({ error, success }: { error?: unknown; success?: boolean }) {
    const notifyError = useNotifyError();
    const notifySuccess = useNotifySuccess();
    useEffect(() => {
      if (success) notifySuccess();
      else notifyError(error);
    }, [error, success, notifyError, notifySuccess]);
    return <button type="button">ready</button>;
  }

  const renderNotifier = (props: { error?: unknown; success?: boolean }) =>
    render(
      <AdminContext i18nProvider={createI18nProvider()}>
        <Notifier {...props} />
        <AppNotification />
      </AdminContext>,
    );

  it('ignores a cancelled request silently', async () => {
    renderNotifier({ error: new DOMException('The operation was aborted.', 'AbortError') });
    await screen.findByRole('button', { name: 'ready' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says an error occurred when the server gives no message', async () => {
    renderNotifier({ error: toHttpError(400, null) });
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Une erreur est survenue')).toBeInTheDocument();
  });

  it('says the operation was a success by default, and closes on demand', async () => {
    renderNotifier({ success: true });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent("L'opération a réussi");
    await userEvent.click(within(toast).getByRole('button'));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('shows the newest message at once, in place of the one still on screen', async () => {
    function Sequence() {
      const notifyError = useNotifyError();
      const notifySuccess = useNotifySuccess();
      return (
        <>
          <button type="button" onClick={() => notifyError(toHttpError(400, null))}>fail</button>
          <button type="button" onClick={() => notifySuccess()}>succeed</button>
        </>
      );
    }
    render(
      <AdminContext i18nProvider={createI18nProvider()}>
        <Sequence />
        <AppNotification />
      </AdminContext>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur est survenue');
    await userEvent.click(screen.getByRole('button', { name: 'succeed' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("L'opération a réussi"));
    expect(screen.queryByText('Une erreur est survenue')).not.toBeInTheDocument();
  });
});

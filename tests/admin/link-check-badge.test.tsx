/** A resource's link badge: broken links show what the remote answered and when they were checked. */
import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { LinkCheckBadge } from '../../src/admin/resources/LinkCheckBadge.tsx';
import { createI18nProvider } from '../../src/admin/providers/i18nProvider.ts';
import { resource } from './resourcesFixtures.ts';

const CHECK = { url: 'http://example.org/data.csv', broken: true, status: 404, media_type: 'text/html', size: null, duration_ms: 12, error: 'http-status', checked_at: '2026-03-12T13:05:00Z' };

async function renderBadge(overrides: Parameters<typeof resource>[0]) {
  window.history.replaceState(null, '', '/fr/data/datasets/1/');
  const i18nProvider = createI18nProvider();
  await i18nProvider.changeLocale('fr');
  return render(
    <AdminContext i18nProvider={i18nProvider}>
      <LinkCheckBadge resource={resource(overrides)} />
    </AdminContext>,
  );
}

describe('the link badge', () => {
  it('shows a broken link with the answer and the date of its last check', async () => {
    await renderBadge({ type: 'href', link_broken: true, link_checked_at: CHECK.checked_at, link_check: CHECK });
    expect(screen.getByText('Lien cassé')).toBeInTheDocument();
    expect(screen.getByText(/^Réponse HTTP 404 — Vérifié le 12\/03\/2026/)).toBeInTheDocument();
  });

  it('says why an unreachable link failed', async () => {
    await renderBadge({ type: 'href', link_broken: true, link_check: { ...CHECK, status: null, error: 'unreachable' } });
    expect(screen.getByText(/^Serveur injoignable — Vérifié le/)).toBeInTheDocument();
  });

  it('shows nothing for a link that answers', async () => {
    const { container } = await renderBadge({ type: 'href', link_broken: false, link_check: { ...CHECK, broken: false, status: 200, error: null } });
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByText('Lien cassé')).toBeNull();
  });

  it('shows nothing for a link never checked', async () => {
    const { container } = await renderBadge({ type: 'href', link_broken: false, link_checked_at: null, link_check: null });
    expect(container).toBeEmptyDOMElement();
  });
});

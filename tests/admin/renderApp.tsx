/** Renders the whole app at a browser URL, as a visitor opening that address. */
import { render, screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { App } from '../../src/admin/App.tsx';
import type { CurrentUser } from '../../src/admin/auth/session.ts';
import { browser } from '../../src/admin/config/browser.ts';
import { signInAs } from './server.ts';

export function renderApp(url: string, user: CurrentUser | null = null) {
  signInAs(user);
  window.history.replaceState(null, '', url);
  // Pages of the login service are outside the app: record where the browser is sent instead.
  const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  const result = render(<App />);
  return { ...result, assign };
}

/** Waits for the start-up overlay to go and the header to show. */
export async function waitForHeader() {
  return screen.findByRole('banner', {}, { timeout: 5000 });
}

export async function expectPath(pathname: string) {
  await waitFor(() => expect(window.location.pathname).toBe(pathname));
}

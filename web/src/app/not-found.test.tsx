import type { User } from '@roam/contract/users';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '#web/i18n/index';
import { STORAGE_KEYS } from '#web/lib/storage';
import { DRIVER } from '#web/test-fixtures';
import { App } from './app';
import { createQueryClient } from './query-client';
import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<App router={router} queryClient={createQueryClient()} />);
  return router;
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  // No server in unit tests: every API call fails, as when the server is down.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('', { status: 503 })),
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
  window.localStorage.clear();
  await i18next.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an unknown path', () => {
  it('shows the not-found screen inside the layout, and names the tab after it', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to see here!' })).toBeTruthy();
    // Still inside the layout: header logo link and footer navigation are there.
    expect(screen.getByRole('link', { name: 'Roam' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('navigation', { name: 'Site links' })).toBeTruthy();
    // The title is set in an effect once the screen has rendered.
    await waitFor(() => expect(document.title).toBe('Nothing to see here! · Roam'));
  });

  it('is in French with ?l=fr, which also sets <html lang> and is remembered', async () => {
    renderAt('/nowhere?l=fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rien à voir ici !' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Nothing to see here!' })).toBeNull();
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('fr');
  });

  it('renders Swedish as sv in <html lang> while keeping the stored code se', async () => {
    renderAt('/nowhere?l=se');
    expect(await screen.findByRole('heading', { level: 1, name: 'Här finns inget att se!' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('sv');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('se');
  });
});

describe('the suppliers screen', () => {
  it('is not found while the deployment hides suppliers (here: settings unavailable, so the default)', async () => {
    renderAt('/suppliers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to see here!' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Suppliers' })).toBeNull();
  });

  it('is shown, and linked from the footer, when the deployment shows suppliers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ websiteName: 'Roam', hideSuppliers: false, languages: ['en', 'fr'] })),
    );
    renderAt('/suppliers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our suppliers' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Suppliers' }).getAttribute('href')).toBe('/suppliers');
  });
});

/** A signed-in `user`: stored by an earlier sign-in, and the session check answers it. */
function signedIn(user: User) {
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/validate-access-token') return new Response('', { status: 200 });
      if (path === `/api/user/${user._id}`) return Response.json(user);
      return new Response('', { status: 503 });
    }),
  );
}

const SUPPLIER: User = { ...DRIVER, _id: '7d6c5b4a-3f2e-4d1c-8b0a-9e8f7a6b5c4d', type: 'supplier', fullName: 'Azur' };

// The console itself is another page (console/app/console-app.test.tsx): on this app, every /operator/ address is not
// found, as the server sends it only to someone who is not an operator (server/src/plugins/web-app.ts).
describe('the operator console', () => {
  it.each([
    ['supplier', SUPPLIER, true],
    ['admin', { ...SUPPLIER, type: 'admin' as const }, true],
    ['driver', DRIVER, false],
  ])('is in the account menu of a %s', { timeout: 30_000 }, async (_who, user, offered) => {
    signedIn(user);
    renderAt('/about');
    const account = await screen.findByRole('button', { name: user.fullName.split(' ')[0] });
    await userEvent.click(account);
    // The menu's code (react-aria) loads on first use: slow to transform in a test.
    const menu = await screen.findByRole('menu', {}, { timeout: 15_000 });
    expect(within(menu).getByRole('menuitem', { name: 'Bookings' })).toBeTruthy();
    const item = within(menu).queryByRole('menuitem', { name: 'Operator console' });
    expect(item?.getAttribute('href') ?? null).toBe(offered ? '/operator' : null);
  });

  it('is not found for a visitor', async () => {
    renderAt('/operator/cars');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to see here!' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Operator console sections' })).toBeNull();
  });

  it('is not found for a driver', async () => {
    signedIn(DRIVER);
    renderAt('/operator/cars');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to see here!' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Operator console sections' })).toBeNull();
  });
});

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index';
import { STORAGE_KEYS } from '../lib/storage';
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

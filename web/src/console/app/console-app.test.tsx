import type { User } from '@roam/contract/users';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { App } from '#web/app/app';
import { createQueryClient } from '#web/app/query-client';
import { STORAGE_KEYS } from '#web/lib/storage';
import { DRIVER } from '#web/test-fixtures';
import { screenTests } from '#web/test-utils';
import { SUPPLIER } from '#web/console/test-utils';
import { consoleRoutes } from './router';

// The console as its own app (console.html, main.tsx): its routes, its layout and its navigation. The server sends
// it to operators only; a session that is not an operator's still gets not-found here.

screenTests();

/** The console at `path`; `user` signed in (stored by an earlier sign-in, and the session check answers it). */
function renderConsole(path: string, user: User | null = SUPPLIER) {
  if (user) window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost').pathname;
      if (user && url === '/api/validate-access-token') return new Response('', { status: 200 });
      if (user && url === `/api/user/${user._id}`) return Response.json(user);
      return new Response('', { status: 503 });
    }),
  );
  const queryClient = createQueryClient();
  const router = createMemoryRouter(consoleRoutes(queryClient), { initialEntries: [path] });
  render(<App router={router} queryClient={queryClient} />);
  return router;
}

describe('the operator console', () => {
  it.each(['supplier', 'admin'] as const)('opens for a %s, with its sections', async (type) => {
    renderConsole('/operator/cars', { ...SUPPLIER, type });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cars' })).toBeTruthy();
    const sections = screen.getByRole('navigation', { name: 'Operator console sections' });
    expect(within(sections).getByRole('link', { name: 'Cars' }).getAttribute('aria-current')).toBe('page');
    expect(within(sections).queryByRole('link', { name: 'Users' }) !== null).toBe(type === 'admin');
  });

  it('sends /operator to the dashboard, and an unknown operator address is not found', async () => {
    const router = renderConsole('/operator');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/operator/dashboard');
    await router.navigate('/operator/nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to see here!' })).toBeTruthy();
    // Still in the console's layout: its header and sections.
    expect(screen.getByRole('navigation', { name: 'Operator console sections' })).toBeTruthy();
  });

  it("is not found on the admin's addresses for a supplier", async () => {
    renderConsole('/operator/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to see here!' })).toBeTruthy();
  });

  it.each([
    ['a visitor', null],
    ['a driver', DRIVER],
  ])('is not found, without its sections, for %s whose session it is', async (_who, user) => {
    renderConsole('/operator/cars', user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to see here!' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Operator console sections' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: 'Cars' })).toBeNull();
  });

  it('loads the page of an address outside the console: the customer app is another page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const router = renderConsole('/operator/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    void router.navigate('/bookings?x=1');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/bookings?x=1'));
    expect(router.state.location.pathname).toBe('/operator/dashboard');
  });

  it('shows all its sections with a button on a phone, closed again by Escape or a choice', async () => {
    const user = userEvent.setup();
    const router = renderConsole('/operator/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const toggle = screen.getByRole('button', { name: 'Sections' });
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(list?.hasAttribute('data-open')).toBe(false);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list?.hasAttribute('data-open')).toBe(true);
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    await user.click(toggle);
    await user.click(within(list as HTMLElement).getByRole('link', { name: 'Scheduler' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/scheduler'));
    expect(screen.getByRole('button', { name: 'Sections' }).getAttribute('aria-expanded')).toBe('false');
  });
});

import type { User } from '@roam/contract/users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRIVER } from '#web/test-fixtures';
import { loadSession, readStoredUser } from './session';
import { STORAGE_KEYS } from './storage';

const user: User = DRIVER;

type Route = (url: string, init?: RequestInit) => Response;

function serve(route: Route) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => route(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const error = (status: number, code: string) => Response.json({ code, message: code }, { status });

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('session load (spec §4)', () => {
  it('without a stored user, is signed out and asks the server nothing', async () => {
    const fetchMock = serve(() => Response.json({}));
    await expect(loadSession()).resolves.toEqual({ user: null, unauthorized: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a stored user: validates the access token, then fetches the user and stores the fresh copy', async () => {
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, fullName: 'Old Name' }));
    const fetchMock = serve((url) =>
      url.endsWith('/validate-access-token') ? Response.json({ ok: true }) : Response.json(user),
    );
    await expect(loadSession()).resolves.toEqual({ user, unauthorized: false });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'POST /api/validate-access-token',
      `GET /api/user/${user._id}`,
    ]);
    expect(readStoredUser()?.fullName).toBe('Camille Martin');
  });

  it('an invalid access token signs out locally: stored user cleared, no user fetch', async () => {
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    const fetchMock = serve(() => error(401, 'UNAUTHENTICATED'));
    await expect(loadSession()).resolves.toEqual({ user: null, unauthorized: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('a failed user fetch (or a network failure) signs out locally too', async () => {
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    serve((url) => (url.endsWith('/validate-access-token') ? Response.json({ ok: true }) : error(404, 'NOT_FOUND')));
    await expect(loadSession()).resolves.toEqual({ user: null, unauthorized: false });
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();

    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(loadSession()).resolves.toEqual({ user: null, unauthorized: false });
  });

  it('a check the server never answered (offline, or the page left meanwhile) keeps the stored user', async () => {
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    serve((url) => {
      if (url.endsWith('/validate-access-token')) return Response.json({ ok: true });
      // The user fetch cut short: what fetch throws when the document that made it unloads.
      throw new TypeError('Failed to fetch');
    });
    await expect(loadSession()).resolves.toEqual({ user: null, unauthorized: false });
    expect(readStoredUser()?._id).toBe(user._id);
  });

  it('a blacklisted user is marked unauthorized and signed out', async () => {
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    serve(() => error(403, 'ACCOUNT_SUSPENDED'));
    await expect(loadSession()).resolves.toEqual({ user: null, unauthorized: true });

    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    serve((url) =>
      url.endsWith('/validate-access-token')
        ? Response.json({ ok: true })
        : Response.json({ ...user, blacklisted: true }),
    );
    await expect(loadSession()).resolves.toEqual({ user: null, unauthorized: true });
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('a corrupt stored user counts as none', async () => {
    window.localStorage.setItem(STORAGE_KEYS.user, '{not json');
    const fetchMock = serve(() => Response.json({}));
    await expect(loadSession()).resolves.toEqual({ user: null, unauthorized: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';

function answer(response: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with the session cookie and returns the parsed answer', async () => {
    const fetchMock = answer(Response.json({ ok: 1 }));
    await expect(api.post<{ ok: number }>('/api/thing', { name: 'Roam' })).resolves.toEqual({ ok: 1 });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"name":"Roam"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('turns an error answer into an ApiError with its code and field errors', async () => {
    answer(
      Response.json(
        { code: 'VALIDATION_FAILED', message: 'Please fix errors.', fieldErrors: { email: ['Invalid email address'] } },
        { status: 400 },
      ),
    );
    const error = await api.post('/api/sign-up', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please fix errors.',
      fieldErrors: { email: ['Invalid email address'] },
    });
  });

  it('still throws an ApiError when the error body is not the contract shape', async () => {
    answer(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/api/settings')).rejects.toMatchObject({ status: 502, code: 'INTERNAL' });
  });

  it('reports an unreachable server as NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/api/settings')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('answers undefined for an empty body and uses the parse function when given', async () => {
    answer(new Response(null, { status: 204 }));
    await expect(api.post('/api/sign-out')).resolves.toBeUndefined();
    answer(Response.json({ count: '3' }));
    await expect(api.get('/api/count', { parse: (data) => Number((data as { count: string }).count) })).resolves.toBe(
      3,
    );
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { createQueryClient } from '#web/app/query-client';
import { initI18n, loadStrings } from '#web/i18n/index';
import type { Area } from '#web/i18n/translations';
import { FALLBACK_SETTINGS, settingsQueryOptions } from '#web/lib/settings';
import { Toaster, toast } from '#web/ui/toast';

// What the web tests share: a stand-in for the server, the app's providers around a screen, and queries
// Testing Library has without jest-dom's matchers.

/** The text a screen reader reads as the element's description: its aria-describedby elements, in order. */
export function describedBy(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => element.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** Marked invalid for assistive technology. */
export const isInvalid = (element: Element) => element.getAttribute('aria-invalid') === 'true';

type Handler = (request: { body: unknown; url: URL }) => Response | Promise<Response>;

/**
 * Stands in for the server (fetch): each call goes to the handler named by its method and path ('POST
 * /api/checkout'); any other answers 404. Returns the calls made, as `METHOD /path` with their JSON bodies.
 */
export function serveApi(handlers: Record<string, Handler>) {
  const calls: { route: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const route = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      calls.push({ route, body });
      const handler = handlers[route];
      return handler
        ? handler({ body, url })
        : Response.json({ code: 'ROUTE_NOT_FOUND', message: 'Not found.' }, { status: 404 });
    }),
  );
  return calls;
}

/** Where a screen went, for the test to read. */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <p>{`at ${pathname}${search}`}</p>;
}

/** An API refusal as the server answers it (contract ApiErrorSchema). */
export const refusal = (status: number, code: string, fieldErrors?: Record<string, string[]>) =>
  Response.json({ code, message: code, ...(fieldErrors ? { fieldErrors } : {}) }, { status });

/**
 * Renders `element` at `path` as the app would (its query client, a router, the toasts), with `settings` as the
 * deployment's; other paths show their name, so that a test can see where a screen went.
 */
export function renderScreen(
  element: ReactElement,
  {
    path = '/',
    route = path.split('?')[0] ?? '/',
    settings = FALLBACK_SETTINGS,
    queryClient = createQueryClient(),
  } = {},
) {
  queryClient.setQueryData(settingsQueryOptions.queryKey, settings);
  toast.clear();
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/** A screen `width` CSS pixels wide, for the media queries (jsdom has no matchMedia). */
export function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query)?.[1];
    return {
      matches: max !== undefined && width <= Number(max),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
}

/**
 * The frame of a screen test: English with the strings of `areas` loaded first; after each test, the rendered tree,
 * the stand-in server, spies, local and session storage gone.
 */
export function screenTests(areas: Area[] = []) {
  beforeAll(async () => {
    await initI18n('en');
    await loadStrings(areas);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
}

/**
 * The wallet provider's script stood in for (web/src/ui/wallet-button.tsx): it "loads" at once, and the options its
 * buttons were made with are handed to the test, which plays the payer (createOrder, onApprove, onError). The
 * screen's settings must enable the wallet. `restore()` puts the page's script loading back.
 */
export function stubWalletScript<Options>() {
  let options: Options | undefined;
  window.paypal = {
    Buttons: (given) => {
      options = given as Options;
      return { render: async () => {} };
    },
  };
  const script = vi.spyOn(document.head, 'append').mockImplementation((node) => {
    (node as HTMLScriptElement).onload?.(new Event('load'));
  });
  return { options: () => options, restore: () => script.mockRestore() };
}

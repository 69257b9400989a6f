import { formatMinor } from '@roam/contract/money';
import { RATES_SNAPSHOT } from '@roam/contract/rates-snapshot';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/app/query-client';
import { changeLanguage, initI18n } from '#web/i18n/index';
import { Header } from '#web/ui/header';
import { setCurrency } from './currency';
import { STORAGE_KEYS } from './storage';
import { useMoney } from './use-money';

// Every amount goes through useMoney — live rates from the server (snapshot until they arrive or when the
// call fails), the chosen currency (persisted) and the interface language, following changes without a reload.

const PRICE_MINOR_EUR = 123_450; // 1 234,50 €

function Price() {
  const money = useMoney();
  return <output aria-label="price">{money.format(PRICE_MINOR_EUR)}</output>;
}

function renderPrice({ withHeader = false } = {}) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        {withHeader ? <Header websiteName="Roam" languages={['en', 'fr', 'es', 'se', 'de']} account={null} /> : null}
        <Price />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return () => screen.getByRole('status', { name: 'price' }).textContent;
}

function serveRates(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) === '/api/currency-rates') return answer();
    return new Response('', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const liveRates = (rates: Record<string, number>) =>
  Response.json({ base: 'EUR', rates: { EUR: 1, ...rates }, fetchedAt: '2026-01-01T00:00:00.000Z', source: 'test' });

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  window.localStorage.clear();
  await changeLanguage('en', { save: false });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useMoney', () => {
  it('shows EUR by default and asks for no rates', () => {
    const fetchMock = serveRates(() => liveRates({}));
    const price = renderPrice();
    expect(price()).toBe('1,234.50 €');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('converts with the server rates, showing the snapshot rate until they arrive', async () => {
    let release: (response: Response) => void = () => {};
    serveRates(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    setCurrency('USD');
    const price = renderPrice();
    const snapshot = formatMinor(Math.round(PRICE_MINOR_EUR * (RATES_SNAPSHOT.rates.USD ?? 0)), 'USD', 'en');
    expect(price()).toBe(snapshot);
    await act(async () => release(liveRates({ USD: 2 })));
    await waitFor(() => expect(price()).toBe('$2,469'), { timeout: 10_000 });
  });

  it('keeps the snapshot when the rates call fails', async () => {
    serveRates(() => new Response('', { status: 503 }));
    setCurrency('JPY');
    const price = renderPrice();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const yen = Math.round(1234.5 * (RATES_SNAPSHOT.rates.JPY ?? 0));
    expect(price()).toBe(formatMinor(yen, 'JPY', 'en'));
  });

  it('follows a language switch without a reload: separators and symbol place', async () => {
    serveRates(() => liveRates({ CHF: 1 }));
    setCurrency('CHF');
    const price = renderPrice();
    await waitFor(() => expect(price()).toBe('1,234.50 CHF'), { timeout: 10_000 });
    await act(() => changeLanguage('de', { save: false }));
    expect(price()).toBe('1 234,50 CHF');
    await act(() => changeLanguage('se', { save: false }));
    expect(price()).toBe('1 234,50 CHF');
  });
});

describe('the header currency menu', { timeout: 90_000 }, () => {
  it('lists every code with its name in the interface language, filters, and the choice changes prices and persists', async () => {
    serveRates(() => liveRates({ GBP: 0.5, MAD: 10 }));
    await changeLanguage('fr', { save: false });
    const user = userEvent.setup();
    const price = renderPrice({ withHeader: true });
    expect(price()).toBe('1 234,50 €');

    await user.click(screen.getByRole('button', { name: /Devise|EUR/ }));
    const menu = await screen.findByRole('menu', {}, { timeout: 8000 });
    expect(menu.querySelectorAll('[role="menuitemradio"]').length).toBeGreaterThanOrEqual(140);
    expect(screen.getByRole('menuitemradio', { name: 'MAD', description: 'dirham marocain' })).toBeTruthy();

    await user.type(screen.getByRole('searchbox'), 'maro');
    await waitFor(
      () =>
        expect(screen.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['MADdirham marocain']),
      { timeout: 10_000 },
    );
    await user.click(screen.getByRole('menuitemradio', { name: 'MAD' }));

    await waitFor(() => expect(price()).toBe('12 345 MAD'), { timeout: 10_000 });
    expect(window.localStorage.getItem(STORAGE_KEYS.currency)).toBe('MAD');
    expect(screen.getByRole('button', { name: /MAD/ })).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import {
  classifyStatus,
  DEFAULT_PROVIDERS,
  parseRateProviders,
  parseRatesBody,
  providerLabel,
  RateFetchError,
  ratesRequestUrl,
} from './rate-providers.gateway.ts';

// docs/architecture.md §5 "Money", spec §8 "Rate fetch": each provider's answer shape and each failure kind.

function failureOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof RateFetchError) return error.kind;
    throw error;
  }
  throw new Error('expected a RateFetchError');
}

describe('RATE_PROVIDERS', () => {
  it('defaults to the built-in keyless list, and "none" means no provider', () => {
    expect(parseRateProviders(undefined)).toEqual(DEFAULT_PROVIDERS);
    expect(DEFAULT_PROVIDERS.map((p) => p.kind)).toEqual(['open-er-api', 'frankfurter']);
    expect(parseRateProviders('none')).toEqual([]);
  });

  it('reads kinds with optional URLs, in order', () => {
    expect(parseRateProviders('frankfurter=http://127.0.0.1:9/fx, open-er-api')).toEqual([
      { kind: 'frankfurter', url: 'http://127.0.0.1:9/fx' },
      { kind: 'open-er-api', url: 'https://open.er-api.com' },
    ]);
  });

  it('refuses an unknown kind or a non-http URL with a readable message', () => {
    expect(() => parseRateProviders('fixer')).toThrow(/unknown provider "fixer"/);
    expect(() => parseRateProviders('frankfurter=ftp://x')).toThrow(/http\(s\) URL/);
  });

  it('builds each EUR request, keeping a configured key out of the log label', () => {
    expect(String(ratesRequestUrl({ kind: 'frankfurter', url: 'https://api.frankfurter.app' }))).toBe(
      'https://api.frankfurter.app/latest?from=EUR',
    );
    expect(String(ratesRequestUrl({ kind: 'open-er-api', url: 'https://open.er-api.com/' }))).toBe(
      'https://open.er-api.com/v6/latest/EUR',
    );
    const keyed = { kind: 'exchangerate-host' as const, url: 'https://api.exchangerate.host?access_key=SECRET' };
    expect(String(ratesRequestUrl(keyed))).toBe('https://api.exchangerate.host/latest?access_key=SECRET&base=EUR');
    expect(providerLabel(keyed)).toBe('exchangerate-host https://api.exchangerate.host');
  });
});

describe('answer shapes', () => {
  it('open.er-api.com', () => {
    const parsed = parseRatesBody({
      result: 'success',
      base_code: 'EUR',
      time_last_update_utc: 'Tue, 01 Jul 2025 00:02:31 +0000',
      rates: { EUR: 1, USD: 1.17, MAD: 10.6, XDR: 0.85, BTC: 0.00001 },
    });
    // Codes we do not support (XDR, BTC) are dropped.
    expect(parsed.rates).toEqual({ EUR: 1, USD: 1.17, MAD: 10.6 });
    expect(parsed.date).toContain('2025');
  });

  it('frankfurter (ECB), which leaves EUR out', () => {
    const parsed = parseRatesBody({ amount: 1, base: 'EUR', date: '2025-07-01', rates: { USD: 1.17, JPY: 169.5 } });
    expect(parsed.rates).toEqual({ EUR: 1, USD: 1.17, JPY: 169.5 });
  });

  it('exchangerate.host, both the rates and the quotes shape', () => {
    expect(parseRatesBody({ success: true, base: 'EUR', date: '2025-07-01', rates: { GBP: 0.86 } }).rates).toEqual({
      EUR: 1,
      GBP: 0.86,
    });
    expect(
      parseRatesBody({ success: true, source: 'EUR', timestamp: 1751328000, quotes: { EURUSD: 1.17, EURCHF: 0.93 } })
        .rates,
    ).toEqual({ EUR: 1, USD: 1.17, CHF: 0.93 });
  });

  it('drops values that are not positive finite numbers', () => {
    expect(parseRatesBody({ base: 'EUR', rates: { USD: 1.1, GBP: -1, JPY: '170', CHF: 0 } }).rates).toEqual({
      EUR: 1,
      USD: 1.1,
    });
  });
});

describe('spec §8 rate-fetch failures', () => {
  it('malformed query', () => {
    expect(failureOf(() => parseRatesBody({ result: 'error', 'error-type': 'malformed-request' }))).toBe(
      'malformed-query',
    );
    expect(
      failureOf(() => parseRatesBody({ success: false, error: { code: 103, type: 'invalid_api_function' } })),
    ).toBe('malformed-query');
    expect(classifyStatus(422, { message: 'invalid parameter' }).kind).toBe('malformed-query');
  });

  it('currency not found', () => {
    expect(failureOf(() => parseRatesBody({ result: 'error', 'error-type': 'unsupported-code' }))).toBe(
      'currency-not-found',
    );
    expect(classifyStatus(404, { message: 'not found' }).kind).toBe('currency-not-found');
    expect(
      failureOf(() => parseRatesBody({ success: false, error: { code: 202, type: 'invalid_currency_codes' } })),
    ).toBe('currency-not-found');
    expect(failureOf(() => parseRatesBody({ base: 'EUR', rates: { BTC: 0.00001 } }))).toBe('currency-not-found');
  });

  it('invalid key', () => {
    expect(failureOf(() => parseRatesBody({ result: 'error', 'error-type': 'invalid-key' }))).toBe('invalid-key');
    expect(failureOf(() => parseRatesBody({ success: false, error: { code: 101, type: 'invalid_access_key' } }))).toBe(
      'invalid-key',
    );
    expect(classifyStatus(401, null).kind).toBe('invalid-key');
  });

  it('invalid base currency', () => {
    expect(
      failureOf(() => parseRatesBody({ success: false, error: { code: 201, type: 'invalid_source_currency' } })),
    ).toBe('invalid-base-currency');
    expect(failureOf(() => parseRatesBody({ result: 'success', base_code: 'USD', rates: { EUR: 0.85 } }))).toBe(
      'invalid-base-currency',
    );
  });

  it('paid plan required', () => {
    expect(failureOf(() => parseRatesBody({ result: 'error', 'error-type': 'base-code-only-on-pro' }))).toBe(
      'paid-plan-required',
    );
    expect(
      failureOf(() =>
        parseRatesBody({ success: false, error: { code: 105, type: 'base_currency_access_restricted' } }),
      ),
    ).toBe('paid-plan-required');
    expect(classifyStatus(402, null).kind).toBe('paid-plan-required');
  });

  it('an unknown body or a server error', () => {
    expect(failureOf(() => parseRatesBody('<html>'))).toBe('invalid-response');
    expect(classifyStatus(503, null)).toMatchObject({ kind: 'http-error', status: 503 });
  });
});

import { BASE_CURRENCY, type CurrencyCode, isCurrencyCode } from '@roam/contract/currencies';

// The external rate providers (docs/architecture.md §5 "Money", spec §7/§8): how to ask each one for EUR-based rates and
// how to read its answer — rates, or one of the spec §8 rate-fetch failures.

export const PROVIDER_KINDS = ['open-er-api', 'frankfurter', 'exchangerate-host'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export interface RateProvider {
  kind: ProviderKind;
  /** Base URL; its query (an `access_key`, say) is kept on every request and never logged. */
  url: string;
}

/** Public endpoints, used when `RATE_PROVIDERS` is unset. Both are free and keyless. */
const DEFAULT_URLS: Record<ProviderKind, string> = {
  // ~160 codes, daily: first because the ECB list below has only about 30.
  'open-er-api': 'https://open.er-api.com',
  frankfurter: 'https://api.frankfurter.app',
  // Needs an access key nowadays: only used when configured (`exchangerate-host=https://…?access_key=…`).
  'exchangerate-host': 'https://api.exchangerate.host',
};
export const DEFAULT_PROVIDERS: RateProvider[] = [
  { kind: 'open-er-api', url: DEFAULT_URLS['open-er-api'] },
  { kind: 'frankfurter', url: DEFAULT_URLS.frankfurter },
];

function isKind(value: string): value is ProviderKind {
  return (PROVIDER_KINDS as readonly string[]).includes(value);
}

/**
 * `RATE_PROVIDERS`: a comma-separated list in fallback order; each entry a kind (`open-er-api`, `frankfurter`,
 * `exchangerate-host`) with its public URL, or `kind=https://base-url`. `none` means no provider at all (tests, or a
 * deployment that wants the bundled snapshot only). Unset: the built-in list. Throws a readable message on a bad entry.
 */
export function parseRateProviders(value: string | undefined): RateProvider[] {
  if (value === undefined) return DEFAULT_PROVIDERS;
  if (value.trim().toLowerCase() === 'none') return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [kind = '', ...rest] = entry.split('=');
      const url = rest.join('=').trim();
      if (!isKind(kind.trim())) {
        throw new Error(`RATE_PROVIDERS: unknown provider "${kind}" (known: ${PROVIDER_KINDS.join(', ')}, or none)`);
      }
      const provider = { kind: kind.trim() as ProviderKind, url: url || DEFAULT_URLS[kind.trim() as ProviderKind] };
      if (!URL.canParse(provider.url) || !/^https?:$/.test(new URL(provider.url).protocol)) {
        throw new Error(`RATE_PROVIDERS: "${kind}" needs an http(s) URL`);
      }
      return provider;
    });
}

/** The request for EUR-based rates, keeping the configured query (keys) and path prefix. */
export function ratesRequestUrl(provider: RateProvider): URL {
  const url = new URL(provider.url);
  const prefix = url.pathname.replace(/\/$/, '');
  switch (provider.kind) {
    case 'open-er-api':
      url.pathname = `${prefix}/v6/latest/${BASE_CURRENCY}`;
      break;
    case 'frankfurter':
      url.pathname = `${prefix}/latest`;
      url.searchParams.set('from', BASE_CURRENCY);
      break;
    case 'exchangerate-host':
      url.pathname = `${prefix}/latest`;
      url.searchParams.set('base', BASE_CURRENCY);
      break;
  }
  return url;
}

/** Where a provider is, for logs: origin only, so an access key in the query never reaches a log line. */
export function providerLabel(provider: RateProvider): string {
  return `${provider.kind} ${new URL(provider.url).origin}`;
}

/**
 * Spec §8 rate-fetch failures, plus the ordinary ways a call fails. The first six are the catalogue's: malformed
 * query, currency not found, invalid key, invalid base currency, paid plan required, too many 429 responses.
 */
export type RateFailureKind =
  | 'malformed-query'
  | 'currency-not-found'
  | 'invalid-key'
  | 'invalid-base-currency'
  | 'paid-plan-required'
  | 'too-many-429'
  | 'quota-reached'
  | 'timeout'
  | 'network'
  | 'http-error'
  | 'invalid-response';

export class RateFetchError extends Error {
  readonly kind: RateFailureKind;
  readonly status: number | undefined;
  constructor(kind: RateFailureKind, detail: string, status?: number) {
    super(detail);
    this.name = 'RateFetchError';
    this.kind = kind;
    this.status = status;
  }
}

export type ParsedRates = { rates: Partial<Record<CurrencyCode, number>>; date: string | undefined };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// open.er-api.com / ExchangeRate-API `error-type` values.
const ER_API_ERRORS: Record<string, RateFailureKind> = {
  'malformed-request': 'malformed-query',
  'unsupported-code': 'currency-not-found',
  'invalid-key': 'invalid-key',
  'inactive-account': 'invalid-key',
  'base-code-only-on-pro': 'paid-plan-required',
  'plan-upgrade-required': 'paid-plan-required',
  'quota-reached': 'quota-reached',
};

// exchangerate.host / apilayer `error.code` and `error.type` values.
const APILAYER_CODES: Record<number, RateFailureKind> = {
  101: 'invalid-key',
  102: 'invalid-key',
  103: 'malformed-query',
  104: 'quota-reached',
  105: 'paid-plan-required',
  106: 'currency-not-found',
  201: 'invalid-base-currency',
  202: 'currency-not-found',
  301: 'malformed-query',
  302: 'malformed-query',
};
const APILAYER_TYPES: [RegExp, RateFailureKind][] = [
  [/access_key|api_key|inactive_user/, 'invalid-key'],
  [/(base|source)_currency/, 'invalid-base-currency'],
  [/currency_codes|no_rates|not_found/, 'currency-not-found'],
  [/restricted|upgrade|plan/, 'paid-plan-required'],
  [/usage_limit|rate_limit/, 'quota-reached'],
];

/** Classifies an error answer body (any HTTP status) of any known shape; null when it is not one. */
function classifyErrorBody(body: unknown): RateFetchError | null {
  if (!isObject(body)) return null;
  if (body.result === 'error') {
    const type = String(body['error-type'] ?? '');
    return new RateFetchError(ER_API_ERRORS[type] ?? 'invalid-response', `error-type ${type || '(none)'}`);
  }
  if (body.success === false && isObject(body.error)) {
    const code = Number(body.error.code);
    const type = String(body.error.type ?? '');
    const kind = APILAYER_CODES[code] ?? APILAYER_TYPES.find(([pattern]) => pattern.test(type))?.[1];
    return new RateFetchError(kind ?? 'invalid-response', `error ${code || ''} ${type}`.trim());
  }
  if (typeof body.message === 'string' && !('rates' in body)) {
    // Frankfurter: 404 {"message":"not found"} for an unknown currency, 422 for a bad parameter.
    const kind = /not found/i.test(body.message) ? 'currency-not-found' : 'malformed-query';
    return new RateFetchError(kind, `message ${body.message.slice(0, 80)}`);
  }
  return null;
}

/** A failure from an HTTP status when the body says nothing more specific. */
export function classifyStatus(status: number, body: unknown): RateFetchError {
  const fromBody = classifyErrorBody(body);
  if (fromBody) return new RateFetchError(fromBody.kind, fromBody.message, status);
  const kind: RateFailureKind =
    status === 401 || status === 403
      ? 'invalid-key'
      : status === 402
        ? 'paid-plan-required'
        : status === 404
          ? 'currency-not-found'
          : status === 400 || status === 422
            ? 'malformed-query'
            : 'http-error';
  return new RateFetchError(kind, `HTTP ${status}`, status);
}

function keepSupported(table: Json, keyOf: (key: string) => string | null): Partial<Record<CurrencyCode, number>> {
  const rates: Partial<Record<CurrencyCode, number>> = {};
  for (const [key, value] of Object.entries(table)) {
    const code = keyOf(key);
    if (code && isCurrencyCode(code) && typeof value === 'number' && Number.isFinite(value) && value > 0) {
      rates[code] = value;
    }
  }
  return rates;
}

/**
 * Reads a successful answer of any known shape into units per 1 EUR, dropping codes we do not support:
 * - open.er-api.com: `{ result: "success", base_code: "EUR", rates: { USD: 1.08 }, time_last_update_utc }`
 * - frankfurter (ECB): `{ amount: 1, base: "EUR", date: "2025-07-01", rates: { USD: 1.08 } }` (no EUR entry)
 * - exchangerate.host, old: `{ success: true, base: "EUR", date, rates: { USD: 1.08 } }`
 * - exchangerate.host / apilayer live: `{ success: true, source: "EUR", quotes: { EURUSD: 1.08 } }`
 * Throws a RateFetchError for an error body, a base other than EUR, or no usable rate.
 */
export function parseRatesBody(body: unknown): ParsedRates {
  const failure = classifyErrorBody(body);
  if (failure) throw failure;
  if (!isObject(body)) throw new RateFetchError('invalid-response', 'not a JSON object');
  const base = body.base_code ?? body.base ?? body.source;
  if (base !== undefined && String(base).toUpperCase() !== BASE_CURRENCY) {
    throw new RateFetchError('invalid-base-currency', `base ${String(base).slice(0, 8)}`);
  }
  let rates: Partial<Record<CurrencyCode, number>>;
  if (isObject(body.rates)) rates = keepSupported(body.rates, (key) => key.toUpperCase());
  else if (isObject(body.quotes))
    rates = keepSupported(body.quotes, (key) => (key.toUpperCase().startsWith(BASE_CURRENCY) ? key.slice(3) : null));
  else throw new RateFetchError('invalid-response', 'no rates in the answer');
  if (base === undefined) throw new RateFetchError('invalid-base-currency', 'no base currency in the answer');
  rates[BASE_CURRENCY] = 1;
  if (Object.keys(rates).length < 2) throw new RateFetchError('currency-not-found', 'no supported currency quoted');
  const date = body.time_last_update_utc ?? body.date ?? body.timestamp;
  return { rates, date: date === undefined ? undefined : String(date) };
}

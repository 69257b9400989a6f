import { BASE_CURRENCY, type Conversion, type ConvertQuery, type Rates } from '@roam/contract/currencies';
import { toMajor, toMinor } from '@roam/contract/money';
import { RATES_SNAPSHOT, rateFor } from '@roam/contract/rates-snapshot';
import {
  classifyStatus,
  type ParsedRates,
  parseRatesBody,
  providerLabel,
  type RateFailureKind,
  RateFetchError,
  type RateProvider,
  ratesRequestUrl,
} from './rate-providers.gateway.ts';

// Display-currency rates (docs/architecture.md §5 "Money", spec §7/§8/§9): providers in fallback order, HTTP 429 retried up to
// 5 times with exponential backoff from 1000 ms plus jitter, an in-memory cache, the bundled snapshot when every
// provider fails. A page never waits on a provider for long: the answer falls back while the refresh goes on.

export const MAX_429_RETRIES = 5;
export const INITIAL_BACKOFF_MS = 1000;

/** The wait before retry number `retry` (0-based): 1000, 2000, 4000, 8000, 16000 ms, each plus up to 1000 ms jitter. */
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  return INITIAL_BACKOFF_MS * 2 ** retry + Math.floor(random() * INITIAL_BACKOFF_MS);
}

/** pino's calling convention, so the app logger fits and tests can record. */
export interface RateLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface RateServiceOptions {
  providers: RateProvider[];
  cacheSeconds: number;
  log: RateLog;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** One provider call (each attempt) gives up after this long. */
  requestTimeoutMs?: number;
  /** How long a caller waits for a refresh before being answered with the last rates or the snapshot. */
  answerWithinMs?: number;
  /** After every provider failed, try them again only after this long (not on every page view). */
  failureCacheSeconds?: number;
}

export type RateService = ReturnType<typeof createRateService>;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createRateService(options: RateServiceOptions) {
  const {
    providers,
    cacheSeconds,
    log,
    fetch: fetchImpl = fetch,
    sleep = realSleep,
    random = Math.random,
    now = Date.now,
    requestTimeoutMs = 3000,
    answerWithinMs = 3000,
    failureCacheSeconds = Math.min(60, cacheSeconds),
  } = options;

  let cached: { rates: Rates; expiresAt: number } | undefined;
  let lastLive: Rates | undefined;
  let inflight: Promise<Rates> | undefined;

  async function callOnce(provider: RateProvider): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetchImpl(ratesRequestUrl(provider), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new RateFetchError(
        timedOut ? 'timeout' : 'network',
        timedOut ? `no answer in ${requestTimeoutMs} ms` : 'unreachable',
      );
    }
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  }

  /** One provider, retrying HTTP 429 with backoff; any other failure is thrown to move on to the next provider. */
  async function fetchProvider(provider: RateProvider): Promise<ParsedRates> {
    for (let retry = 0; ; retry++) {
      const { status, body } = await callOnce(provider);
      if (status === 429) {
        if (retry >= MAX_429_RETRIES) {
          throw new RateFetchError('too-many-429', `gave up after ${MAX_429_RETRIES} retries`, 429);
        }
        const delay = backoffDelay(retry, random);
        log.warn(
          { provider: providerLabel(provider), retry: retry + 1, delayMs: delay },
          'rate provider said 429; retrying',
        );
        await sleep(delay);
        continue;
      }
      if (status < 200 || status >= 300) throw classifyStatus(status, body);
      if (body === null) throw new RateFetchError('invalid-response', 'not JSON', status);
      return parseRatesBody(body);
    }
  }

  async function refresh(): Promise<Rates> {
    for (const provider of providers) {
      try {
        const parsed = await fetchProvider(provider);
        const rates: Rates = {
          base: BASE_CURRENCY,
          rates: parsed.rates,
          fetchedAt: new Date(now()).toISOString(),
          source: provider.kind,
        };
        cached = { rates, expiresAt: now() + cacheSeconds * 1000 };
        lastLive = rates;
        log.info(
          {
            provider: providerLabel(provider),
            currencies: Object.keys(parsed.rates).length,
            providerDate: parsed.date,
          },
          'currency rates fetched',
        );
        return rates;
      } catch (error) {
        const failure: { kind: RateFailureKind; status?: number; detail: string } =
          error instanceof RateFetchError
            ? { kind: error.kind, ...(error.status ? { status: error.status } : {}), detail: error.message }
            : { kind: 'invalid-response', detail: error instanceof Error ? error.name : 'unknown' };
        log.warn(
          { provider: providerLabel(provider), failure: failure.kind, status: failure.status, detail: failure.detail },
          'rate provider failed',
        );
      }
    }
    if (providers.length === 0) {
      cached = { rates: RATES_SNAPSHOT, expiresAt: now() + cacheSeconds * 1000 };
      return RATES_SNAPSHOT;
    }
    const fallback = lastLive ?? RATES_SNAPSHOT;
    log.error(
      { providers: providers.length, serving: fallback.source, retryInSeconds: failureCacheSeconds },
      'every rate provider failed; serving the last known rates',
    );
    cached = { rates: fallback, expiresAt: now() + failureCacheSeconds * 1000 };
    return fallback;
  }

  /** Fetches once for any number of concurrent callers. */
  function refreshCoalesced(): Promise<Rates> {
    inflight ??= refresh().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  async function getRates(): Promise<Rates> {
    if (cached && now() < cached.expiresAt) return cached.rates;
    const pending = refreshCoalesced();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), answerWithinMs);
      timer.unref();
    });
    const rates = await Promise.race([pending, late]).finally(() => clearTimeout(timer));
    // Still fetching (retries, a slow provider): answer now; the refresh fills the cache when it ends.
    return rates ?? lastLive ?? RATES_SNAPSHOT;
  }

  /** `amount` of `from` in `to`, through EUR, rounded to the target's minor unit (spec §5 validation upstream). */
  async function convert({ amount, from, to }: ConvertQuery): Promise<Conversion> {
    const rates = await getRates();
    const rate = rateFor(rates, to) / rateFor(rates, from);
    const result = toMajor(toMinor(amount * rate, to), to);
    return { amount, from, to, rate, result, source: rates.source };
  }

  return { getRates, refresh: refreshCoalesced, convert };
}

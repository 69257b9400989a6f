import { RATES_SNAPSHOT } from '@roam/contract/rates-snapshot';
import { afterEach, describe, expect, it } from 'vitest';
import { erApiRates, type FakeAnswer, frankfurterRates, startFakeRateProvider } from '#test/fake-rate-provider.ts';
import { backoffDelay, createRateService, type RateLog, type RateServiceOptions } from './currency.service.ts';

// docs/architecture.md §5 "Money", spec §7/§9: retry on 429 up to 5 times, backoff from 1000 ms doubling plus jitter,
// next provider on failure, cache, snapshot. Providers are local HTTP servers; time is a fake clock.

type Fake = Awaited<ReturnType<typeof startFakeRateProvider>>;
const fakes: Fake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function provider(...answers: FakeAnswer[]) {
  const fake = await startFakeRateProvider(answers);
  fakes.push(fake);
  return fake;
}

function recordingLog() {
  const lines: { level: string; object: Record<string, unknown>; message: string }[] = [];
  const at =
    (level: string) =>
    (object: object, message: string): void => {
      lines.push({ level, object: object as Record<string, unknown>, message });
    };
  const log: RateLog = { info: at('info'), warn: at('warn'), error: at('error') };
  return {
    log,
    lines,
    failures: () => lines.filter((l) => l.message === 'rate provider failed').map((l) => l.object.failure),
  };
}

/** A fake clock: `sleep` only records the wait and moves `now` on. */
function fakeClock(start = Date.UTC(2026, 0, 1)) {
  const clock = { now: start, sleeps: [] as number[] };
  return {
    clock,
    now: () => clock.now,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.now += ms;
    },
  };
}

function service(options: Partial<RateServiceOptions> & Pick<RateServiceOptions, 'providers'>) {
  const time = fakeClock();
  const logged = recordingLog();
  const rates = createRateService({
    cacheSeconds: 3600,
    log: logged.log,
    now: time.now,
    sleep: time.sleep,
    random: () => 0.5,
    ...options,
  });
  return { rates, clock: time.clock, logged };
}

const TOO_MANY = { status: 429, body: { result: 'error', 'error-type': 'rate-limited' } };

describe('backoff', () => {
  it('starts at 1000 ms and doubles, plus a jitter under 1000 ms', () => {
    expect([0, 1, 2, 3, 4].map((retry) => backoffDelay(retry, () => 0))).toEqual([1000, 2000, 4000, 8000, 16000]);
    for (const retry of [0, 1, 2, 3, 4]) {
      const base = 1000 * 2 ** retry;
      expect(backoffDelay(retry, () => 0.999_999)).toBeLessThan(base + 1000);
      expect(backoffDelay(retry, () => 0.999_999)).toBeGreaterThanOrEqual(base);
    }
  });

  it('retries 429 with the backoff and then uses the answer', async () => {
    const fake = await provider(TOO_MANY, TOO_MANY, TOO_MANY, { status: 200, body: erApiRates({ USD: 1.2 }) });
    const { rates, clock } = service({ providers: [{ kind: 'open-er-api', url: fake.url }] });
    const answer = await rates.refresh();
    expect(answer).toMatchObject({ source: 'open-er-api', rates: { EUR: 1, USD: 1.2 } });
    expect(clock.sleeps).toEqual([1500, 2500, 4500]);
    expect(fake.paths).toEqual(Array(4).fill('/v6/latest/EUR'));
  });

  it('gives up after 5 retries (6 calls), logs "too many 429" and moves to the next provider', async () => {
    const limited = await provider(TOO_MANY);
    const second = await provider({ status: 200, body: frankfurterRates({ USD: 1.3 }) });
    const { rates, clock, logged } = service({
      providers: [
        { kind: 'open-er-api', url: limited.url },
        { kind: 'frankfurter', url: second.url },
      ],
    });
    const answer = await rates.refresh();
    expect(limited.requests).toBe(6);
    expect(clock.sleeps).toEqual([1500, 2500, 4500, 8500, 16500]);
    expect(logged.failures()).toEqual(['too-many-429']);
    expect(answer).toMatchObject({ source: 'frankfurter', rates: { USD: 1.3 } });
    expect(second.paths).toEqual(['/latest?from=EUR']);
  });
});

describe('fallback and cache', () => {
  it('logs each failure kind and serves the snapshot when every provider fails', async () => {
    const badKey = await provider({ status: 200, body: { result: 'error', 'error-type': 'invalid-key' } });
    const paid = await provider({
      status: 200,
      body: { success: false, error: { code: 105, type: 'base_currency_access_restricted' } },
    });
    const down = await provider({ status: 503, body: null });
    const { rates, logged } = service({
      providers: [
        { kind: 'open-er-api', url: badKey.url },
        { kind: 'exchangerate-host', url: `${paid.url}?access_key=SECRET` },
        { kind: 'frankfurter', url: down.url },
      ],
    });
    expect(await rates.getRates()).toBe(RATES_SNAPSHOT);
    expect(logged.failures()).toEqual(['invalid-key', 'paid-plan-required', 'http-error']);
    expect(logged.lines.at(-1)).toMatchObject({ level: 'error', object: { serving: 'snapshot' } });
    // The key in the configured URL is sent but never logged.
    expect(paid.paths[0]).toContain('access_key=SECRET');
    expect(JSON.stringify(logged.lines)).not.toContain('SECRET');
  });

  it('moves on when a provider does not answer in time', async () => {
    const hanging = await provider('hang');
    const second = await provider({ status: 200, body: erApiRates({ USD: 1.4 }) });
    const { rates, logged } = service({
      requestTimeoutMs: 1000,
      providers: [
        { kind: 'frankfurter', url: hanging.url },
        { kind: 'open-er-api', url: second.url },
      ],
    });
    expect(await rates.refresh()).toMatchObject({ source: 'open-er-api' });
    expect(logged.failures()).toEqual(['timeout']);
  });

  it('answers from the cache until RATE_CACHE_SECONDS pass, then fetches again', async () => {
    const fake = await provider({ status: 200, body: erApiRates({ USD: 1.1 }) });
    const { rates, clock } = service({ providers: [{ kind: 'open-er-api', url: fake.url }], cacheSeconds: 3600 });
    await rates.getRates();
    clock.now += 3599_000;
    await rates.getRates();
    expect(fake.requests).toBe(1);
    clock.now += 2000;
    await rates.getRates();
    expect(fake.requests).toBe(2);
  });

  it('makes one request for many concurrent callers', async () => {
    const fake = await provider({ status: 200, body: erApiRates({ USD: 1.1 }) });
    const { rates } = service({ providers: [{ kind: 'open-er-api', url: fake.url }] });
    const answers = await Promise.all(Array.from({ length: 10 }, () => rates.getRates()));
    expect(fake.requests).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('never keeps a caller waiting: a slow refresh answers with the snapshot and fills the cache later', async () => {
    const fake = await provider(TOO_MANY, { status: 200, body: erApiRates({ USD: 1.5 }) });
    let releaseSleep: () => void = () => {};
    const sleeping = new Promise<void>((resolve) => {
      releaseSleep = resolve;
    });
    const { rates } = service({
      providers: [{ kind: 'open-er-api', url: fake.url }],
      answerWithinMs: 50,
      sleep: () => sleeping,
    });
    expect(await rates.getRates()).toBe(RATES_SNAPSHOT);
    releaseSleep();
    await expect.poll(() => fake.requests, { timeout: 10_000 }).toBe(2);
    await expect.poll(async () => (await rates.getRates()).source, { timeout: 10_000 }).toBe('open-er-api');
  });

  it('converts through EUR with the live rate, or the snapshot rate for a code the provider does not quote', async () => {
    const fake = await provider({ status: 200, body: frankfurterRates({ USD: 1.25 }) });
    const { rates } = service({ providers: [{ kind: 'frankfurter', url: fake.url }] });
    expect(await rates.convert({ amount: 100, from: 'EUR', to: 'USD' })).toEqual({
      amount: 100,
      from: 'EUR',
      to: 'USD',
      rate: 1.25,
      result: 125,
      source: 'frankfurter',
    });
    expect((await rates.convert({ amount: 125, from: 'USD', to: 'EUR' })).result).toBe(100);
    expect((await rates.convert({ amount: 1, from: 'EUR', to: 'MAD' })).rate).toBe(RATES_SNAPSHOT.rates.MAD);
    expect((await rates.convert({ amount: 10, from: 'EUR', to: 'JPY' })).result).toBe(
      Math.round(10 * (RATES_SNAPSHOT.rates.JPY ?? 0)),
    );
  });
});

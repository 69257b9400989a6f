import { RatesSchema } from '@roam/contract/currencies.schema';
import { RATES_SNAPSHOT } from '@roam/contract/rates-snapshot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { erApiRates, type FakeAnswer, frankfurterRates, startFakeRateProvider } from '#test/fake-rate-provider.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Languages and currencies through the API, with local servers standing in for the rate providers (nothing leaves the machine).

type Fake = Awaited<ReturnType<typeof startFakeRateProvider>>;
const fakes: Fake[] = [];
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function provider(...answers: FakeAnswer[]) {
  const fake = await startFakeRateProvider(answers);
  fakes.push(fake);
  return fake;
}

/**
 * The test app's defaults (no rate provider, no country header), shared by the tests that need nothing else: each
 * app opens its own copy of the database, ~1 s of CPU (server/test/global-setup.ts).
 */
let plain: TestApp;
beforeAll(async () => {
  plain = await createTestApp({ RATE_PROVIDERS: 'none' });
});
afterAll(() => plain.close());

async function appWith(env: Record<string, string>) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}

/**
 * The rates once the refresh has ended. A caller is never kept waiting more than ~3 s (it then gets the snapshot
 * while the refresh goes on), so on a busy machine the first answer may come before the provider's.
 */
async function settledRates(t: TestApp, source: string) {
  await expect.poll(async () => (await rates(t)).source, { timeout: 20_000, interval: 200 }).toBe(source);
  return rates(t);
}

async function rates(t: TestApp) {
  const response = await t.app.inject({ method: 'GET', url: '/api/currency-rates' });
  expect(response.statusCode).toBe(200);
  return RatesSchema.parse(response.json());
}

describe('GET /api/currency-rates against local providers', { timeout: 60_000 }, () => {
  it('retries a 429 and then serves the provider rates, without codes we do not support', async () => {
    const fake = await provider(
      { status: 429, body: { result: 'error', 'error-type': 'rate-limited' } },
      { status: 200, body: erApiRates({ USD: 1.2, MAD: 10.9, XDR: 0.85 }) },
    );
    const t = await appWith({ RATE_PROVIDERS: `open-er-api=${fake.url}` });
    const answer = await settledRates(t, 'open-er-api');
    expect(fake.requests).toBe(2);
    expect(answer).toMatchObject({ base: 'EUR', source: 'open-er-api', rates: { EUR: 1, USD: 1.2, MAD: 10.9 } });
    expect(answer.rates).not.toHaveProperty('XDR');
  });

  it('falls back to the next provider when one fails', async () => {
    const broken = await provider({ status: 200, body: { result: 'error', 'error-type': 'invalid-key' } });
    const second = await provider({ status: 200, body: frankfurterRates({ USD: 1.3 }) });
    const t = await appWith({ RATE_PROVIDERS: `open-er-api=${broken.url},frankfurter=${second.url}` });
    expect(await settledRates(t, 'frankfurter')).toMatchObject({ rates: { USD: 1.3 } });
    expect([broken.requests, second.requests]).toEqual([1, 1]);
  });

  it('serves the bundled snapshot when every provider fails', async () => {
    const down = await provider({ status: 500, body: null });
    const notFound = await provider({ status: 404, body: { message: 'not found' } });
    const t = await appWith({ RATE_PROVIDERS: `frankfurter=${down.url},frankfurter=${notFound.url}` });
    expect(await rates(t)).toEqual(RATES_SNAPSHOT);
    await expect.poll(() => [down.requests, notFound.requests]).toEqual([1, 1]);
  });

  it('answers from the cache within RATE_CACHE_SECONDS', async () => {
    const fake = await provider({ status: 200, body: erApiRates({ USD: 1.1 }) });
    const t = await appWith({ RATE_PROVIDERS: `open-er-api=${fake.url}`, RATE_CACHE_SECONDS: '3600' });
    await Promise.all([rates(t), rates(t)]);
    await settledRates(t, 'open-er-api');
    await rates(t);
    expect(fake.requests).toBe(1);
  });

  it('uses no provider with RATE_PROVIDERS=none', async () => {
    expect(plain.config.RATE_PROVIDERS).toBe('none');
    expect((await rates(plain)).source).toBe('snapshot');
  });
});

describe('GET /api/convert', () => {
  const convert = (query: string) => plain.app.inject({ method: 'GET', url: `/api/convert?${query}` });

  it('converts with the current rates', async () => {
    const response = await convert('amount=100&from=EUR&to=USD');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      amount: 100,
      from: 'EUR',
      to: 'USD',
      rate: RATES_SNAPSHOT.rates.USD,
      result: 115,
      source: 'snapshot',
    });
  });

  it.each([
    ['amount=1&from=EURO&to=USD', 'EURO is not a valid currency code', 'from'],
    ['amount=1&from=EUR&to=usd', 'usd is not a valid currency code', 'to'],
    ['amount=1&from=EUR&to=XAU', 'Currency XAU not supported', 'to'],
    ['amount=-5&from=EUR&to=USD', 'amount should be a positive number', 'amount'],
    ['amount=0&from=EUR&to=USD', 'amount should be a positive number', 'amount'],
    ['amount=ten&from=EUR&to=USD', 'amount should be a positive number', 'amount'],
    ['from=EUR&to=USD', 'amount should be a positive number', 'amount'],
  ])('%s → 400 "%s"', async (query, message, field) => {
    const response = await convert(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message, fieldErrors: { [field]: [message] } });
  });
});

describe('GET /api/country-code', () => {
  it('is null when no COUNTRY_HEADER is configured, whatever the request says', async () => {
    expect(plain.config.COUNTRY_HEADER).toBeUndefined();
    const response = await plain.app.inject({
      method: 'GET',
      url: '/api/country-code',
      headers: { 'cf-ipcountry': 'FR' },
    });
    expect(response.json()).toEqual({ countryCode: null });
  });

  it('reads the configured header, upper-cased, and ignores anything but two letters', async () => {
    const t = await appWith({ COUNTRY_HEADER: 'CF-IPCountry' });
    const ask = async (value?: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/country-code',
          headers: value === undefined ? {} : { 'cf-ipcountry': value },
        })
      ).json();
    expect(await ask('fr')).toEqual({ countryCode: 'FR' });
    expect(await ask('MA')).toEqual({ countryCode: 'MA' });
    expect(await ask('XX')).toEqual({ countryCode: null });
    expect(await ask('FRA')).toEqual({ countryCode: null });
    expect(await ask('<script>')).toEqual({ countryCode: null });
    expect(await ask()).toEqual({ countryCode: null });
  });
});

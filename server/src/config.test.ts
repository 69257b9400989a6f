import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/roam-config-test' };

describe('configuration', () => {
  it('applies the ARCHITECTURE §3 defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      SEED_DEMO_DATA: true,
      WEBSITE_NAME: 'Roam',
      CONTACT_EMAIL: 'info@roam.localhost',
      DEFAULT_LANGUAGE: 'en',
      languages: ['en', 'fr', 'es', 'se', 'de'],
      SET_LANGUAGE_FROM_IP: false,
      HIDE_SUPPLIERS: true,
      BASE_CURRENCY: 'EUR',
      RATE_CACHE_SECONDS: 3600,
      HOLD_MINUTES: 30,
      database: { kind: 'pglite', dataDir: '/tmp/roam-config-test/pglite' },
    });
  });

  it('takes an analytics id, blank meaning off', () => {
    expect(loadConfig({ ...base, ANALYTICS_ID: ' G-AB12CD ' }).ANALYTICS_ID).toBe('G-AB12CD');
    expect(loadConfig({ ...base, ANALYTICS_ID: '' }).ANALYTICS_ID).toBeUndefined();
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    const config = loadConfig({ ...base, DATABASE_URL: 'postgres://u@localhost/roam' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@localhost/roam' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LANGUAGES: 'en,xx' }, 'LANGUAGES'],
    [{ DEFAULT_LANGUAGE: 'de', LANGUAGES: 'en,fr' }, 'DEFAULT_LANGUAGE'],
    [{ HIDE_SUPPLIERS: 'maybe' }, 'HIDE_SUPPLIERS'],
    [{ PAYPAL_CLIENT_ID: 'id-only' }, 'PAYPAL_CLIENT_SECRET'],
    [{ BASE_CURRENCY: 'USD' }, 'BASE_CURRENCY'],
    [{ ANALYTICS_ID: 'G-1"><script>' }, 'ANALYTICS_ID'],
  ])('rejects %o with a message naming %s', (env, name) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`${name}:`));
  });
});

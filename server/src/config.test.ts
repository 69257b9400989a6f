import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/roam-config-test' };

describe('configuration', () => {
  it('applies the docs/architecture.md §3 defaults', () => {
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

  it('reads VAT rates by country and the reminder interval', () => {
    expect(loadConfig(base).VAT_RATES).toMatchObject({ FR: 20, DE: 19, SE: 25 });
    expect(loadConfig({ ...base, VAT_RATES: 'FR:5.5, ES:10' }).VAT_RATES).toEqual({ FR: 5.5, ES: 10 });
    expect(loadConfig({ ...base, REMINDER_INTERVAL_SECONDS: '0' }).REMINDER_INTERVAL_SECONDS).toBe(0);
  });

  it('takes an analytics id, blank meaning off', () => {
    expect(loadConfig({ ...base, ANALYTICS_ID: ' G-AB12CD ' }).ANALYTICS_ID).toBe('G-AB12CD');
    expect(loadConfig({ ...base, ANALYTICS_ID: '' }).ANALYTICS_ID).toBeUndefined();
  });

  it('believes X-Forwarded-For from the private network by default, from the proxies TRUST_PROXY names, or none', () => {
    expect(loadConfig(base).TRUST_PROXY).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(loadConfig({ ...base, TRUST_PROXY: '173.245.48.0/20, 2400:cb00::/32,10.1.2.3' }).TRUST_PROXY).toEqual([
      '173.245.48.0/20',
      '2400:cb00::/32',
      '10.1.2.3',
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: 'none' }).TRUST_PROXY).toEqual([]);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.example', '1']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
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
    [{ VAT_RATES: 'FR=20' }, 'VAT_RATES'],
    [{ REMINDER_INTERVAL_SECONDS: '-5' }, 'REMINDER_INTERVAL_SECONDS'],
  ])('rejects %o with a message naming %s', (env, name) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`${name}:`));
  });
});

describe('production (README "Production")', () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://roam.example',
    SESSION_SECRET: 'p'.repeat(32),
    SMTP_URL: 'smtps://mail.example:465',
    MAIL_FROM: 'Roam <no-reply@roam.example>',
    DATA_DIR: '/tmp/roam-config-test',
  };

  it('starts with a public https address, a shared session secret and e-mail delivery', () => {
    expect(loadConfig(production)).toMatchObject({ NODE_ENV: 'production', PUBLIC_URL: 'https://roam.example' });
  });

  it.each([
    ['PUBLIC_URL', { PUBLIC_URL: undefined }, 'must be the https:// address customers use'],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://roam.example' }, 'must be the https:// address customers use'],
    ['SESSION_SECRET', { SESSION_SECRET: undefined }, 'the same for every process'],
    ['SMTP_URL', { SMTP_URL: undefined }, 'accounts are activated and passwords reset by e-mail'],
    ['MAIL_FROM', { MAIL_FROM: undefined }, 'the address e-mails come from'],
  ])('refuses to start without %s, naming it and why', (name, change, why) => {
    const env = { ...production, ...change } as Record<string, string | undefined>;
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: .*${why}`));
  });

  it('hashes passwords at production cost unless a test suite asks for low, which production refuses', () => {
    expect(loadConfig(production).PASSWORD_HASH_COST).toBe('production');
    expect(loadConfig(base).PASSWORD_HASH_COST).toBe('production');
    expect(loadConfig({ ...base, PASSWORD_HASH_COST: 'low' }).PASSWORD_HASH_COST).toBe('low');
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: 'low' })).toThrow(
      /PASSWORD_HASH_COST: low is for test suites only/,
    );
  });

  it("uses the wallet provider's live API in production unless told otherwise, its sandbox elsewhere", () => {
    expect(loadConfig(production).PAYPAL_API_BASE).toBe('https://api-m.paypal.com');
    expect(loadConfig(base).PAYPAL_API_BASE).toBe('https://api-m.sandbox.paypal.com');
    expect(loadConfig({ ...production, PAYPAL_API_BASE: 'https://pp.example' }).PAYPAL_API_BASE).toBe(
      'https://pp.example',
    );
  });
});

describe('the first admin', () => {
  it('takes an e-mail with a password or a password file, never one without the other or both', () => {
    const config = loadConfig({ ...base, ADMIN_EMAIL: 'boss@rent.example', ADMIN_PASSWORD: 'a'.repeat(12) });
    expect(config.firstAdmin).toEqual({ email: 'boss@rent.example', password: 'a'.repeat(12) });
    // The password is not kept under its variable's name, where a dump of the configuration would show it.
    expect(JSON.stringify(config)).not.toContain('ADMIN_PASSWORD');
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: 'boss@rent.example' })).toThrow(/ADMIN_PASSWORD: .*set together/);
    expect(() => loadConfig({ ...base, ADMIN_PASSWORD: 'a'.repeat(12) })).toThrow(/ADMIN_EMAIL: .*set together/);
    expect(() =>
      loadConfig({
        ...base,
        ADMIN_EMAIL: 'boss@rent.example',
        ADMIN_PASSWORD: 'x',
        ADMIN_PASSWORD_FILE: '/run/secret',
      }),
    ).toThrow(/not both/);
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: 'not-an-address', ADMIN_PASSWORD: 'a'.repeat(12) })).toThrow(
      /ADMIN_EMAIL/,
    );
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: 'boss@rent.example', ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD: must be at least 12 characters/,
    );
  });

  it('reads the password from ADMIN_PASSWORD_FILE (a container secret), without its final newline', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'roam-admin-'));
    const file = path.join(dir, 'admin-password');
    writeFileSync(file, 'correct horse battery staple\n');
    try {
      const config = loadConfig({ ...base, ADMIN_EMAIL: 'boss@rent.example', ADMIN_PASSWORD_FILE: file });
      expect(config.firstAdmin?.password).toBe('correct horse battery staple');
      expect(() =>
        loadConfig({ ...base, ADMIN_EMAIL: 'boss@rent.example', ADMIN_PASSWORD_FILE: path.join(dir, 'missing') }),
      ).toThrow(/ADMIN_PASSWORD_FILE: cannot be read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // The second outside audit ("also seen"): with SESSION_SECRET set, a DATA_DIR that did not exist was never made,
  // and the server stopped on a raw ENOENT from the database; without it, the session secret's file made it.
  it('makes DATA_DIR when it is missing, and names DATA_DIR when it cannot be made', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'roam-data-'));
    try {
      const missing = path.join(dir, 'a', 'b');
      loadConfig({ ...base, DATA_DIR: missing });
      expect(existsSync(missing)).toBe(true);
      const file = path.join(dir, 'a-file');
      writeFileSync(file, 'not a directory');
      expect(() => loadConfig({ ...base, DATA_DIR: path.join(file, 'data') })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, DATA_DIR: path.join(file, 'data') })).toThrow(
        /DATA_DIR: .*a-file\/data cannot be created/,
      );
      // With PostgreSQL the database is not in DATA_DIR: nothing to make.
      const unused = path.join(dir, 'unused');
      loadConfig({ ...base, DATA_DIR: unused, DATABASE_URL: 'postgres://roam@127.0.0.1/roam' });
      expect(existsSync(unused)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

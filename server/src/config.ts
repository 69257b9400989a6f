import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { LANGUAGES, type Language } from '@roam/contract/languages';
import { ADMIN_PASSWORD_MIN_LENGTH } from '@roam/contract/setup';
import { z } from 'zod';

// docs/architecture.md §3: every setting from the environment, parsed once; a bad value stops start-up with a clear message.

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));
const optional = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));
const url = z.url().optional();
const languageList = z
  .string()
  .default(LANGUAGES.join(','))
  .transform((v) => v.split(',').map((s) => s.trim()))
  .pipe(z.array(z.enum(LANGUAGES)).min(1));

/** Proxies on the machine or the private network (a local reverse proxy, a load balancer in the same network). */
const PRIVATE_NETWORKS = 'loopback,linklocal,uniquelocal';
const isProxyAddress = (entry: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_URL: url,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    SEED_DEMO_DATA: bool(true),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: optional,
    WEBSITE_NAME: z.string().min(1).default('Roam'),
    CONTACT_EMAIL: z.email().default('info@roam.localhost'),
    DEFAULT_LANGUAGE: z.enum(LANGUAGES).default('en'),
    LANGUAGES: languageList,
    SET_LANGUAGE_FROM_IP: bool(false),
    HIDE_SUPPLIERS: bool(true),
    /** Search results load the next page on scroll instead of the classic pager (narrow screens always do). */
    INFINITE_SCROLL: bool(false),
    BASE_CURRENCY: z.literal('EUR', { message: 'only EUR is supported as the base currency' }).default('EUR'),
    STRIPE_SECRET_KEY: optional,
    STRIPE_PUBLISHABLE_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    STRIPE_API_BASE: url,
    PAYPAL_CLIENT_ID: optional,
    PAYPAL_CLIENT_SECRET: optional,
    /** Unset: the sandbox, or the live API with NODE_ENV=production (loadConfig). */
    PAYPAL_API_BASE: z.url().optional(),
    PAYPAL_SDK_URL: z.url().default('https://www.paypal.com/sdk/js'),
    RECAPTCHA_SITE_KEY: optional,
    RECAPTCHA_SECRET: optional,
    RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    FACEBOOK_APP_ID: optional,
    FACEBOOK_APP_SECRET: optional,
    FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
    APPLE_CLIENT_ID: optional,
    APPLE_JWKS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
    GOOGLE_SDK_URL: z.url().default('https://accounts.google.com/gsi/client'),
    FACEBOOK_SDK_URL: z.url().default('https://connect.facebook.net/en_US/sdk.js'),
    APPLE_SDK_URL: z
      .url()
      .default('https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js'),
    RATE_PROVIDERS: optional,
    RATE_CACHE_SECONDS: z.coerce.number().int().positive().default(3600),
    COUNTRY_HEADER: optional,
    /**
     * The proxies in front of the server (load balancer, CDN): addresses or CIDR ranges, or `loopback`, `linklocal`,
     * `uniquelocal`; `none` for none. X-Forwarded-For is believed only from them, so the visitor's address — what the
     * limits per address count — is the last one a trusted proxy saw, never one a visitor wrote.
     */
    TRUST_PROXY: z
      .string()
      .default(PRIVATE_NETWORKS)
      .transform((value) =>
        value.trim() === 'none'
          ? []
          : value
              .split(',')
              .map((entry) => entry.trim())
              .filter(Boolean),
      )
      .refine((entries) => entries.every(isProxyAddress), {
        message: 'must be addresses or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated, or none',
      }),
    // Only an id like G-XXXXXXX: it ends up in a script URL on the visitor's page.
    ANALYTICS_ID: optional.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be an analytics id such as G-XXXXXXX')
        .optional(),
    ),
    MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    HOLD_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    /**
     * VAT rates in percent by country code (the receipt states the VAT included at the rate of the
     * country the car is rented in), `FR:20,ES:21`. A country not listed gets no VAT line.
     */
    VAT_RATES: z
      .string()
      .default('FR:20,ES:21,DE:19,SE:25,GB:20,MA:20')
      .transform((v, ctx) => {
        const rates: Record<string, number> = {};
        for (const entry of v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const match = /^([A-Z]{2}):(\d{1,2}(?:\.\d{1,2})?)$/.exec(entry);
          if (!match) {
            ctx.addIssue({ code: 'custom', message: `"${entry}" is not COUNTRY:PERCENT, e.g. FR:20` });
            return z.NEVER;
          }
          rates[match[1]!] = Number(match[2]);
        }
        return rates;
      }),
    /** How often each process looks for reminders to send; 0 turns reminders off. */
    REMINDER_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 3600)
      .default(300),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** argon2id's cost for new password hashes (features/auth/auth.service.ts): `low` is for test suites only. */
    PASSWORD_HASH_COST: z.enum(['production', 'low']).default('production'),
    // The first admin: created on start when the database has no admin yet, ignored afterwards.
    ADMIN_EMAIL: optional.pipe(z.email().optional()),
    ADMIN_PASSWORD: optional,
    ADMIN_PASSWORD_FILE: optional,
  })
  .superRefine((env, ctx) => {
    if (!env.LANGUAGES.includes(env.DEFAULT_LANGUAGE)) {
      ctx.addIssue({ code: 'custom', path: ['DEFAULT_LANGUAGE'], message: 'must be one of LANGUAGES' });
    }
    const pairs: [string, string][] = [
      ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
      ['RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET'],
      ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'],
      ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
    ];
    // Never half-on: an integration is either fully configured or off (docs/architecture.md §3).
    for (const [a, b] of pairs) {
      const record = env as unknown as Record<string, unknown>;
      if (Boolean(record[a]) !== Boolean(record[b])) {
        ctx.addIssue({ code: 'custom', path: [record[a] ? b : a], message: `${a} and ${b} must be set together` });
      }
    }
    if (env.ADMIN_PASSWORD && env.ADMIN_PASSWORD_FILE) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'set ADMIN_PASSWORD or ADMIN_PASSWORD_FILE, not both',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD || env.ADMIN_PASSWORD_FILE)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD (or ADMIN_PASSWORD_FILE) must be set together',
      });
    }
    if (env.NODE_ENV === 'production') productionRules(env, ctx);
  });

/**
 * What production refuses to run without (README "Production"): a public https address (secure cookies, links that
 * work), one session secret shared by every process, and e-mail delivery — without it nobody can activate an account
 * or reset a password, and the links would sit in the database only. The set-up checklist shows the same
 * list to the admin before production: `Config.productionGaps`.
 */
export function productionGaps(env: { [key: string]: unknown }): { name: string; why: string }[] {
  const gaps: { name: string; why: string }[] = [];
  const need = (name: string, why: string) => gaps.push({ name, why });
  const publicUrl = typeof env.PUBLIC_URL === 'string' ? env.PUBLIC_URL : '';
  if (!publicUrl.startsWith('https://'))
    need('PUBLIC_URL', 'must be the https:// address customers use (NODE_ENV=production)');
  if (!env.SESSION_SECRET) need('SESSION_SECRET', 'must be set, the same for every process (NODE_ENV=production)');
  if (!env.SMTP_URL)
    need('SMTP_URL', 'must be set: accounts are activated and passwords reset by e-mail (NODE_ENV=production)');
  if (!env.MAIL_FROM) need('MAIL_FROM', 'must be set to the address e-mails come from (NODE_ENV=production)');
  return gaps;
}

function productionRules(env: { [key: string]: unknown }, ctx: z.RefinementCtx) {
  for (const { name, why } of productionGaps(env)) ctx.addIssue({ code: 'custom', path: [name], message: why });
  if (env.PASSWORD_HASH_COST === 'low')
    ctx.addIssue({
      code: 'custom',
      path: ['PASSWORD_HASH_COST'],
      message: 'low is for test suites only: passwords are hashed at production cost (NODE_ENV=production)',
    });
}

export type Env = z.infer<typeof EnvSchema>;

export type Config = Omit<Env, 'PAYPAL_API_BASE' | 'ADMIN_PASSWORD' | 'ADMIN_PASSWORD_FILE'> & {
  PAYPAL_API_BASE: string;
  /** ADMIN_EMAIL with ADMIN_PASSWORD or the content of ADMIN_PASSWORD_FILE; never logged. */
  firstAdmin: { email: string; password: string } | null;
  /** The settings NODE_ENV=production would refuse to start without, by name (empty in production). */
  productionGaps: string[];
  PUBLIC_URL: string;
  SESSION_SECRET: string;
  languages: Language[];
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
};

/**
 * Which card gateway takes cards, a configuration fact settings, the set-up checklist and payments share: the card
 * provider when configured; else the demo gateway (test mode, no real charge), except in production, where no card is
 * taken at all (README: an integration not configured is off). Answered here so that no feature imports payments for
 * it (docs/decisions/0007-money-flows-one-way.md).
 */
export function cardGateway(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'NODE_ENV'>): 'stripe' | 'demo' | null {
  if (config.STRIPE_SECRET_KEY) return 'stripe';
  return config.NODE_ENV === 'production' ? null : 'demo';
}

export class ConfigError extends Error {}

function firstAdmin(env: Env): Config['firstAdmin'] {
  if (!env.ADMIN_EMAIL) return null;
  let password = env.ADMIN_PASSWORD;
  if (env.ADMIN_PASSWORD_FILE) {
    try {
      password = readFileSync(env.ADMIN_PASSWORD_FILE, 'utf8').replace(/\r?\n$/, '');
    } catch {
      throw new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD_FILE: cannot be read`);
    }
  }
  if (!password || password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    const name = env.ADMIN_PASSWORD_FILE ? 'ADMIN_PASSWORD_FILE' : 'ADMIN_PASSWORD';
    throw new ConfigError(
      `Invalid configuration:\n  ${name}: must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`,
    );
  }
  return { email: env.ADMIN_EMAIL, password };
}

/**
 * DATA_DIR made when missing (the database and the session secret's file live in it), or a configuration error that
 * names it: without this, a missing DATA_DIR with SESSION_SECRET set stopped the server on the database's raw ENOENT.
 */
function makeDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new ConfigError(`Invalid configuration:\n  DATA_DIR: ${path.resolve(dir)} cannot be created (${code})`);
  }
}

/** Reads the session secret from the environment or from DATA_DIR, generating it once. */
function sessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(env.DATA_DIR, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  makeDataDir(env.DATA_DIR);
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0] ?? '(env)')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { ADMIN_PASSWORD: _password, ADMIN_PASSWORD_FILE: _file, ...env } = parsed.data;
  // PGlite keeps the database in DATA_DIR/pglite: the directory must be there before the database opens.
  if (!env.DATABASE_URL) makeDataDir(env.DATA_DIR);
  return {
    ...env,
    firstAdmin: firstAdmin(parsed.data),
    productionGaps: productionGaps(parsed.data).map((gap) => gap.name),
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    PAYPAL_API_BASE:
      env.PAYPAL_API_BASE ??
      (env.NODE_ENV === 'production' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com'),
    SESSION_SECRET: sessionSecret(parsed.data),
    languages: env.LANGUAGES,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR, 'pglite') },
  };
}

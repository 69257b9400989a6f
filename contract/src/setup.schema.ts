import { z } from 'zod';
import { EmailSchema } from './auth.schema.ts';
import { AUTH_MESSAGES } from './auth.ts';
import { LanguageSchema } from './languages.schema.ts';
import { ADMIN_PASSWORD_MIN_LENGTH, SETUP_MESSAGES, SETUP_STATUSES } from './setup.ts';
import { text } from './text.schema.ts';

// The schemas of the set-up (its values, messages and types: setup.ts).

export const SetupTokenParamsSchema = z.object({ token: z.string().min(20).max(100) });

/** `GET /api/setup/{token}`: open (the form may be used), expired (or used), done (an admin exists). */
export const SetupStatusSchema = z.object({ status: z.enum(SETUP_STATUSES) });

/** `POST /api/setup`: creates the first admin and signs them in. */
export const FirstAdminSchema = z.object({
  token: z.string().min(20).max(100),
  fullName: text().min(1).max(200),
  email: EmailSchema,
  password: z.string().min(ADMIN_PASSWORD_MIN_LENGTH, { message: SETUP_MESSAGES.passwordTooShort }).max(200),
});

/** The set-up form: the admin's fields and the password's confirmation (spec §5 "Passwords don't match."). */
export const FirstAdminFormSchema = FirstAdminSchema.omit({ token: true })
  .extend({ confirmPassword: z.string().min(1) })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDontMatch,
    when: () => true,
  });

// The admin's set-up checklist: what a business still has to do before its first booking, read
// from the database and the environment. `ready` is what the customer site needs: a place, a supplier and a car a
// driver can book (until then it says "coming soon"); the other steps say what the configuration gives and what
// production would still need.

const done = z.boolean();

export const SetupChecklistSchema = z.object({
  /** A place, a supplier and a bookable car exist: drivers can book. */
  ready: z.boolean(),
  /** WEBSITE_NAME and CONTACT_EMAIL; done once the contact address is the business's own (not the default). */
  site: z.object({ done, websiteName: z.string(), contactEmail: z.string() }),
  /** LANGUAGES and DEFAULT_LANGUAGE. */
  languages: z.object({ done, languages: z.array(LanguageSchema), defaultLanguage: LanguageSchema }),
  /** BASE_CURRENCY, and how many display currencies drivers choose from. */
  currencies: z.object({ done, baseCurrency: z.string(), displayCurrencies: z.number().int() }),
  place: z.object({ done, countries: z.number().int(), locations: z.number().int() }),
  supplier: z.object({ done, suppliers: z.number().int() }),
  /** Done when a car is bookable: available, not fully booked, offered at a place. */
  car: z.object({ done, cars: z.number().int(), bookableCars: z.number().int() }),
  /** Which providers take payments; `missing`: the variables a real provider still needs (none when one is set). */
  payments: z.object({
    done,
    card: z.enum(['demo', 'stripe']).nullable(),
    wallet: z.boolean(),
    missing: z.array(z.string()),
  }),
  /** SMTP delivery; a test e-mail goes to `adminEmail`. */
  email: z.object({ done, smtp: z.boolean(), adminEmail: z.string(), missing: z.array(z.string()) }),
  /** The settings NODE_ENV=production refuses to start without (server config.ts), by name. */
  production: z.object({ done, missing: z.array(z.string()) }),
});

/** `POST /api/setup-test-email`: where the test e-mail went, and whether SMTP took it (else it is in the outbox). */
export const TestEmailResultSchema = z.object({ to: z.string(), smtp: z.boolean() });

import { z } from 'zod';
import { LanguageSchema } from './languages.schema.ts';

// The admin's set-up checklist (issue #26 item 2): what a business still has to do before its first booking, read
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
export type SetupChecklist = z.infer<typeof SetupChecklistSchema>;
export type SetupStep = Exclude<keyof SetupChecklist, 'ready'>;

/** `POST /api/setup-test-email`: where the test e-mail went, and whether SMTP took it (else it is in the outbox). */
export const TestEmailResultSchema = z.object({ to: z.string(), smtp: z.boolean() });
export type TestEmailResult = z.infer<typeof TestEmailResultSchema>;

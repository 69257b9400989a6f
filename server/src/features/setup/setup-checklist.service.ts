import { CURRENCIES } from '@roam/contract/currencies';
import { LanguageSchema } from '@roam/contract/languages.schema';
import type { SetupChecklist, TestEmailResult } from '@roam/contract/setup';
import { cardGateway } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import { bookableCarCount, currentFleet } from '#server/features/cars/cars.service.ts';
import { listAdminLocations } from '#server/features/locations/locations-admin.service.ts';
import { siteSettings } from '#server/features/site-settings/site-settings.service.ts';
import { listSuppliers } from '#server/features/suppliers/suppliers.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { testEmail } from './setup.mail.ts';

// The admin's set-up checklist, computed on each call from the database (places, suppliers, the
// live fleet of the search index, the site's name, contact e-mail and default language the admin sets in the console)
// and the configuration, which holds the languages offered, currencies, providers and e-mail delivery: those are set
// in the environment (README "Configuration"), not in the app.

/** The documented default of CONTACT_EMAIL (config.ts): a business has not set its own while it is this one (in the
 * console or the environment). */
const DEFAULT_CONTACT = 'info@roam.localhost';

export async function setupChecklist(ctx: AppContext, admin: Pick<SessionUser, 'email'>): Promise<SetupChecklist> {
  const { config } = ctx;
  const [site, places, suppliers, fleet, bookableCars] = await Promise.all([
    siteSettings(ctx),
    listAdminLocations(ctx),
    listSuppliers(ctx),
    currentFleet(ctx),
    bookableCarCount(ctx),
  ]);
  const card = cardGateway(config);
  const wallet = Boolean(config.PAYPAL_CLIENT_ID);
  const place = {
    done: places.locations.length > 0,
    countries: places.countries.length,
    locations: places.locations.length,
  };
  const supplier = { done: suppliers.length > 0, suppliers: suppliers.length };
  const car = { done: bookableCars > 0, cars: fleet.cars.length, bookableCars };
  const emailMissing = [...(config.SMTP_URL ? [] : ['SMTP_URL']), ...(config.MAIL_FROM ? [] : ['MAIL_FROM'])];
  return {
    ready: place.done && supplier.done && car.done,
    site: {
      done: site.contactEmail !== DEFAULT_CONTACT,
      websiteName: site.websiteName,
      contactEmail: site.contactEmail,
    },
    languages: { done: true, languages: config.languages, defaultLanguage: site.defaultLanguage },
    currencies: { done: true, baseCurrency: config.BASE_CURRENCY, displayCurrencies: CURRENCIES.length },
    place,
    supplier,
    car,
    payments: {
      // The demo gateway takes no real money: done once a real provider is configured.
      done: card === 'stripe' || wallet,
      card,
      wallet,
      missing:
        card === 'stripe' || wallet
          ? []
          : [
              'STRIPE_SECRET_KEY',
              'STRIPE_PUBLISHABLE_KEY',
              'STRIPE_WEBHOOK_SECRET',
              'PAYPAL_CLIENT_ID',
              'PAYPAL_CLIENT_SECRET',
            ],
    },
    email: {
      done: emailMissing.length === 0,
      smtp: Boolean(config.SMTP_URL),
      adminEmail: admin.email,
      missing: emailMissing,
    },
    production: { done: config.productionGaps.length === 0, missing: config.productionGaps },
  };
}

/**
 * Sends the admin a test e-mail through the outbox and SMTP, now. Without SMTP_URL it stays in
 * the outbox (and the log outside production); an SMTP refusal is answered with SMTP's reason, for the admin to fix.
 */
export async function sendTestEmail(
  ctx: AppContext,
  admin: Pick<SessionUser, 'email' | 'fullName' | 'language'>,
): Promise<TestEmailResult> {
  const parsed = LanguageSchema.safeParse(admin.language);
  const site = await siteSettings(ctx);
  const mail = testEmail(parsed.success ? parsed.data : site.defaultLanguage, {
    site: site.websiteName,
    name: admin.fullName,
    to: admin.email,
  });
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('SERVICE_UNAVAILABLE', `The test e-mail could not be sent: ${reason}`);
  }
  return { to: admin.email, smtp: Boolean(ctx.config.SMTP_URL) };
}

import type { SetupChecklist } from '@roam/contract/setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import operatorAdmin from '#web/i18n/locales/en/operatorAdmin.json';
import operatorSetup from '#web/i18n/locales/en/operatorSetup.json';
import { refusal, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { SetupChecklistScreen } from './setup-checklist-screen';

// The admin's set-up checklist — each step done or to do, with the screen that does it or the
// variables the environment sets, and the test e-mail.

screenTests(['common']);
beforeAll(() => {
  // The console's strings load with its screens (console/app/router.tsx); here the screen alone is rendered.
  i18next.addResourceBundle('en', 'translation', { operatorAdmin, operatorSetup }, true, true);
});

const EMPTY_SITE: SetupChecklist = {
  ready: false,
  site: { done: false, websiteName: 'Roam', contactEmail: 'info@roam.localhost' },
  languages: { done: true, languages: ['en', 'fr'], defaultLanguage: 'en' },
  currencies: { done: true, baseCurrency: 'EUR', displayCurrencies: 140 },
  place: { done: false, countries: 0, locations: 0 },
  supplier: { done: true, suppliers: 1 },
  car: { done: false, cars: 2, bookableCars: 0 },
  payments: { done: false, card: 'demo', wallet: false, missing: ['STRIPE_SECRET_KEY', 'PAYPAL_CLIENT_ID'] },
  email: { done: false, smtp: false, adminEmail: 'ada@rent.example', missing: ['SMTP_URL', 'MAIL_FROM'] },
  production: { done: false, missing: ['PUBLIC_URL', 'SMTP_URL'] },
};

const step = (name: string) => {
  const heading = screen.getByRole('heading', { level: 2, name });
  return within(heading.closest('li') as HTMLElement);
};

describe('the set-up checklist screen', () => {
  it('says what is done and what is not, each with the screen or the settings that do it', async () => {
    serveApi({ 'GET /api/setup-status': () => Response.json(EMPTY_SITE) });
    renderScreen(<SetupChecklistScreen />, { path: '/operator/setup' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your rental business' })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'The first place' });

    const place = step('The first place');
    expect(place.getByText('To do')).toBeTruthy();
    expect(place.getByText('0 countries, 0 places.')).toBeTruthy();
    expect(place.getByRole('link', { name: 'Add countries and places' }).getAttribute('href')).toBe('/operator/places');

    const supplier = step('The first supplier');
    expect(supplier.getByText('Done')).toBeTruthy();
    expect(supplier.getByRole('link', { name: 'Invite a supplier' }).getAttribute('href')).toBe('/operator/suppliers');

    const car = step('The first car');
    expect(car.getByText('0 of 2 cars can be booked.')).toBeTruthy();
    expect(car.getByRole('link', { name: 'Import cars from a CSV file' }).getAttribute('href')).toBe(
      '/operator/cars/import',
    );

    // The site's name, contact and default language are changed in the console's settings; what only the
    // environment sets (the languages offered) is named.
    const site = step('Site name and contact e-mail');
    expect(site.getByText('To do')).toBeTruthy();
    expect(site.getByRole('link', { name: 'Change the name and contact e-mail' }).getAttribute('href')).toBe(
      '/operator/settings',
    );
    const languages = step('Languages');
    expect(languages.getByText('Offered: English, French. First language: English.')).toBeTruthy();
    expect(languages.getByRole('link', { name: 'Change the default language' }).getAttribute('href')).toBe(
      '/operator/settings',
    );
    expect(languages.getByText('LANGUAGES')).toBeTruthy();
    const payments = step('Payment providers');
    expect(payments.getByText('Cards: the demo gateway (test mode, no real charge).')).toBeTruthy();
    expect(payments.getByText('STRIPE_SECRET_KEY')).toBeTruthy();
    expect(step('Ready for production').getByText('PUBLIC_URL')).toBeTruthy();
  });

  it('sends the test e-mail and says where it went; too many is said so', async () => {
    let sent = 0;
    const calls = serveApi({
      'GET /api/setup-status': () => Response.json(EMPTY_SITE),
      'POST /api/setup-test-email': () => {
        sent += 1;
        return sent > 1 ? refusal(429, 'RATE_LIMITED') : Response.json({ to: 'ada@rent.example', smtp: false });
      },
    });
    const user = userEvent.setup();
    renderScreen(<SetupChecklistScreen />, { path: '/operator/setup' });
    const button = await screen.findByRole('button', { name: 'Send a test e-mail to ada@rent.example' });
    await user.click(button);
    expect(
      await screen.findByText('Test e-mail written to the outbox for ada@rent.example (no SMTP server).'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.route === 'POST /api/setup-test-email')).toHaveLength(1);
    await user.click(button);
    expect(await screen.findByText('Too many test e-mails: please wait a few minutes.')).toBeTruthy();
  });
});

// The English strings (the source of truth, HOUSE-STYLE i18n) as one type: one file per area under
// locales/<language>/<area>.json, each loaded when a screen that shows it is (see index.ts and areas.json).
import type account from './locales/en/account.json';
import type auth from './locales/en/auth.json';
import type bookings from './locales/en/bookings.json';
import type cars from './locales/en/cars.json';
import type checkout from './locales/en/checkout.json';
import type common from './locales/en/common.json';
import type cookies from './locales/en/cookies.json';
import type footer from './locales/en/footer.json';
import type forms from './locales/en/forms.json';
import type header from './locales/en/header.json';
import type home from './locales/en/home.json';
import type info from './locales/en/info.json';
import type locations from './locales/en/locations.json';
import type nav from './locales/en/nav.json';
import type newsletter from './locales/en/newsletter.json';
import type notFound from './locales/en/notFound.json';
import type notifications from './locales/en/notifications.json';
import type operator from './locales/en/operator.json';
import type operatorCars from './locales/en/operatorCars.json';
import type operatorImport from './locales/en/operatorImport.json';
import type operatorProfile from './locales/en/operatorProfile.json';
import type operatorRequests from './locales/en/operatorRequests.json';
import type payment from './locales/en/payment.json';
import type search from './locales/en/search.json';
import type setup from './locales/en/setup.json';
import type suppliers from './locales/en/suppliers.json';

export type Translations = {
  account: typeof account;
  auth: typeof auth;
  bookings: typeof bookings;
  cars: typeof cars;
  checkout: typeof checkout;
  common: typeof common;
  cookies: typeof cookies;
  footer: typeof footer;
  forms: typeof forms;
  header: typeof header;
  home: typeof home;
  info: typeof info;
  locations: typeof locations;
  nav: typeof nav;
  newsletter: typeof newsletter;
  notFound: typeof notFound;
  notifications: typeof notifications;
  operator: typeof operator;
  operatorCars: typeof operatorCars;
  operatorImport: typeof operatorImport;
  operatorProfile: typeof operatorProfile;
  operatorRequests: typeof operatorRequests;
  payment: typeof payment;
  search: typeof search;
  setup: typeof setup;
  suppliers: typeof suppliers;
};

export type Area = keyof Translations;

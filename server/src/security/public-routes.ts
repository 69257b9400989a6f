/** The routes anyone may call (sign-in, search, checkout and payment as a guest, …); every other one needs a session. */
export const PUBLIC_ROUTES = [
  'POST /api/sign-in/frontend',
  'POST /api/sign-out',
  'POST /api/sign-up',
  'POST /api/validate-email',
  'POST /api/verify-recaptcha/:token/:ip',
  'GET /api/check-token/:appType/:userId/:email/:token',
  'POST /api/activate',
  'POST /api/resend/:appType/:email/:reset',
  'POST /api/social-sign-in',
  'POST /api/search-cars/:page/:size',
  'GET /api/range-prices',
  'GET /api/car/:id',
  'GET /api/files/:id',
  'POST /api/checkout',
  // The checkout's promo code field: rate limited per IP, and unknown codes spend a budget per IP (a code is a secret).
  'POST /api/check-promo-code',
  'POST /api/send-email',
  'GET /api/currency-rates',
  'GET /api/convert',
  'GET /api/country-code',
  'GET /api/locations',
  'GET /api/locations-with-position',
  'GET /api/location/:id',
  'GET /api/countries-with-locations',
  'GET /api/opening-times',
  'GET /api/car-catalogue-extras/:id',
  // The checkout's fees by rule before Book: the business's rules only, nothing of the driver; rate limited per IP.
  'GET /api/car-rental-fees/:id',
  'POST /api/newsletter/subscribe',
  'POST /api/newsletter/confirm',
  'POST /api/newsletter/unsubscribe',
  'POST /api/demo-payment/:bookingId',
  'GET /api/checkout-session/:sessionId',
  // A guest's payment step: public as the payment calls are; only the party that placed the
  // booking is answered — its driver's session or the guest's cookie.
  'GET /api/booking-payment/:bookingId',
  'POST /api/create-paypal-order/',
  'POST /api/check-paypal-order/:bookingId/:orderId',
  'POST /api/stripe-webhook',
  'POST /api/create-license',
  'POST /api/delete-temp-license/:file',
  'GET /api/suppliers',
  'GET /api/health',
  'GET /api/settings',
  // The first admin's set-up link: the link's secret is the credential; both are rate limited per IP.
  'GET /api/setup/:token',
  'POST /api/setup',
  // Managing a booking without an account: the same answer whether or not a booking matches, the
  // link e-mailed to the booking's address; the link's secret is the credential. Rate limited per IP (and e-mail).
  'POST /api/manage-booking-link',
  'POST /api/open-manage-link',
];

import type { CarDetails } from '@roam/contract/cars';
import type { CheckoutBody, CheckoutResult } from '@roam/contract/checkout';
import { PAYMENT_OPTIONS, type PaymentOption } from '@roam/contract/enums';
import type { Location } from '@roam/contract/locations';
import { type ChosenExtras, calculatePrice, type PriceBreakdown, paymentSplit } from '@roam/contract/price';
import type { User } from '@roam/contract/users';
import { type FormEvent, lazy, type ReactNode, Suspense, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { importWithStrings, useLanguage } from '../../i18n';
import { formatInZone } from '../../i18n/formats';
import { isApiError } from '../../lib/api-client';
import { useLocations } from '../../lib/locations';
import { readCriteria, type SearchCriteria, toSearchParams } from '../../lib/search-params';
import { useSession } from '../../lib/session';
import { useSettings } from '../../lib/settings';
import { useMoney } from '../../lib/use-money';
import { CarFacts, SupplierLogo } from '../../ui/car-facts';
import { ExtrasToggles } from '../../ui/extras-toggles';
import { Page } from '../../ui/page';
import { PageLoading } from '../../ui/page-loading';
import { toast } from '../../ui/toast';
import { validateEmail } from '../auth/api/sign-up';
import { useCar } from '../cars/api/get-car';
import { hereHref, isEmail } from './lib/format';
import type { Errors, Person } from './lib/place-booking';
import '../../ui/form-field.css';
import '../../ui/panel.css';
import './checkout.css';

// The pay step shows only once the booking is made, so its code is not part of the form's: it downloads while the
// booking is sent (`submit`).
const loadPayStep = () => import('./components/pay-step');
const PayStep = lazy(() => loadPayStep().then((module) => ({ default: module.PayStep })));
const loadPlaceBooking = () =>
  importWithStrings('features/checkout/lib/place-booking', () => import('./lib/place-booking'));

const EMPTY_PERSON: Person = { fullName: '', email: '', phone: '', birthDate: '' };

/** A place and those above it (an airport, then its city). */
const withParents = (places: Location[], id: string | null): Location[] => {
  const place = places.find((p) => p._id === id);
  return place ? [place, ...withParents(places, place.parentId)] : [];
};

/** Booking options, details, driver, payment options and the pick-up checklist (spec §2), then the payment. */
export function CheckoutScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const carId = params.get('carId');
  const criteria = readCriteria(params);
  const car = useCar(criteria ? carId : null);
  const session = useSession();
  // The places searched, not the car's own: a search for Lyon offers the cars at Lyon's airport (the server's search
  // and checkout match a place, the places above it and those below it).
  const locations = useLocations();

  if (!carId || !criteria) {
    return (
      <Page title={t('checkout.title')} description={t('checkout.description')}>
        <p>{t('checkout.noCar')}</p>
        <Link className="button" to="/search">
          {t('checkout.backToSearch')}
        </Link>
      </Page>
    );
  }
  if (car.isPending || session.isLoading || locations.isPending) return <PageLoading />;
  const places = locations.data ?? [];
  const pickupPlaces = withParents(places, criteria.pickupLocationId);
  const [pickupPlace] = pickupPlaces;
  const offered = car.data?.locations.some(
    (at) =>
      pickupPlaces.some((p) => p._id === at._id) ||
      withParents(places, at._id).some((p) => p._id === criteria.pickupLocationId),
  );
  // Unknown locations (their list did not load) are left to the server's checkout.
  if (!car.data || (!offered && places.length > 0)) {
    return (
      <Page title={t('checkout.title')}>
        <p role="alert">{t(car.data ? 'checkout.notOffered' : 'checkout.carNotFound')}</p>
        <Link className="button" to={`/search?${toSearchParams(criteria)}`}>
          {t('checkout.backToSearch')}
        </Link>
      </Page>
    );
  }
  return (
    <CheckoutForm
      car={car.data}
      criteria={criteria}
      user={session.user}
      pickupPlace={pickupPlace}
      dropoffPlace={withParents(places, criteria.dropoffLocationId)[0]}
    />
  );
}

type CheckoutFormProps = {
  car: CarDetails;
  criteria: SearchCriteria;
  user: User | null;
  pickupPlace: Location | undefined;
  dropoffPlace: Location | undefined;
};

function CheckoutForm({ car, criteria, user, pickupPlace, dropoffPlace }: CheckoutFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoney();
  const settings = useSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);

  const timeZone = pickupPlace?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const minimumAge = Math.max(settings.minDriverAge, car.minimumAge);

  const [extras, setExtras] = useState<ChosenExtras>({});
  const [option, setOption] = useState<PaymentOption>(car.supplier.payLater ? 'payLater' : 'full');
  const [driver, setDriver] = useState<Person>(EMPTY_PERSON);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [additional, setAdditional] = useState<Person>(EMPTY_PERSON);
  const [licence, setLicence] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [carTaken, setCarTaken] = useState(false);
  const [pending, setPending] = useState<CheckoutResult | null>(null);

  const price: PriceBreakdown | null = useMemo(() => {
    try {
      return calculatePrice({
        car,
        priceChangeRate: car.supplier.priceChangeRate,
        pickupAt: new Date(criteria.pickupAt),
        dropoffAt: new Date(criteria.dropoffAt),
        timeZone,
        extras,
      });
    } catch {
      return null;
    }
  }, [car, criteria, timeZone, extras]);

  const searchHref = `/search?${toSearchParams(criteria)}`;
  const signInHref = hereHref(location);
  // Online options need a gateway: none in production without a card provider or the wallet (settings.payment).
  const online = settings.payment.card !== null || settings.payment.wallet;
  const options = PAYMENT_OPTIONS.filter((o) => (o === 'payLater' ? car.supplier.payLater : online));

  const emailTaken = (
    <>
      {t('checkout.errors.emailTaken')} <Link to={signInHref}>{t('checkout.errors.signInInstead')}</Link>
    </>
  );

  const focusFirstError = (found: Errors) => {
    const first = Object.keys(found)[0];
    if (!first) return;
    const target = formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
    target?.focus();
  };

  // Spec §7 validate-email: a guest learns on leaving the field that the address has an account, with a way to sign
  // in and come back here. Only the latest address's answer counts.
  const blurredEmail = useRef('');
  const checkEmailOnBlur = async () => {
    const email = driver.email.trim();
    blurredEmail.current = email;
    if (!email) return;
    const setEmailError = (error: ReactNode | null) =>
      setErrors((current) => {
        const next = { ...current };
        if (error) next['driver.email'] = error;
        else delete next['driver.email'];
        return next;
      });
    if (!isEmail(email)) return setEmailError(t('checkout.errors.email'));
    // The message (and its sign-in link) stays until the answer: a click on that link blurs this field first.
    try {
      await validateEmail(email);
      if (blurredEmail.current === email) setEmailError(null);
    } catch (error) {
      // Anything but "taken" (rate limit, network) is left to the submit, which checks again.
      if (isApiError(error) && error.code === 'EMAIL_TAKEN' && blurredEmail.current === email) {
        setEmailError(emailTaken);
      }
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setCarTaken(false);
    try {
      if (option !== 'payLater') {
        // Failures are not reported here: rendering the pay step imports again and reports its own error.
        loadPayStep().catch(() => {});
      }
      const { placeBooking } = await loadPlaceBooking();
      const placed = await placeBooking({
        car,
        criteria,
        user,
        driver,
        acceptTerms,
        additional,
        extras,
        option,
        currency: money.currency as CheckoutBody['currency'],
        language,
        licence,
        minimumAge,
        timeZone,
        emailTaken,
        t,
      });
      if (!placed) return;
      if ('carTaken' in placed) return setCarTaken(true);
      setErrors('errors' in placed ? placed.errors : {});
      if ('errors' in placed) return focusFirstError(placed.errors);
      const { result } = placed;
      if (!result.payment && !(option !== 'payLater' && result.walletEnabled)) {
        await navigate(`/checkout-session/${result.bookingId}`, {
          state: { outcome: 'booked', accountCreated: result.accountCreated },
        });
      } else if (result.payment?.provider === 'stripe' && !result.walletEnabled) {
        window.location.assign(result.payment.url);
      } else {
        setPending(result);
      }
    } finally {
      setBusy(false);
    }
  };

  const onPaid = () => {
    if (!pending) return;
    void navigate(`/checkout-session/${pending.bookingId}`, {
      state: { outcome: 'paid', accountCreated: pending.accountCreated },
    });
  };
  const onFailed = (code: string) => {
    if (code === 'CAR_UNAVAILABLE') {
      setPending(null);
      setCarTaken(true);
      return;
    }
    toast.error(t('checkout.paymentFailed'));
    // A declined payment releases the car: the booking must be made again.
    if (code === 'PAYMENT_FAILED') setPending(null);
  };

  const personFields = (prefix: 'driver' | 'additionalDriver', value: Person, set: (p: Person) => void) => (
    <div className="form-grid">
      {(['fullName', 'email', 'phone', 'birthDate'] as const).map((field) => {
        const key = `${prefix}.${field}`;
        const inputId = `${id}-${prefix}-${field}`;
        const error = errors[key];
        return (
          <div key={field} className="form-field">
            <label htmlFor={inputId}>{t(`checkout.driver.${field}`)}</label>
            <input
              id={inputId}
              data-field={key}
              className="text-field"
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : field === 'birthDate' ? 'date' : 'text'}
              autoComplete={
                prefix === 'driver'
                  ? { fullName: 'name', email: 'email', phone: 'tel', birthDate: 'bday' }[field]
                  : 'off'
              }
              required
              value={value[field]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={(event) => set({ ...value, [field]: event.target.value })}
              onBlur={prefix === 'driver' && field === 'email' ? checkEmailOnBlur : undefined}
            />
            {error ? (
              <p id={`${inputId}-error`} className="field-error">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );

  const split = price ? paymentSplit(price, option) : null;
  // Lines include the supplier's price change, as the card's price does; the total is the engine's, exactly.
  const withChange = (amount: number) => Math.round(amount * (1 + car.supplier.priceChangeRate / 100));
  const when = (iso: string, zone: string | undefined) => formatInZone(iso, zone ?? timeZone, language);
  // The server's date messages (spec §5): there is no date field here, so they show by the dates, focusable.
  const dateError = (field: 'pickupAt' | 'dropoffAt') =>
    errors[field] ? (
      <p className="field-error" data-field={field} tabIndex={-1}>
        {errors[field]}
      </p>
    ) : null;

  if (pending) {
    return (
      <Suspense fallback={<PageLoading />}>
        <PayStep pending={pending} car={car} timeZone={timeZone} onPaid={onPaid} onFailed={onFailed} />
      </Suspense>
    );
  }

  return (
    <Page title={t('checkout.title')} description={t('checkout.description')}>
      {carTaken ? (
        <div className="checkout-alert" role="alert">
          <p>{t('checkout.carTaken')}</p>
          <Link className="button" to={searchHref}>
            {t('checkout.backToSearch')}
          </Link>
        </div>
      ) : null}
      <form ref={formRef} className="checkout" onSubmit={submit} noValidate>
        <div className="checkout__main">
          <section className="checkout-section" aria-labelledby={`${id}-details`}>
            <h2 id={`${id}-details`} className="checkout-section__title">
              {t('checkout.details.title')}
            </h2>
            <div className="checkout-car">
              {car.image ? (
                <img
                  src={car.image}
                  alt=""
                  width={240}
                  height={160}
                  fetchPriority="high"
                  className="checkout-car__image"
                />
              ) : null}
              <div>
                <p className="checkout-car__name">{car.name}</p>
                <SupplierLogo supplier={car.supplier} />
              </div>
            </div>
            <dl className="checkout-summary">
              <div>
                <dt>{t('checkout.details.supplier')}</dt>
                <dd>{car.supplier.fullName}</dd>
              </div>
              <div>
                <dt>{t('checkout.details.pickupLocation')}</dt>
                <dd>{pickupPlace?.name ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('checkout.details.dropoffLocation')}</dt>
                <dd>{dropoffPlace?.name ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('checkout.details.pickupAt')}</dt>
                <dd>
                  {when(criteria.pickupAt, pickupPlace?.timeZone)}
                  {dateError('pickupAt')}
                </dd>
              </div>
              <div>
                <dt>{t('checkout.details.dropoffAt')}</dt>
                <dd>
                  {when(criteria.dropoffAt, dropoffPlace?.timeZone)}
                  {dateError('dropoffAt')}
                </dd>
              </div>
              <div>
                <dt>{t('checkout.details.days')}</dt>
                <dd>{price ? t('checkout.details.dayCount', { count: price.rentalDays }) : '—'}</dd>
              </div>
            </dl>
            <details className="checkout-facts">
              <summary>{t('checkout.details.facts')}</summary>
              <CarFacts car={car} />
            </details>
          </section>

          <section className="checkout-section">
            <ExtrasToggles car={car} value={extras} onChange={setExtras} />
          </section>

          <section className="checkout-section" aria-labelledby={`${id}-driver`}>
            <h2 id={`${id}-driver`} className="checkout-section__title">
              {t('checkout.driver.title')}
            </h2>
            {user ? (
              <>
                <dl className="checkout-summary">
                  <div>
                    <dt>{t('checkout.driver.fullName')}</dt>
                    <dd>{user.fullName}</dd>
                  </div>
                  <div>
                    <dt>{t('checkout.driver.email')}</dt>
                    <dd>{user.email}</dd>
                  </div>
                  <div>
                    <dt>{t('checkout.driver.phone')}</dt>
                    <dd>{user.phone ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>{t('checkout.driver.birthDate')}</dt>
                    <dd>{user.birthDate ?? '—'}</dd>
                  </div>
                </dl>
                {errors['driver.birthDate'] ? <p className="field-error">{errors['driver.birthDate']}</p> : null}
              </>
            ) : (
              <>
                <p className="checkout-hint">
                  {t('checkout.driver.haveAccount')} <Link to={signInHref}>{t('checkout.driver.signIn')}</Link>
                </p>
                {personFields('driver', driver, setDriver)}
                <p className="checkout-hint">{t('checkout.driver.minimumAge', { age: minimumAge })}</p>
                <div className="form-field form-field--check">
                  <input
                    id={`${id}-terms`}
                    data-field="driver.acceptTerms"
                    type="checkbox"
                    checked={acceptTerms}
                    aria-invalid={errors['driver.acceptTerms'] ? true : undefined}
                    aria-describedby={errors['driver.acceptTerms'] ? `${id}-terms-error` : undefined}
                    onChange={(event) => setAcceptTerms(event.target.checked)}
                  />
                  <label htmlFor={`${id}-terms`}>{t('checkout.driver.acceptTerms')}</label>
                  <Link className="form-field__aside" to="/tos" target="_blank">
                    {t('checkout.driver.termsLink')}
                  </Link>
                  {errors['driver.acceptTerms'] ? (
                    <p id={`${id}-terms-error`} className="field-error">
                      {errors['driver.acceptTerms']}
                    </p>
                  ) : null}
                </div>
              </>
            )}
          </section>

          {extras.additionalDriver ? (
            <section className="checkout-section" aria-labelledby={`${id}-additional`}>
              <h2 id={`${id}-additional`} className="checkout-section__title">
                {t('checkout.additionalDriver.title')}
              </h2>
              {personFields('additionalDriver', additional, setAdditional)}
            </section>
          ) : null}

          {car.supplier.licenseRequired ? (
            <section className="checkout-section" aria-labelledby={`${id}-licence`}>
              <h2 id={`${id}-licence`} className="checkout-section__title">
                {t('checkout.licence.title')}
              </h2>
              <div className="form-field">
                <label htmlFor={`${id}-licence-file`}>{t('checkout.licence.label')}</label>
                <input
                  id={`${id}-licence-file`}
                  data-field="licence"
                  type="file"
                  accept="image/*,application/pdf"
                  aria-invalid={errors.licence ? true : undefined}
                  aria-describedby={`${id}-licence-hint${errors.licence ? ` ${id}-licence-error` : ''}`}
                  onChange={(event) => setLicence(event.target.files?.[0] ?? null)}
                />
                <p id={`${id}-licence-hint`} className="checkout-hint">
                  {t('checkout.licence.hint')}
                </p>
                {errors.licence ? (
                  <p id={`${id}-licence-error`} className="field-error">
                    {errors.licence}
                  </p>
                ) : null}
              </div>
            </section>
          ) : null}

          <section className="checkout-section">
            <fieldset className="payment-options">
              <legend className="checkout-section__title">{t('checkout.payment.title')}</legend>
              {options.map((value) => {
                const share = price ? paymentSplit(price, value) : null;
                const optionId = `${id}-option-${value}`;
                return (
                  <div key={value} className="payment-option">
                    <input
                      id={optionId}
                      type="radio"
                      name="paymentOption"
                      value={value}
                      checked={option === value}
                      onChange={() => setOption(value)}
                      aria-describedby={`${optionId}-desc`}
                    />
                    <label htmlFor={optionId}>
                      <span className="payment-option__name">{t(`checkout.payment.${value}.label`)}</span>
                    </label>
                    <p id={`${optionId}-desc`} className="payment-option__desc">
                      {t(`checkout.payment.${value}.description`)}
                      {share ? (
                        <span className="payment-option__split">
                          {t('checkout.payment.split', {
                            now: money.format(share.payNow),
                            later: money.format(share.payAtPickup),
                          })}
                        </span>
                      ) : null}
                    </p>
                  </div>
                );
              })}
            </fieldset>
          </section>

          <section className="checkout-section" aria-labelledby={`${id}-checklist`}>
            <h2 id={`${id}-checklist`} className="checkout-section__title">
              {t('checkout.checklist.title')}
            </h2>
            <ul className="checkout-checklist">
              <li>{t('checkout.checklist.onTime')}</li>
              <li>{t('checkout.checklist.documents')}</li>
            </ul>
          </section>
        </div>

        <aside className="checkout__aside" aria-labelledby={`${id}-price`}>
          <h2 id={`${id}-price`} className="checkout-section__title">
            {t('checkout.price.title')}
          </h2>
          {price ? (
            <dl className="checkout-price" aria-live="polite">
              <div>
                <dt>{t('checkout.price.rental', { count: price.rentalDays })}</dt>
                <dd>{money.format(withChange(price.rental))}</dd>
              </div>
              {Object.entries(price.extras).map(([extra, cost]) => (
                <div key={extra}>
                  <dt>{t(`cars.extra.${extra as keyof typeof price.extras}`)}</dt>
                  <dd>{money.format(withChange(cost ?? 0))}</dd>
                </div>
              ))}
              <div className="checkout-price__total">
                <dt>{t('checkout.price.total')}</dt>
                <dd>{money.format(price.total)}</dd>
              </div>
              {split ? (
                <>
                  <div>
                    <dt>{t('checkout.price.payNow')}</dt>
                    <dd>{money.format(split.payNow)}</dd>
                  </div>
                  <div>
                    <dt>{t('checkout.price.payAtPickup')}</dt>
                    <dd>{money.format(split.payAtPickup)}</dd>
                  </div>
                </>
              ) : null}
            </dl>
          ) : (
            <p role="alert">{t('checkout.price.invalid')}</p>
          )}
          <button type="submit" className="button button--accent checkout__submit" disabled={busy} aria-busy={busy}>
            {option === 'payLater' ? t('checkout.submit.book') : t('checkout.submit.pay')}
          </button>
        </aside>
      </form>
    </Page>
  );
}

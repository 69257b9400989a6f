import type { Language } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import { EXTRAS, type Extra } from '@roam/contract/price';
import { zonedToInstant } from '@roam/contract/time';
import type { WalkInResult as OperatorCheckoutResult } from '@roam/contract/walk-in';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { importWithStrings, LANGUAGE_NAMES, useLanguage } from '#web/i18n/index';
import { isApiError } from '#web/lib/api-client';
import { useLocations } from '#web/lib/locations';
import { useSession } from '#web/lib/session';
import { useExtraLabel } from '#web/ui/car-facts';
import { CheckboxField, FormMessage, SelectField, TextField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { ChoiceGroup } from '#web/console/components/choice-group';
import { PlaceOptions } from '#web/console/components/place-options';
import { freeCarsQuery, operatorCheckout } from './api/walk-in';
import './walk-in.css';

// Walk-in and phone bookings: the operator picks the place and the period, one of the cars free
// then (the customer search, at the price the rules give), the customer (an existing driver's exact e-mail books for
// that driver; another e-mail makes the customer's account) and how they pay — at the counter, or by an e-mailed
// link. The server books it through the customer's checkout; its refusals show at their fields in the reader's words.

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;
type Payment = 'counter' | 'link';
/**
 * The extras the desk offers: those the car sells (an included one needs no choice), priced by the server with the
 * booking; the additional driver's details are the customer checkout's.
 */
const DESK_EXTRAS = EXTRAS.filter((extra) => extra !== 'additionalDriver');
/** The customer's fields and their input types (the language is a choice of its own). */
const CUSTOMER_FIELDS = [
  ['email', 'email'],
  ['fullName', 'text'],
  ['phone', 'tel'],
  ['birthDate', 'date'],
] as const;
type Customer = { email: string; fullName: string; phone: string; birthDate: string; language: Language };

/** The period as instants at the place's clock, when both ends are complete and in order. */
function periodAt(
  timeZone: string | undefined,
  p: { pickupDate: string; pickupTime: string; dropoffDate: string; dropoffTime: string },
) {
  if (
    !timeZone ||
    !DATE.test(p.pickupDate) ||
    !DATE.test(p.dropoffDate) ||
    !TIME.test(p.pickupTime) ||
    !TIME.test(p.dropoffTime)
  )
    return null;
  const pickupAt = zonedToInstant({ date: p.pickupDate, time: p.pickupTime }, timeZone).toISOString();
  const dropoffAt = zonedToInstant({ date: p.dropoffDate, time: p.dropoffTime }, timeZone).toISOString();
  return Date.parse(dropoffAt) > Date.parse(pickupAt) ? { pickupAt, dropoffAt } : null;
}

/** The server's refusals by field (`customer.email` → `email`), in the reader's language. */
async function fieldErrorsOf(error: unknown, t: TFunction) {
  if (!isApiError(error)) return { form: t('operatorWalkIn.errors.generic') };
  const { translateMessage } = await importWithStrings('lib/form-messages', () => import('#web/lib/form-messages'));
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors))
    errors[field.replace(/^customer\./, '')] = translateMessage(t, messages[0] ?? '');
  if (Object.keys(errors).length === 0) errors.form = translateMessage(t, error.message);
  return errors;
}

export function WalkInScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const user = useSession().user;
  const locations = useLocations();
  const [place, setPlace] = useState('');
  const [period, setPeriod] = useState({ pickupDate: '', pickupTime: '10:00', dropoffDate: '', dropoffTime: '10:00' });
  const [carId, setCarId] = useState('');
  const [extras, setExtras] = useState<Partial<Record<Extra, boolean>>>({});
  const [customer, setCustomer] = useState<Customer>({ email: '', fullName: '', phone: '', birthDate: '', language });
  const [payment, setPayment] = useState<Payment>('counter');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [booked, setBooked] = useState<OperatorCheckoutResult | null>(null);
  const timeZone = locations.data?.find((location) => location._id === place)?.timeZone;
  const when = periodAt(timeZone, period);
  // The cars free over the period at the place, priced as the customer search prices them; a supplier's own only.
  const search = useQuery(
    freeCarsQuery(
      {
        pickupLocationId: place,
        dropoffLocationId: place,
        pickupAt: when?.pickupAt ?? '',
        dropoffAt: when?.dropoffAt ?? '',
        suppliers: user?.type === 'supplier' ? [user._id] : [],
      },
      50,
      Boolean(place && when),
    ),
  );
  const cars = when ? (search.data?.results ?? []) : [];
  const car = cars.find((candidate) => candidate._id === carId);
  const extraLabel = useExtraLabel(car?.supplier.priceChangeRate ?? 0, (amount) =>
    formatMinor(amount, 'EUR', language),
  );
  const chooseCar = (id: string) => {
    setCarId(id);
    setExtras({});
  };
  const setCustomerField = (field: keyof Customer) => (value: string) => setCustomer({ ...customer, [field]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!place) missing.pickupLocationId = t('operatorWalkIn.errors.place');
    if (!when) missing.pickupAt = t('operatorWalkIn.errors.period');
    if (!carId) missing.carId = t('operatorWalkIn.errors.car');
    if (Object.keys(missing).length > 0 || !when) return setErrors(missing);
    setPending(true);
    try {
      const result = await operatorCheckout({
        carId,
        pickupLocationId: place,
        dropoffLocationId: place,
        ...when,
        extras,
        currency: 'EUR',
        customer: { kind: 'new', ...customer, email: customer.email.trim() },
        payment,
      });
      setErrors({});
      setBooked(result);
    } catch (error) {
      setErrors(await fieldErrorsOf(error, t));
    } finally {
      setPending(false);
    }
  };

  if (booked)
    return (
      <Booked
        result={booked}
        onAnother={() => {
          setBooked(null);
          setCarId('');
        }}
      />
    );
  return (
    <Page title={t('operatorWalkIn.title')} description={t('operatorWalkIn.description')}>
      <form className="walk-in" onSubmit={(event) => void submit(event)} noValidate>
        {errors.form ? <FormMessage>{errors.form}</FormMessage> : null}
        <fieldset className="walk-in__group">
          <legend>{t('operatorWalkIn.when')}</legend>
          <SelectField
            label={t('operatorWalkIn.place')}
            name="place"
            value={place}
            onChange={(value) => {
              setPlace(value);
              setCarId('');
            }}
            error={errors.pickupLocationId}
            required
          >
            <option value="">{t('operatorWalkIn.choosePlace')}</option>
            <PlaceOptions locations={locations.data ?? []} language={language} />
          </SelectField>
          {(['pickup', 'dropoff'] as const).map((end) => (
            <div key={end} className="walk-in__row">
              {(['Date', 'Time'] as const).map((part) => (
                <TextField
                  key={part}
                  label={t(`operatorWalkIn.${end}${part}`)}
                  name={`${end}${part}`}
                  type={part === 'Date' ? 'date' : 'time'}
                  value={period[`${end}${part}`]}
                  onChange={(value) => setPeriod({ ...period, [`${end}${part}`]: value })}
                  error={part === 'Date' ? errors[`${end}At`] : undefined}
                  required
                />
              ))}
            </div>
          ))}
        </fieldset>
        <section className="walk-in__group" aria-labelledby="walk-in-cars" aria-busy={search.isFetching}>
          <h2 id="walk-in-cars">{t('operatorWalkIn.cars')}</h2>
          {!when || !place ? <p>{t('operatorWalkIn.choosePeriod')}</p> : null}
          {when && place && search.isSuccess && cars.length === 0 ? <p>{t('operatorWalkIn.noCars')}</p> : null}
          {cars.length > 0 ? (
            <ChoiceGroup
              label={t('operatorWalkIn.car')}
              name="carId"
              value={carId}
              onChange={chooseCar}
              error={errors.carId}
              options={cars.map((car) => ({
                value: car._id,
                label: t('operatorWalkIn.carOption', {
                  car: car.name,
                  supplier: car.supplier.fullName,
                  price: formatMinor(car.price.total, 'EUR', language),
                }),
              }))}
            />
          ) : null}
          {errors.carId && cars.length === 0 ? <FormMessage>{errors.carId}</FormMessage> : null}
          {car ? (
            <fieldset className="walk-in__group">
              <legend>{t('cars.extrasTitle')}</legend>
              {DESK_EXTRAS.filter((extra) => car[extra] > 0).map((extra) => (
                <CheckboxField
                  key={extra}
                  name={extra}
                  label={t(`cars.extra.${extra}`)}
                  // Its price as the customer pays it, so the desk can say it before booking.
                  description={extraLabel(extra, car[extra])}
                  value={extras[extra] === true}
                  onChange={(checked) => setExtras({ ...extras, [extra]: checked })}
                />
              ))}
            </fieldset>
          ) : null}
        </section>
        <fieldset className="walk-in__group">
          <legend>{t('operatorWalkIn.customer')}</legend>
          <p className="walk-in__hint">{t('operatorWalkIn.customerHint')}</p>
          {CUSTOMER_FIELDS.map(([field, type]) => (
            <TextField
              key={field}
              label={t(`operatorWalkIn.${field}`)}
              name={field}
              type={type}
              autoComplete="off"
              value={customer[field]}
              onChange={setCustomerField(field)}
              error={errors[field]}
              required
            />
          ))}
          <SelectField
            label={t('operatorWalkIn.language')}
            name="language"
            value={customer.language}
            onChange={setCustomerField('language')}
          >
            {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
        </fieldset>
        <ChoiceGroup
          label={t('operatorWalkIn.payment')}
          name="payment"
          value={payment}
          onChange={setPayment}
          error={errors.payment ?? errors.paymentOption}
          options={[
            { value: 'counter', label: t('operatorWalkIn.counter') },
            { value: 'link', label: t('operatorWalkIn.link') },
          ]}
        />
        <button type="submit" className="button button--accent" disabled={pending}>
          {t('operatorWalkIn.submit')}
        </button>
      </form>
    </Page>
  );
}

function Booked({ result, onAnother }: { result: OperatorCheckoutResult; onAnother: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Page title={t('operatorWalkIn.bookedTitle')}>
      <div className="walk-in" role="status">
        <p>
          {t('operatorWalkIn.booked', {
            reference: result.reference,
            total: formatMinor(result.price.total, 'EUR', language),
          })}
        </p>
        <p>{result.linkSent ? t('operatorWalkIn.linkSent') : t('operatorWalkIn.payAtCounter')}</p>
        {result.accountCreated ? <p>{t('operatorWalkIn.accountCreated')}</p> : null}
        <div className="walk-in__row">
          <Link className="button" to={`/operator/bookings/${result.bookingId}`}>
            {t('operatorWalkIn.open')}
          </Link>
          <button type="button" className="button button--secondary" onClick={onAnother}>
            {t('operatorWalkIn.another')}
          </button>
        </div>
      </div>
    </Page>
  );
}

import { formatMinor } from '@roam/contract/money';
import type { ChosenExtras } from '@roam/contract/price';
import type { PromoDiscount } from '@roam/contract/promo-codes';
import { ageOn, zonedToInstant } from '@roam/contract/time';
import { type WalkInResult as OperatorCheckoutResult, WALK_IN_MESSAGES } from '@roam/contract/walk-in';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithStrings, useLanguage } from '#web/i18n/index';
import { isApiError } from '#web/lib/api-client';
import { useLocations } from '#web/lib/locations';
import { useSession } from '#web/lib/session';
import { FormMessage, SelectField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { ChoiceGroup } from '#web/console/components/choice-group';
import { PlaceOptions } from '#web/console/components/place-options';
import { useOperatorCars } from '#web/console/fleet/api/fleet';
import { freeCarsQuery, operatorCheckout } from './api/walk-in';
import { Booked } from './walk-in-booked';
import { CarExtras, deskPrice, NO_SECOND_DRIVER, type SecondDriver, secondDriverBody } from './walk-in-car';
import { type Customer, CustomerFields } from './walk-in-customer';
import { DeskCatalogue, DeskLines, useDeskOffer } from './walk-in-offer';
import { type Period, PeriodFields, usePeriodTimes } from './walk-in-period';
import { promoMessage, WalkInPromo } from './walk-in-promo';
import './walk-in.css';

// Walk-in and phone bookings: the operator picks the place and the period (the times the place takes), one of the
// cars free then (the customer search, at the price the rules give, with its plate), its extras (the total follows),
// the customer (an existing driver's exact e-mail books for that driver; another e-mail makes the customer's
// account; none — at the counter only — makes one no mail reaches) and how they pay — at the counter, or by an
// e-mailed link. The server books it through the customer's checkout; its refusals show at their fields in the
// reader's words.

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;
type Payment = 'counter' | 'link';

/** The period as instants at the place's clock, when both ends are complete and in order. */
function periodAt(timeZone: string | undefined, p: Period) {
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
  const translate = (message: string) =>
    message === WALK_IN_MESSAGES.linkNeedsEmail
      ? t('operatorWalkIn.errors.linkNeedsEmail')
      : (promoMessage(t, message) ?? translateMessage(t, message));
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors))
    errors[field.replace(/^customer\./, '')] = translate(messages[0] ?? '');
  if (Object.keys(errors).length === 0) errors.form = translateMessage(t, error.message);
  return errors;
}

export function WalkInScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const user = useSession().user;
  const locations = useLocations();
  const [place, setPlace] = useState('');
  const [period, setPeriod] = useState<Period>({
    pickupDate: '',
    pickupTime: '10:00',
    dropoffDate: '',
    dropoffTime: '10:00',
  });
  const [carId, setCarId] = useState('');
  const [extras, setExtras] = useState<ChosenExtras>({});
  const [second, setSecond] = useState<SecondDriver>(NO_SECOND_DRIVER);
  const [customer, setCustomer] = useState<Customer>({ email: '', fullName: '', phone: '', birthDate: '', language });
  const [payment, setPayment] = useState<Payment>('counter');
  const [promo, setPromo] = useState<PromoDiscount | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [booked, setBooked] = useState<OperatorCheckoutResult | null>(null);
  const placeRow = locations.data?.find((location) => location._id === place);
  const timeZone = placeRow?.timeZone;
  const when = periodAt(timeZone, period);
  const times = usePeriodTimes(place, period);
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
  // Their plates, which the customer search does not carry: the operator's own car list at the place.
  const fleet = useOperatorCars({ locationId: place || undefined, ranges: [], availability: [], sort: 'name' }, 1, 100);
  const plateOf = (id: string) => fleet.data?.results.find((row) => row._id === id)?.licensePlate ?? null;
  const cars = when ? (search.data?.results ?? []) : [];
  const car = cars.find((candidate) => candidate._id === carId);
  const offer = useDeskOffer(car, place, when, { birthDate: customer.birthDate, timeZone });
  // Not priced until the business's offer has answered: never a total without a line the server will charge.
  const price =
    car && when && placeRow && offer.ready
      ? deskPrice(car, when, { timeZone: placeRow.timeZone, openingHours: placeRow.openingHours }, extras, promo, {
          catalogueExtras: offer.catalogueExtras,
          rentalFees: offer.rentalFees,
        })
      : null;
  const chooseCar = (id: string) => {
    setCarId(id);
    setExtras({});
    offer.setChoice({});
    // A code is checked for one car: another car asks again.
    setPromo(null);
  };
  const shownErrors = {
    ...errors,
    pickupTime: times.refusal('pickup') ?? errors.pickupTime,
    dropoffTime: times.refusal('dropoff') ?? errors.dropoffTime,
  };
  // A customer under the car's minimum age on the pick-up day is refused at the date of birth before Book, counted on
  // the place's calendar as the checkout and the server's walk-in count it (contract ageOn).
  const tooYoung =
    car && when && timeZone && DATE.test(customer.birthDate)
      ? ageOn(customer.birthDate, new Date(when.pickupAt), timeZone) < car.minimumAge
      : false;
  const customerErrors = {
    ...errors,
    birthDate: tooYoung && car ? t('checkout.driver.minimumAge', { age: car.minimumAge }) : errors.birthDate,
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!place) missing.pickupLocationId = t('operatorWalkIn.errors.place');
    if (!when) missing.pickupAt = t('operatorWalkIn.errors.period');
    if (!carId) missing.carId = t('operatorWalkIn.errors.car');
    if (payment === 'link' && !customer.email.trim()) missing.email = t('operatorWalkIn.errors.linkNeedsEmail');
    if (offer.failed) missing.form = t('operatorWalkIn.errors.generic');
    // A time the place does not take is already said at its field (shownErrors).
    const closed = times.refusal('pickup') || times.refusal('dropoff');
    if (Object.keys(missing).length > 0 || !when || closed || tooYoung || !offer.ready) return setErrors(missing);
    setPending(true);
    const email = customer.email.trim();
    try {
      const result = await operatorCheckout({
        carId,
        pickupLocationId: place,
        dropoffLocationId: place,
        ...when,
        extras,
        catalogueExtras: offer.chosen,
        ...(extras.additionalDriver ? { additionalDriver: secondDriverBody(second) } : {}),
        ...(promo ? { promoCode: promo.code } : {}),
        currency: 'EUR',
        // No e-mail given: the customer pays at the counter, and the server mails them nothing.
        customer: { kind: 'new', ...customer, email: email || undefined },
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
          <PeriodFields period={period} onChange={setPeriod} times={times} errors={shownErrors} />
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
              options={cars.map((car) => {
                const plate = plateOf(car._id);
                const named = {
                  car: car.name,
                  plate,
                  supplier: car.supplier.fullName,
                  price: formatMinor(car.price.total, 'EUR', language),
                };
                return {
                  value: car._id,
                  label: plate ? t('operatorWalkIn.carOptionPlate', named) : t('operatorWalkIn.carOption', named),
                };
              })}
            />
          ) : null}
          {errors.carId && cars.length === 0 ? <FormMessage>{errors.carId}</FormMessage> : null}
          {car ? (
            <CarExtras
              car={car}
              total={price?.total ?? null}
              catalogue={<DeskCatalogue offer={offer} car={car} />}
              lines={price ? <DeskLines price={price} language={language} /> : null}
              extras={extras}
              onExtras={setExtras}
              second={second}
              onSecond={setSecond}
              errors={errors}
            >
              <WalkInPromo
                rental={when ? { carId: car._id, pickupLocationId: place, ...when } : null}
                applied={promo}
                onApplied={setPromo}
                line={price?.lines.find((line) => line.item === 'promo')?.amount ?? null}
                error={errors.promoCode}
              />
            </CarExtras>
          ) : null}
        </section>
        <CustomerFields customer={customer} onChange={setCustomer} errors={customerErrors} />
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

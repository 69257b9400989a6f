import type { AmendmentPayment, AmendmentQuote } from '@roam/contract/amendments';
import type { Booking, UpdateBookingBody } from '@roam/contract/bookings';
import { type BookingStatus, isOperatorStatus, OPERATOR_STATUSES } from '@roam/contract/bookings';
import { convertMinor, formatMinor } from '@roam/contract/money';
import type { ChosenExtras } from '@roam/contract/price';
import { instantToZoned } from '@roam/contract/time';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithStrings, useLanguage } from '#web/i18n';
import { isApiError } from '#web/lib/api-client';
import { useContractForm } from '#web/lib/use-contract-form';
import { ExtrasToggles } from '#web/ui/extras-toggles';
import { FormMessage, SelectField, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { useCar } from '#web/features/cars/api/get-car';
import { useAmendmentQuote, useUpdateBooking } from '../api/bookings';
import { useAmendmentPayment } from '../api/change-payment';
import { AmendmentQuoteSummary } from './amendment-quote';

const ChangePayment = lazy(() =>
  importWithStrings('features/bookings/components/change-payment', () => import('./change-payment')).then((module) => ({
    default: module.ChangePayment,
  })),
);

/**
 * Changes what the server allows (spec §2 /booking?b=…&edit=1): a driver the dates and extras of a booking not started
 * yet whose terms allow changes — first the price of the change (new total, refunded, due at the
 * counter, or charged), then confirmed, a charged difference paid under the form first; an operator also the status,
 * at once. Each end's date and time are its place's wall clock.
 */
export function BookingEditor({
  booking,
  operator,
  onDone,
}: {
  booking: Booking;
  operator: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const car = useCar(booking.car._id);
  const update = useUpdateBooking(language);
  const quoteChange = useAmendmentQuote();
  const payForChange = useAmendmentPayment();
  // The quote shown, and the change it prices: a change edited after its quote is priced again before it is sent.
  const [quoted, setQuoted] = useState<{ body: string; quote: AmendmentQuote } | null>(null);
  // A dearer change of a booking paid online, confirmed: its difference is paid before it is made.
  const [paying, setPaying] = useState<AmendmentPayment | null>(null);
  // Why the payment went away without the change (refunded, or its window closed): said until the next edit or
  // submit, with the focus on the form's button, which prices the change again.
  const [stopped, setStopped] = useState<'notMade' | 'expired' | null>(null);
  const submit = useRef<HTMLButtonElement>(null);
  // Opened (the Edit button that opened it is gone): the focus starts at its title.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  useEffect(() => {
    if (stopped) submit.current?.focus();
  }, [stopped]);
  // Shown only where the rule allows an edit (contract booking-actions.ts).
  const pickupZone = booking.pickupLocation.timeZone;
  const dropoffZone = booking.dropoffLocation.timeZone;
  const pickup = instantToZoned(new Date(booking.pickupAt), pickupZone);
  const dropoff = instantToZoned(new Date(booking.dropoffAt), dropoffZone);
  const [extras, setExtras] = useState<ChosenExtras>(booking.extras);
  const [status, setStatus] = useState<BookingStatus>(booking.status);
  const [dropoffPlace, setDropoffPlace] = useState(booking.dropoffLocation._id);
  // The car's places, and the booking's own drop-off wherever it is (the drop-off place may change).
  const places = [
    ...(car.data?.locations.some((place) => place._id === booking.dropoffLocation._id)
      ? []
      : [booking.dropoffLocation]),
    ...(car.data?.locations ?? []),
  ];
  const form = useContractForm({
    initialValues: {
      pickupDate: pickup.date,
      pickupTime: pickup.time,
      dropoffDate: dropoff.date,
      dropoffTime: dropoff.time,
    },
    schema: () =>
      import('@roam/contract/bookings.schema').then((contract) =>
        contract.bookingPeriodFormSchema({ pickup: pickupZone, dropoff: dropoffZone }),
      ),
    // The server's spec §5 date messages (a past pick-up, too short a rental) name the instants: shown at the dates.
    serverFields: { pickupAt: 'pickupDate', dropoffAt: 'dropoffDate' },
    onSubmit: async (period) => {
      setStopped(null);
      const body: UpdateBookingBody = { ...period, extras };
      if (dropoffPlace !== booking.dropoffLocation._id) body.dropoffLocationId = dropoffPlace;
      if (operator && status !== booking.status && isOperatorStatus(status)) body.status = status;
      if (!operator && quoted?.body !== JSON.stringify(body)) {
        const quote = await quoteChange.mutateAsync({ id: booking._id, body });
        setQuoted({ body: JSON.stringify(body), quote });
        return;
      }
      if (!operator && quoted?.quote.settlement === 'charge') {
        setPaying(await payForChange.mutateAsync({ id: booking._id, body }));
        return;
      }
      await update.mutateAsync({ id: booking._id, body });
      toast.success(t('bookings.updated'));
      onDone();
    },
    onError: (error) => {
      const code = isApiError(error) ? error.code : null;
      if (code === 'CAR_UNAVAILABLE') return t('bookings.errors.unavailable');
      if (code === 'FORBIDDEN') return t('bookings.errors.forbidden');
      if (code === 'VALIDATION_FAILED') return t('bookings.errors.invalid');
      setQuoted(null);
      setPaying(null);
      return t('bookings.errors.generic');
    },
  });
  const dateField = (name: 'pickupDate' | 'pickupTime' | 'dropoffDate' | 'dropoffTime', type: 'date' | 'time') => (
    <TextField {...form.field(name, t(`bookings.edit.${name}`))} type={type} required />
  );

  const charge = quoted?.quote.settlement === 'charge' ? quoted.quote.amount : null;
  const submitLabel = operator
    ? t('bookings.edit.save')
    : charge
      ? t('bookings.amend.pay', { amount: formatMinor(charge.amount, charge.currency, language) })
      : quoted
        ? t('bookings.amend.confirm')
        : t('bookings.amend.check');

  return (
    <>
      <form
        className="checkout-section booking-editor"
        aria-labelledby={`${id}-title`}
        {...form.formProps}
        // An edit after the quote: the next submit prices it again (and a difference being paid is dropped).
        onChange={() => {
          setQuoted(null);
          setPaying(null);
          setStopped(null);
        }}
      >
        <h2 id={`${id}-title`} ref={title} tabIndex={-1} className="checkout-section__title">
          {t('bookings.edit.title')}
        </h2>
        <FormMessage>{form.message ?? (stopped ? t(`bookings.amend.${stopped}`) : null)}</FormMessage>
        <div className="form-grid">
          {dateField('pickupDate', 'date')}
          {dateField('pickupTime', 'time')}
          {dateField('dropoffDate', 'date')}
          {dateField('dropoffTime', 'time')}
        </div>
        <SelectField label={t('bookings.amend.dropoffPlace')} value={dropoffPlace} onChange={setDropoffPlace}>
          {places.map((place) => (
            <option key={place._id} value={place._id}>
              {place.name}
            </option>
          ))}
        </SelectField>
        {/* Priced at the booking's own terms, never the car's prices now. */}
        <ExtrasToggles
          car={{ ...booking.terms.car, supplier: { priceChangeRate: booking.terms.priceChangeRate } }}
          value={extras}
          onChange={setExtras}
          // In the booking's own currency at its rate, as its totals and the change's price (not the display one).
          format={(amount) =>
            formatMinor(
              convertMinor(amount, booking.rate, booking.amounts.currency),
              booking.amounts.currency,
              language,
            )
          }
        />
        {operator ? (
          <SelectField
            label={t('bookings.column.status')}
            value={status}
            onChange={(value) => setStatus(value as BookingStatus)}
          >
            {OPERATOR_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`bookings.status.${value}`)}
              </option>
            ))}
          </SelectField>
        ) : null}
        {quoted ? <AmendmentQuoteSummary quote={quoted.quote} /> : null}
        <div className="booking__actions">
          {paying ? null : (
            <button ref={submit} type="submit" className="button button--accent" disabled={form.pending}>
              {submitLabel}
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={onDone}>
            {t('bookings.edit.cancel')}
          </button>
        </div>
      </form>
      {paying ? (
        <Suspense fallback={null}>
          <ChangePayment
            bookingId={booking._id}
            payment={paying}
            onDone={onDone}
            onStopped={(why) => {
              setPaying(null);
              setQuoted(null);
              setStopped(why);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

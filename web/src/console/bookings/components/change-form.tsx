import type { AmendmentQuote } from '@roam/contract/amendments';
import type { DeskBooking } from '@roam/contract/booking-desk';
import type { UpdateBookingBody } from '@roam/contract/bookings';
import { type BookingStatus, isOperatorStatus, OPERATOR_STATUSES } from '@roam/contract/bookings';
import { formatMinor } from '@roam/contract/money';
import { EXTRAS, type Extra } from '@roam/contract/price';
import { instantToZoned } from '@roam/contract/time';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { isApiError } from '#web/lib/api-client';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, SelectField, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { useAmendmentQuote, useUpdateBooking } from '#web/features/bookings/api/bookings';
import { useCar } from '#web/features/cars/api/get-car';
import { useRefreshDesk } from '#web/console/bookings/api/desk';

/** The booking's own status, and those an operator may set: the counter's are set by its calls, one way. */
const choicesFor = (current: BookingStatus): readonly BookingStatus[] =>
  isOperatorStatus(current) ? OPERATOR_STATUSES : [current, ...OPERATOR_STATUSES];

/**
 * The operator's change of a booking (`POST /api/update-booking/{id}`): each end's day and time at its place's clock,
 * the places among the car's, the extras the car offers, the status. Priced first (`amendment-quote`) at the
 * booking's own rate, then saved; an operator's change is settled at the counter.
 */
export function ChangeForm({ booking, onDone }: { booking: DeskBooking; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const car = useCar(booking.car._id);
  const quoteChange = useAmendmentQuote();
  const update = useUpdateBooking(language);
  const refresh = useRefreshDesk();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const pickupZone = booking.pickupLocation.timeZone;
  const dropoffZone = booking.dropoffLocation.timeZone;
  const pickup = instantToZoned(new Date(booking.pickupAt), pickupZone);
  const dropoff = instantToZoned(new Date(booking.dropoffAt), dropoffZone);
  const [extras, setExtras] = useState<Record<Extra, boolean>>(booking.extras);
  const [status, setStatus] = useState<BookingStatus>(booking.status);
  const [pickupPlace, setPickupPlace] = useState(booking.pickupLocation._id);
  const [dropoffPlace, setDropoffPlace] = useState(booking.dropoffLocation._id);
  const [quoted, setQuoted] = useState<{ body: string; quote: AmendmentQuote } | null>(null);
  const places = [
    ...[booking.pickupLocation, booking.dropoffLocation].filter(
      (place, index, all) =>
        all.findIndex((other) => other._id === place._id) === index &&
        !car.data?.locations.some((location) => location._id === place._id),
    ),
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
    serverFields: { pickupAt: 'pickupDate', dropoffAt: 'dropoffDate' },
    onSubmit: async (period) => {
      const body: UpdateBookingBody = { ...period, extras };
      if (pickupPlace !== booking.pickupLocation._id) body.pickupLocationId = pickupPlace;
      if (dropoffPlace !== booking.dropoffLocation._id) body.dropoffLocationId = dropoffPlace;
      if (status !== booking.status && isOperatorStatus(status)) body.status = status;
      if (quoted?.body !== JSON.stringify(body)) {
        setQuoted({ body: JSON.stringify(body), quote: await quoteChange.mutateAsync({ id: booking._id, body }) });
        return;
      }
      await update.mutateAsync({ id: booking._id, body });
      await refresh();
      toast.success(t('operatorBookings.change.saved'));
      onDone();
    },
    onError: (error) => {
      setQuoted(null);
      const code = isApiError(error) ? error.code : null;
      if (code === 'CAR_UNAVAILABLE') return t('operatorBookings.change.taken');
      if (code === 'VALIDATION_FAILED') return t('operatorBookings.change.invalid');
      return t('operatorBookings.actions.error');
    },
  });
  const money = (amount: number) => formatMinor(amount, booking.amounts.currency, language);
  const quote = quoted?.quote;
  return (
    <form
      className="op-section desk-change"
      aria-labelledby={`${id}-title`}
      {...form.formProps}
      onChange={() => setQuoted(null)}
    >
      <h2 id={`${id}-title`} ref={title} tabIndex={-1} className="op-section__title">
        {t('operatorBookings.change.title')}
      </h2>
      <p className="op-section__hint">
        {t('operatorBookings.change.hint', { pickup: pickupZone, dropoff: dropoffZone })}
      </p>
      <FormMessage>{form.message}</FormMessage>
      <div className="desk-change__grid">
        <TextField {...form.field('pickupDate', t('operatorBookings.change.pickupDate'))} type="date" required />
        <TextField {...form.field('pickupTime', t('operatorBookings.change.pickupTime'))} type="time" required />
        <TextField {...form.field('dropoffDate', t('operatorBookings.change.dropoffDate'))} type="date" required />
        <TextField {...form.field('dropoffTime', t('operatorBookings.change.dropoffTime'))} type="time" required />
        <SelectField label={t('operatorBookings.change.pickupPlace')} value={pickupPlace} onChange={setPickupPlace}>
          {places.map((place) => (
            <option key={place._id} value={place._id}>
              {place.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('operatorBookings.change.dropoffPlace')} value={dropoffPlace} onChange={setDropoffPlace}>
          {places.map((place) => (
            <option key={place._id} value={place._id}>
              {place.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('operatorBookings.change.status')}
          value={status}
          onChange={(value) => setStatus(value as BookingStatus)}
        >
          {choicesFor(booking.status).map((value) => (
            <option key={value} value={value}>
              {t(`operatorScheduler.status.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="desk-change__extras">
        <legend>{t('operatorBookings.view.extras')}</legend>
        {EXTRAS.filter((extra) => car.data && car.data[extra] !== -1).map((extra) => (
          <label key={extra} className="desk-change__extra">
            <input
              type="checkbox"
              checked={car.data?.[extra] === 0 || extras[extra]}
              disabled={car.data?.[extra] === 0}
              onChange={(event) => setExtras({ ...extras, [extra]: event.currentTarget.checked })}
            />{' '}
            {t(`cars.extra.${extra}`)}
          </label>
        ))}
      </fieldset>
      {quote ? (
        <p className="desk-change__quote" aria-live="polite">
          {t('operatorBookings.change.quote', { before: money(quote.before.amount), after: money(quote.after.amount) })}{' '}
          {quote.difference.amount !== 0
            ? t('operatorBookings.change.atCounter', { amount: money(Math.abs(quote.difference.amount)) })
            : null}
        </p>
      ) : null}
      <div className="desk-change__actions">
        <button type="submit" className="button button--accent" disabled={form.pending}>
          {quote ? t('operatorBookings.change.save') : t('operatorBookings.change.check')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('operatorBookings.change.close')}
        </button>
      </div>
    </form>
  );
}

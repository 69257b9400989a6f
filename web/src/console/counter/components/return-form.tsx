import type { CounterBooking, ReturnQuote, ReturnReadingsBody } from '@roam/contract/counter';
import { formatMinor } from '@roam/contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { useLocations } from '#web/lib/locations';
import { useContractForm } from '#web/lib/use-contract-form';
import { useMessageTranslators } from '#web/lib/use-message-translators';
import { CheckboxField, FormMessage, SelectField, TextAreaField, TextField } from '#web/ui/form-field';
import { PlaceOptions } from '#web/console/components/place-options';
import { counterBookingChanged, quoteReturn, returnCar } from '../api/counter-booking';
import { COUNTER_TRANSLATORS, refusalText } from '../lib/counter-messages';
import { readingsKey, returnInput, returnSchema, returnValues } from '../lib/return-form';
import { ChargeLine } from './charge-lines';
import { DamagePanel } from './damage-panel';
import { ChecklistField, ReadingsFields } from './readings-fields';

// The return (docs/architecture.md §5 "After the booking"): the readings, the time and place, new damage beside the
// check-out's, cleaning; then the charges as the server quotes them, each with its computation, and only then the
// return confirmed with the quote's total — a reading changed after the quote asks for a new one.

export function ReturnForm({ booking }: { booking: CounterBooking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const locations = useLocations();
  useMessageTranslators(COUNTER_TRANSLATORS);
  const [quoted, setQuoted] = useState<{ key: string; body: ReturnReadingsBody; quote: ReturnQuote } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const quoteRef = useRef<HTMLElement>(null);
  const timeZoneOf = (locationId: string) =>
    locations.data?.find((location) => location._id === locationId)?.timeZone ?? booking.dropoffLocation.timeZone;
  const form = useContractForm({
    initialValues: returnValues(booking, new Date()),
    schema: returnSchema,
    input: (values) => returnInput(values, booking, timeZoneOf(values.locationId)),
    onSubmit: async (body) => {
      setRefusal(null);
      const quote = await quoteReturn(booking._id, body);
      setQuoted({ key: readingsKey(body as ReturnReadingsBody), body: body as ReturnReadingsBody, quote });
      requestAnimationFrame(() => quoteRef.current?.focus());
    },
    onError: (error) => refusalText(t, error),
  });
  const battery = booking.car.fuelType === 'electric';
  const current = readingsKey(returnInput(form.values, booking, timeZoneOf(form.values.locationId)));
  const quote = quoted && quoted.key === current ? quoted : null;
  const currency = booking.amounts.currency;

  const confirm = async () => {
    if (!quote) return;
    setConfirming(true);
    setRefusal(null);
    try {
      const next = await returnCar(booking._id, { ...quote.body, expectedTotal: quote.quote.total }, language);
      counterBookingChanged(queryClient, next, language);
    } catch (error) {
      setRefusal(refusalText(t, error));
      setQuoted(null);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <form className="counter-form" {...form.formProps}>
        <FormMessage>{form.message}</FormMessage>
        <section className="op-section" aria-labelledby="return-car">
          <h2 id="return-car" className="op-section__title">
            {t('operatorCounter.return.condition')}
          </h2>
          <div className="counter-readings">
            <ReadingsFields
              car={booking.car}
              odometer={form.field('odometer', t('operatorCounter.readings.odometer'))}
              fuel={form.field(
                'fuel',
                battery ? t('operatorCounter.readings.battery') : t('operatorCounter.readings.fuel'),
              )}
              battery={form.field('battery', t('operatorCounter.readings.battery'))}
              before={booking.checkOut}
            />
          </div>
          <div className="form-grid">
            <TextField {...form.field('returnedDate', t('operatorCounter.return.date'))} type="date" required />
            <TextField {...form.field('returnedTime', t('operatorCounter.return.time'))} type="time" required />
          </div>
          <p className="form-field__hint">
            {t('operatorCounter.return.clock', { timeZone: timeZoneOf(form.values.locationId) })}
          </p>
          {form.errorOf('returnedAt') ? <p className="field-error">{form.errorOf('returnedAt')}</p> : null}
          <SelectField {...form.field('locationId', t('operatorCounter.return.place'))}>
            <PlaceOptions locations={locations.data ?? []} language={language} />
          </SelectField>
          <CheckboxField {...form.field('cleaning', t('operatorCounter.return.cleaning'))} />
          <ChecklistField
            items={booking.checklist}
            value={form.values.checklist}
            onChange={(checklist) => form.setValue('checklist', checklist)}
          />
          <TextAreaField {...form.field('notes', t('operatorCounter.readings.notes'))} rows={2} maxLength={2000} />
        </section>
        <section className="op-section" aria-labelledby="return-damage">
          <h2 id="return-damage" className="op-section__title">
            {t('operatorCounter.damage.returnTitle')}
          </h2>
          <p className="op-section__hint">{t('operatorCounter.damage.returnHint')}</p>
          <DamagePanel
            bookingId={booking._id}
            body={booking.car.body}
            existing={booking.damages}
            added={form.values.damages}
            onChange={(damages) => form.setValue('damages', damages)}
            currency={currency}
            errorOf={form.errorOf}
          />
        </section>
        <button type="submit" className="button counter-submit" disabled={form.pending}>
          {quoted && !quote ? t('operatorCounter.return.requote') : t('operatorCounter.return.quote')}
        </button>
      </form>
      {refusal ? <FormMessage>{refusal}</FormMessage> : null}
      {quote ? (
        <section ref={quoteRef} className="op-section" aria-labelledby="return-charges" tabIndex={-1}>
          <h2 id="return-charges" className="op-section__title">
            {t('operatorCounter.return.charges')}
          </h2>
          {quote.quote.lines.length === 0 ? (
            <p>{t('operatorCounter.charge.none')}</p>
          ) : (
            <ul className="charge-lines">
              {quote.quote.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the quote's lines in the server's order
                <ChargeLine key={index} computation={line.computation} />
              ))}
            </ul>
          )}
          <p className="charge-total">
            {t('operatorCounter.return.total', { total: formatMinor(quote.quote.total, currency, language) })}
          </p>
          <button
            type="button"
            className="button button--accent counter-submit"
            disabled={confirming}
            onClick={() => void confirm()}
          >
            {t('operatorCounter.return.confirm')}
          </button>
        </section>
      ) : null}
    </>
  );
}

import type { CounterBooking } from '@roam/contract/counter';
import { COUNTER_LIMITS } from '@roam/contract/counter';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { isApiError } from '#web/lib/api-client';
import { listItemField } from '#web/lib/list-field';
import { useContractForm } from '#web/lib/use-contract-form';
import { useMessageTranslators } from '#web/lib/use-message-translators';
import { AdditionalDriversField, type DriverValues } from '#web/ui/additional-drivers-field';
import { FormMessage, TextAreaField } from '#web/ui/form-field';
import { LicenceFields } from '#web/ui/licence-fields';
import { SignatureField } from '#web/ui/signature-field';
import { agreementDraftUrl, checkOut, counterBookingChanged } from '../api/counter-booking';
import { CHECK_OUT_FIELDS, checkOutInput, checkOutNeeds, checkOutSchema, checkOutValues } from '../lib/check-out-form';
import { COUNTER_TRANSLATORS, refusalText } from '../lib/counter-messages';
import { CheckedInLicence } from './checked-in-licence';
import { DamagePanel } from './damage-panel';
import { ChecklistField, ReadingsFields } from './readings-fields';
import { SwapCar } from './swap-car';

// The check-out (docs/architecture.md §5 "After the booking"): the licence checked, the additional drivers, the
// readings, the checklist, the damage already there, a swap when needed, and the agreement signed on the screen. A
// customer who checked in online needs only the readings and the damage. One form: sent once, refused at its fields.

export function CheckOutForm({ booking, onDone }: { booking: CounterBooking; onDone: (next: CounterBooking) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  useMessageTranslators(COUNTER_TRANSLATORS);
  const [swapOpen, setSwapOpen] = useState(false);
  const form = useContractForm({
    initialValues: checkOutValues(booking),
    schema: checkOutSchema(booking),
    input: (values) => checkOutInput(values, booking),
    serverFields: CHECK_OUT_FIELDS,
    onSubmit: async (body) => {
      const next = await checkOut(booking._id, body, language);
      counterBookingChanged(queryClient, next, language);
      onDone(next);
    },
    onError: (error) => {
      // The car is still out with the customer before: swap it (the message says so).
      if (isApiError(error) && error.code === 'CAR_STILL_ON_RENT') setSwapOpen(true);
      return refusalText(t, error);
    },
  });
  const needs = checkOutNeeds(booking, form.values);
  const battery = booking.car.fuelType === 'electric';
  const driverField = (index: number, key: keyof DriverValues, label: string) =>
    listItemField<typeof form.values, DriverValues>(form, 'additionalDrivers', index, key, label);
  const signature = {
    signerName: form.field('signature.signerName', t('checkIn.signature.signerName')).error,
    image: form.field('signature.image', t('checkIn.signature.title')).error,
    consent: form.field('signature.consent', t('checkIn.signature.consent')).error,
    signature: form.errorOf('signature'),
  };

  return (
    <form className="counter-form" {...form.formProps}>
      <FormMessage>{form.message}</FormMessage>
      <section className="op-section" aria-labelledby="check-out-licence">
        <h2 id="check-out-licence" className="op-section__title">
          {t('operatorCounter.checkOut.licence')}
        </h2>
        {booking.driver.licenseImage ? (
          <a className="counter-licence-image" href={booking.driver.licenseImage} target="_blank" rel="noreferrer">
            <img src={booking.driver.licenseImage} alt={t('operatorCounter.checkOut.licenceImage')} />
          </a>
        ) : null}
        {needs.licence ? (
          <>
            <LicenceFields
              fields={{
                licenseNumber: form.field('licence.licenseNumber', t('checkIn.licence.licenseNumber')),
                licenseCountry: form.field('licence.licenseCountry', t('checkIn.licence.licenseCountry')),
                licenseExpiresOn: form.field('licence.licenseExpiresOn', t('checkIn.licence.licenseExpiresOn')),
                birthDate: form.field('licence.birthDate', t('checkIn.licence.birthDate')),
              }}
            />
            <p className="form-field__hint">
              {t('operatorCounter.checkOut.licenceRule', { age: booking.car.minimumAge })}
            </p>
            <h3 className="counter-subtitle">{t('checkIn.drivers.title')}</h3>
            <AdditionalDriversField
              drivers={form.values.additionalDrivers}
              max={COUNTER_LIMITS.additionalDrivers}
              fieldOf={driverField}
              onChange={(drivers) => form.setValue('additionalDrivers', drivers)}
            />
          </>
        ) : (
          <CheckedInLicence bookingId={booking._id} />
        )}
        {form.errorOf('licence') ? <p className="field-error">{form.errorOf('licence')}</p> : null}
      </section>

      <section className="op-section" aria-labelledby="check-out-car">
        <h2 id="check-out-car" className="op-section__title">
          {t('operatorCounter.checkOut.condition')}
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
          />
        </div>
        <ChecklistField
          items={booking.checklist}
          value={form.values.checklist}
          onChange={(checklist) => form.setValue('checklist', checklist)}
        />
        <TextAreaField {...form.field('notes', t('operatorCounter.readings.notes'))} rows={2} maxLength={2000} />
      </section>

      <section className="op-section" aria-labelledby="check-out-damage">
        <h2 id="check-out-damage" className="op-section__title">
          {t('operatorCounter.damage.title')}
        </h2>
        <p className="op-section__hint">{t('operatorCounter.damage.checkOutHint')}</p>
        <DamagePanel
          bookingId={booking._id}
          body={booking.car.body}
          existing={booking.damages}
          added={form.values.damages}
          onChange={(damages) => form.setValue('damages', damages)}
          errorOf={form.errorOf}
        />
      </section>

      <section className="op-section" aria-labelledby="check-out-swap">
        <h2 id="check-out-swap" className="op-section__title">
          {t('operatorCounter.swap.title')}
        </h2>
        <SwapCar
          booking={booking}
          value={form.values.swap}
          onChange={(swap) => {
            form.setValue('swap.carId', swap.carId);
            form.setValue('swap.reprice', swap.reprice);
          }}
          open={swapOpen}
          onOpen={() => setSwapOpen(true)}
        />
      </section>

      <section className="op-section" aria-labelledby="check-out-agreement">
        <h2 id="check-out-agreement" className="op-section__title">
          {t('operatorCounter.agreement.title')}
        </h2>
        <p>
          <a href={agreementDraftUrl(booking._id, booking.driver.language)} target="_blank" rel="noreferrer">
            {t('operatorCounter.agreement.draft')}
          </a>
        </p>
        {needs.signature ? (
          <>
            <p className="op-section__hint">{t('operatorCounter.agreement.hand')}</p>
            <SignatureField
              value={form.values.signature}
              onChange={(next) => {
                form.setValue('signature.method', next.method);
                form.setValue('signature.signerName', next.signerName);
                form.setValue('signature.image', next.image);
                form.setValue('signature.consent', next.consent);
              }}
              errors={signature}
            />
          </>
        ) : (
          <p className="counter-badge">{t('operatorCounter.agreement.signedOnline')}</p>
        )}
      </section>

      <button type="submit" className="button button--accent counter-submit" disabled={form.pending}>
        {t('operatorCounter.checkOut.submit')}
      </button>
    </form>
  );
}

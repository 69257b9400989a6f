import type { Booking } from '@roam/contract/bookings';
import type { CheckIn, CheckInBody } from '@roam/contract/counter';
import { COUNTER_LIMITS } from '@roam/contract/counter';
import { formatMinor } from '@roam/contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';
import { isApiError } from '#web/lib/api-client';
import { rentalOf, withLicenceChecks } from '#web/lib/licence-checks';
import { licenceMessages } from '#web/lib/licence-messages';
import { listItemField } from '#web/lib/list-field';
import { useContractForm } from '#web/lib/use-contract-form';
import { useMessageTranslators } from '#web/lib/use-message-translators';
import { AdditionalDriversField, type DriverValues } from '#web/ui/additional-drivers-field';
import { FormMessage } from '#web/ui/form-field';
import { emptyLicence, LicenceFields } from '#web/ui/licence-fields';
import { emptySignature, SignatureField, signatureBody } from '#web/ui/signature-field';
import { toast } from '#web/ui/toast';
import { agreementDraftUrl, checkInQuery, submitCheckIn } from '../api/check-in';

// Online check-in (docs/architecture.md §5 "After the booking"): the customer gives the licence and the additional
// drivers, reads the agreement — its key terms here, the whole as a PDF — and signs it, on the pad or by typing the
// full name with the consent ticked. At the counter the desk then checks only the car. Loaded when opened, with the
// pad: the booking page's first download carries none of it.

const TRANSLATORS = [licenceMessages];

export function CheckInForm({ booking, checkIn, onDone }: { booking: Booking; checkIn: CheckIn; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  useMessageTranslators(TRANSLATORS);
  const rental = rentalOf(
    {
      pickupAt: booking.pickupAt,
      dropoffAt: booking.dropoffAt,
      pickupTimeZone: booking.pickupLocation.timeZone,
      dropoffTimeZone: booking.dropoffLocation.timeZone,
    },
    checkIn.minimumAge,
  );
  const form = useContractForm({
    initialValues: {
      licence: checkIn.licence ?? emptyLicence(),
      additionalDrivers: checkIn.additionalDrivers as readonly DriverValues[],
      signature: emptySignature(checkIn.driverName),
    },
    schema: async () => withLicenceChecks((await import('@roam/contract/counter.schema')).CheckInBodySchema, rental),
    input: (values): CheckInBody => ({
      licence: values.licence,
      additionalDrivers: [...values.additionalDrivers],
      signature: signatureBody(values.signature),
    }),
    onSubmit: async (body) => {
      queryClient.setQueryData(checkInQuery(booking._id).queryKey, await submitCheckIn(booking._id, body));
      void queryClient.invalidateQueries({ queryKey: ['booking-documents', booking._id] });
      toast.success(t('checkIn.done'));
      onDone();
    },
    onError: (error) =>
      isApiError(error) && error.code === 'CONFLICT' ? t('checkIn.errors.closed') : t('checkIn.errors.generic'),
  });
  const driverField = (index: number, key: keyof DriverValues, label: string) =>
    listItemField<typeof form.values, DriverValues>(form, 'additionalDrivers', index, key, label);
  const { amounts } = booking;
  const terms: [string, string][] = [
    [
      t('checkIn.terms.period'),
      `${formatInZone(booking.pickupAt, booking.pickupLocation.timeZone, language)} – ${formatInZone(
        booking.dropoffAt,
        booking.dropoffLocation.timeZone,
        language,
      )}`,
    ],
    [t('checkIn.terms.places'), `${booking.pickupLocation.name} → ${booking.dropoffLocation.name}`],
    [t('checkIn.terms.total'), formatMinor(amounts.total, amounts.currency, language)],
    [t('checkIn.terms.deposit'), formatMinor(amounts.securityDeposit, amounts.currency, language)],
    [t('checkIn.terms.driver'), t('checkIn.terms.driverRule', { age: checkIn.minimumAge })],
  ];

  return (
    <form className="check-in" {...form.formProps}>
      <FormMessage>{form.message}</FormMessage>
      <h3 className="checkout-section__subtitle">{t('checkIn.licence.title')}</h3>
      <LicenceFields
        fields={{
          licenseNumber: form.field('licence.licenseNumber', t('checkIn.licence.licenseNumber')),
          licenseCountry: form.field('licence.licenseCountry', t('checkIn.licence.licenseCountry')),
          licenseExpiresOn: form.field('licence.licenseExpiresOn', t('checkIn.licence.licenseExpiresOn')),
          birthDate: form.field('licence.birthDate', t('checkIn.licence.birthDate')),
        }}
      />
      <h3 className="checkout-section__subtitle">{t('checkIn.drivers.title')}</h3>
      <AdditionalDriversField
        drivers={form.values.additionalDrivers}
        max={COUNTER_LIMITS.additionalDrivers}
        fieldOf={driverField}
        onChange={(drivers) => form.setValue('additionalDrivers', drivers)}
      />
      <h3 className="checkout-section__subtitle">{t('checkIn.terms.title')}</h3>
      <dl className="checkout-summary">
        {terms.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p>
        <a href={agreementDraftUrl(booking._id, language)} target="_blank" rel="noreferrer">
          {t('checkIn.terms.read')}
        </a>
      </p>
      <SignatureField
        value={form.values.signature}
        onChange={(next) => {
          form.setValue('signature.method', next.method);
          form.setValue('signature.signerName', next.signerName);
          form.setValue('signature.image', next.image);
          form.setValue('signature.consent', next.consent);
        }}
        errors={{
          signerName: form.field('signature.signerName', t('checkIn.signature.signerName')).error,
          image: form.field('signature.image', t('checkIn.signature.title')).error,
          consent: form.field('signature.consent', t('checkIn.signature.consent')).error,
          signature: form.errorOf('signature'),
        }}
      />
      <button type="submit" className="button button--accent" disabled={form.pending}>
        {t('checkIn.submit')}
      </button>
    </form>
  );
}

import { useTranslation } from 'react-i18next';
import { formatDay } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';
import { useCheckIn } from '#web/features/bookings/api/check-in';

/** The licence and the additional drivers the customer gave at online check-in, for the desk to check by eye. */
export function CheckedInLicence({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const checkIn = useCheckIn(bookingId);
  const licence = checkIn.data?.licence;
  return (
    <div className="counter-checked-in">
      <p className="counter-badge">{t('operatorCounter.checkOut.licenceOnline')}</p>
      {checkIn.isError ? <p role="alert">{t('operatorCounter.errors.generic')}</p> : null}
      {licence ? (
        <dl className="counter-facts">
          <div>
            <dt>{t('checkIn.licence.licenseNumber')}</dt>
            <dd>{licence.licenseNumber}</dd>
          </div>
          <div>
            <dt>{t('checkIn.licence.licenseCountry')}</dt>
            <dd>{licence.licenseCountry}</dd>
          </div>
          <div>
            <dt>{t('checkIn.licence.licenseExpiresOn')}</dt>
            <dd>{formatDay(licence.licenseExpiresOn, language)}</dd>
          </div>
          <div>
            <dt>{t('checkIn.licence.birthDate')}</dt>
            <dd>{formatDay(licence.birthDate, language)}</dd>
          </div>
          {(checkIn.data?.additionalDrivers ?? []).map((driver, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the drivers as given, in order
            <div key={index}>
              <dt>{t('checkIn.drivers.driver', { number: index + 1 })}</dt>
              <dd>
                {[
                  driver.fullName,
                  driver.licenseNumber,
                  driver.licenseCountry,
                  formatDay(driver.licenseExpiresOn, language),
                ].join(' · ')}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

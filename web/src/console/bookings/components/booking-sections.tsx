import type { DeskBooking } from '@roam/contract/booking-desk';
import { EXTRAS } from '@roam/contract/price';
import { SECTION_PERMISSIONS } from '@roam/contract/team';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay, formatInZone } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';
import { bookingInvoiceUrl, useBookingInvoices } from '#web/features/bookings/api/booking-invoices';
import { usePermissions } from '#web/console/team/api/team';

/** One section of a booking's view, titled. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="op-section desk-view__section" aria-labelledby={id}>
      <h2 id={id} className="op-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One fact of a section's list (`<dl className="desk-facts">`). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Person({ person }: { person: Pick<DeskBooking['driver'], 'email' | 'phone' | 'birthDate' | 'ageAtPickup'> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const none = t('operatorBookings.view.notGiven');
  return (
    <>
      <Fact term={t('operatorBookings.view.email')}>
        {/* A counter customer may give no e-mail (empty): no empty mail link. */}
        {person.email ? <a href={`mailto:${person.email}`}>{person.email}</a> : none}
      </Fact>
      <Fact term={t('operatorBookings.view.phone')}>
        {person.phone ? <a href={`tel:${person.phone.replace(/\s/g, '')}`}>{person.phone}</a> : none}
      </Fact>
      <Fact term={t('operatorBookings.view.birthDate')}>
        {person.birthDate
          ? `${formatDay(person.birthDate, language)} · ${t('operatorBookings.view.ageAtPickup', { count: person.ageAtPickup ?? 0 })}`
          : none}
      </Fact>
    </>
  );
}

/** A licence's issuing country by its name in the reader's language (the code when the browser has none). */
function countryName(code: string, language: string) {
  try {
    return new Intl.DisplayNames([language === 'se' ? 'sv' : language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The driver: how to reach them, their age at pick-up, their licence (to its operators only), the additional driver. */
export function DriverSection({ booking }: { booking: DeskBooking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { driver, additionalDriver } = booking;
  return (
    <Section id="desk-driver" title={t('operatorBookings.view.driver')}>
      <dl className="desk-facts">
        <Fact term={t('operatorBookings.view.name')}>{driver.name}</Fact>
        <Person person={driver} />
      </dl>
      <h3 className="desk-view__subtitle">{t('operatorBookings.view.licence')}</h3>
      {booking.license ? (
        <p>
          <a href={booking.license.url} target="_blank" rel="noreferrer">
            <img
              className="desk-view__licence"
              src={booking.license.url}
              alt={t('operatorBookings.view.licenceOf', { name: driver.name })}
            />
          </a>
        </p>
      ) : (
        <p>{t('operatorBookings.view.noLicence')}</p>
      )}
      {additionalDriver ? (
        <>
          <h3 className="desk-view__subtitle">{t('operatorBookings.view.additionalDriver')}</h3>
          <dl className="desk-facts">
            <Fact term={t('operatorBookings.view.name')}>{additionalDriver.fullName}</Fact>
            <Person person={additionalDriver} />
            {additionalDriver.licence ? (
              <Fact term={t('operatorBookings.view.licence')}>
                {t('operatorBookings.view.licenceDetails', {
                  number: additionalDriver.licence.licenseNumber,
                  country: countryName(additionalDriver.licence.licenseCountry, language),
                  expires: formatDay(additionalDriver.licence.licenseExpiresOn, language),
                })}
              </Fact>
            ) : null}
          </dl>
        </>
      ) : null}
    </Section>
  );
}

/** The car and its plate, each end's place and time at the place's clock with its zone, the extras chosen. */
export function RentalSection({ booking, admin }: { booking: DeskBooking; admin: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const may = usePermissions();
  // The car's editor to a role that edits the fleet; its calendar to one that reads it (the counter's).
  const car = may.has(SECTION_PERMISSIONS.cars)
    ? `/operator/cars/${booking.car._id}`
    : may.has(SECTION_PERMISSIONS.carCalendar)
      ? `/operator/cars/${booking.car._id}/availability`
      : null;
  const place = (at: string, where: DeskBooking['pickupLocation']) => (
    <>
      {formatInZone(at, where.timeZone, language)} ({where.timeZone})
      <br />
      {where.name}
      {where.address ? `, ${where.address}` : ''}
    </>
  );
  const extras = EXTRAS.filter((extra) => booking.extras[extra]);
  return (
    <Section id="desk-rental" title={t('operatorBookings.view.rental')}>
      <dl className="desk-facts">
        <Fact term={t('operatorBookings.view.car')}>
          {car ? <Link to={car}>{booking.car.name}</Link> : booking.car.name}
          {booking.plate ? ` · ${booking.plate}` : ''}
        </Fact>
        {admin ? <Fact term={t('operatorBookings.view.supplier')}>{booking.supplier.name}</Fact> : null}
        <Fact term={t('operatorBookings.view.pickup')}>{place(booking.pickupAt, booking.pickupLocation)}</Fact>
        <Fact term={t('operatorBookings.view.dropoff')}>{place(booking.dropoffAt, booking.dropoffLocation)}</Fact>
        <Fact term={t('operatorBookings.view.days')}>
          {t('operatorBookings.view.dayCount', { count: booking.days })}
        </Fact>
        <Fact term={t('operatorBookings.view.extras')}>
          {extras.length > 0
            ? extras.map((extra) => t(`cars.extra.${extra}`)).join(', ')
            : t('operatorBookings.view.none')}
        </Fact>
      </dl>
    </Section>
  );
}

/** The booking's documents, as the driver gets them: the receipt, the calendar file, each invoice and credit note. */
export function DocumentsSection({ booking }: { booking: DeskBooking }) {
  const { t } = useTranslation();
  const invoices = useBookingInvoices(booking._id);
  return (
    <Section id="desk-documents" title={t('operatorBookings.view.documents')}>
      <ul className="desk-documents">
        {booking.documents.map((document) => (
          <li key={document.kind}>
            <a href={document.url} download>
              {t(`operatorBookings.view.document.${document.kind}`)}
            </a>
          </li>
        ))}
        {(invoices.data ?? []).map((invoice) => (
          <li key={invoice.id}>
            <a href={bookingInvoiceUrl(booking._id, invoice.id)} download>
              {t(
                invoice.kind === 'invoice'
                  ? 'operatorBookings.view.document.invoice'
                  : 'operatorBookings.view.document.creditNote',
                { number: invoice.number },
              )}
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}

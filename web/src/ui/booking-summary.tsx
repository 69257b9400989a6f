import { type BookingPlace, type BookingSummary, securityDepositWords } from '@roam/contract/bookings';
import { formatMinor } from '@roam/contract/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';
import { formatInZone } from '#web/i18n/formats';
import './panel.css';
import './booking-summary.css';

/**
 * A booking as its confirmation shows it, the same on the payment step, the result page and the
 * booking page (and in the e-mail, server booking.mail.ts): the short reference, the vehicle, the supplier, each
 * place with its address and local time, and the amounts in the booking's own currency as fixed at checkout — what
 * is paid online, what is due at pick-up, the security deposit and when it is taken. With
 * `checklist`, the pick-up checklist (spec §2). `due` names what is still to pay where "at pick-up" is no longer
 * true, and `deposit` the security deposit once it is no longer held: the booking page's words after the car left
 * (its own area, so the checkout carries none of them).
 */
export function BookingSummaryView({
  summary,
  checklist = false,
  due,
  deposit,
}: {
  summary: BookingSummary;
  checklist?: boolean;
  due?: string;
  deposit?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const { amounts } = summary;
  const money = (amount: number) => formatMinor(amount, amounts.currency, language);
  const place = (at: BookingPlace, when: string) => (
    <>
      <span className="booking-summary__place">{at.name}</span>
      {at.address ? <span className="booking-summary__address">{at.address}</span> : null}
      <span>{formatInZone(when, at.timeZone, language)}</span>
    </>
  );
  return (
    <section className="checkout-section booking-summary" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="checkout-section__title">
        {t('bookings.summary.reference')} <span className="booking-summary__reference">{summary.reference}</span>
      </h2>
      <dl className="checkout-summary">
        <div>
          <dt>{t('bookings.summary.status')}</dt>
          <dd>{t(`bookings.status.${summary.status}`)}</dd>
        </div>
        <div>
          {/* The vehicle's own type as the term: a Vespa is a scooter, not a car. */}
          <dt>{t(`cars.range.${summary.car.range}`)}</dt>
          <dd>{summary.car.name}</dd>
        </div>
        <div>
          <dt>{t('bookings.summary.supplier')}</dt>
          <dd>{summary.supplier.name}</dd>
        </div>
        <div>
          <dt>{t('bookings.summary.pickup')}</dt>
          <dd className="booking-summary__where">{place(summary.pickupLocation, summary.pickupAt)}</dd>
        </div>
        <div>
          <dt>{t('bookings.summary.dropoff')}</dt>
          <dd className="booking-summary__where">{place(summary.dropoffLocation, summary.dropoffAt)}</dd>
        </div>
        <div>
          <dt>{t('checkout.details.days')}</dt>
          <dd>{t('checkout.details.dayCount', { count: summary.days })}</dd>
        </div>
      </dl>
      <dl className="checkout-summary booking-summary__amounts" data-testid="booking-amounts">
        <div>
          <dt>{t('bookings.summary.total')}</dt>
          <dd>{money(amounts.total)}</dd>
        </div>
        {amounts.payNow > 0 ? (
          <div>
            <dt>{t(summary.status === 'void' ? 'bookings.summary.toPayOnline' : 'bookings.summary.paidOnline')}</dt>
            <dd>{money(amounts.payNow)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{due ?? t('bookings.summary.payAtPickup')}</dt>
          <dd>{money(amounts.payAtPickup)}</dd>
        </div>
        {amounts.securityDeposit > 0 ? (
          <div>
            <dt>{deposit ?? t(`bookings.summary.${securityDepositWords(amounts)}`)}</dt>
            <dd>{money(amounts.securityDeposit)}</dd>
          </div>
        ) : null}
      </dl>
      {checklist ? (
        <>
          <h3 className="checkout-section__subtitle">{t('checkout.checklist.title')}</h3>
          <ul className="booking-summary__checklist">
            <li>{t('checkout.checklist.onTime')}</li>
            <li>{t('checkout.checklist.documents')}</li>
          </ul>
        </>
      ) : null}
    </section>
  );
}

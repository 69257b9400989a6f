import type { DeskBooking } from '@roam/contract/booking-desk';
import { formatMinor } from '@roam/contract/money';
import { EXTRAS, type Extra, type PlaceFee } from '@roam/contract/price';
import type { RentalFee } from '@roam/contract/rental-fees';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';
import { Fact, Section } from './booking-sections';

type Movement = DeskBooking['payments'][number] | DeskBooking['refunds'][number];

/**
 * The price lines, what came in and went back — the ledger's rows: through which gateway (with its reference) or at the
 * desk (with its method) — and what the booking earns.
 */
export function MoneySection({ booking }: { booking: DeskBooking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (amount: number, currency = booking.amounts.currency) => formatMinor(amount, currency, language);
  const when = (at: string | null) => (at ? formatInZone(at, booking.pickupLocation.timeZone, language) : '');
  const movement = (item: Movement, note: string | null) => (
    <>
      <strong>{money(item.amount, item.currency)}</strong> · {t(`operatorBookings.view.purpose.${item.purpose}`)} ·{' '}
      {t(`operatorBookings.view.provider.${item.provider}`)}
      {item.method ? ` (${t(`operatorBookings.view.method.${item.method}`)})` : ''} · {when(item.at)}
      {note ? ` · ${note}` : ''}
      <br />
      <span className="desk-moves__reference">
        {t('operatorBookings.view.reference')}: <code>{item.reference ?? '—'}</code>
      </span>
    </>
  );
  return (
    <Section id="desk-money" title={t('operatorBookings.view.money')}>
      <table className="desk-table">
        <caption className="visually-hidden">{t('operatorBookings.view.lines')}</caption>
        <tbody>
          {booking.lines.map((line) => (
            <tr key={line.item}>
              <th scope="row">
                {line.item === 'rental'
                  ? t('operatorBookings.view.rentalLine')
                  : (EXTRAS as readonly string[]).includes(line.item)
                    ? t(`cars.extra.${line.item as Extra}`)
                    : t(`operatorBookings.view.${line.item as PlaceFee | RentalFee}`)}
                {line.quantity > 1 ? ` × ${line.quantity}` : ''}
              </th>
              <td className="desk-table__number">{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('operatorBookings.view.total')}</th>
            <td className="desk-table__number">{money(booking.amounts.total)}</td>
          </tr>
        </tfoot>
      </table>
      <dl className="desk-facts">
        <Fact term={t('operatorBookings.view.paymentOption')}>
          {t(`operatorCars.history.values.paymentOption.${booking.paymentOption}`)}
        </Fact>
        <Fact term={t('operatorBookings.view.paid')}>{money(booking.money.paid)}</Fact>
        <Fact term={t('operatorBookings.view.refunded')}>{money(booking.money.refunded)}</Fact>
        <Fact term={t('operatorBookings.view.revenue')}>{money(booking.money.revenue)}</Fact>
        <Fact term={t('operatorBookings.view.securityDeposit')}>{money(booking.amounts.securityDeposit)}</Fact>
      </dl>
      <h3 className="desk-view__subtitle">{t('operatorBookings.view.payments')}</h3>
      {booking.payments.length === 0 ? (
        <p>{t('operatorBookings.view.noPayment')}</p>
      ) : (
        <ul className="desk-moves">
          {booking.payments.map((payment) => (
            <li key={`${payment.purpose}-${payment.reference}-${payment.at}`}>
              {movement(payment, payment.refunded ? t('operatorBookings.view.changeRefunded') : null)}
            </li>
          ))}
        </ul>
      )}
      <h3 className="desk-view__subtitle">{t('operatorBookings.view.refunds')}</h3>
      {booking.refunds.length === 0 ? (
        <p>{t('operatorBookings.view.noRefund')}</p>
      ) : (
        <ul className="desk-moves">
          {booking.refunds.map((refund) => (
            <li key={`${refund.purpose}-${refund.reference}-${refund.at}-${refund.amount}`}>
              {movement(refund, refund.status === 'pending' ? t('operatorBookings.view.pending') : null)}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

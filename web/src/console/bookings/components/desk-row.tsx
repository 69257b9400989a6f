import type { DeskBookingRow } from '@roam/contract/booking-desk';
import { formatMinor } from '@roam/contract/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInZone } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';

interface DeskRowProps {
  row: DeskBookingRow;
  showSupplier: boolean;
  selected: boolean;
  /** Without it (a role that changes no booking), no box to choose the row for a change of status. */
  onSelect?: ((selected: boolean) => void) | undefined;
}

/**
 * One booking of the list, as a card that reads the same at 360 px and on a desk's screen: its reference (the way to
 * its view), status and payment, the driver and how to reach them, the car and its plate, when and where it starts and
 * ends at the place's clock, and its money.
 */
export function DeskRow({ row, showSupplier, selected, onSelect }: DeskRowProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (amount: number) => formatMinor(amount, row.amounts.currency, language);
  return (
    <li className={onSelect ? 'desk-row' : 'desk-row desk-row--no-select'}>
      {onSelect ? (
        <input
          type="checkbox"
          className="desk-row__select"
          aria-label={t('operatorBookings.row.select', { reference: row.reference })}
          checked={selected}
          onChange={(event) => onSelect(event.currentTarget.checked)}
        />
      ) : null}
      <div className="desk-row__main">
        <h2 className="desk-row__title">
          <Link to={`/operator/bookings/${row._id}`}>{row.reference}</Link>{' '}
          <span className={`desk-badge desk-badge--${row.status}`}>{t(`operatorScheduler.status.${row.status}`)}</span>{' '}
          <span className={`desk-badge desk-badge--${row.money.state}`}>
            {t(`operatorBookings.paymentState.${row.money.state}`)}
          </span>
          {row.cancelRequest && row.status !== 'cancelled' ? (
            <>
              {' '}
              <span className="desk-badge desk-badge--request">{t('operatorBookings.row.cancelRequested')}</span>
            </>
          ) : null}
        </h2>
        <p className="desk-row__line">
          <strong>{row.driver.name}</strong>
          {row.driver.phone ? (
            <>
              {' · '}
              <a href={`tel:${row.driver.phone.replace(/\s/g, '')}`}>{row.driver.phone}</a>
            </>
          ) : null}
          {' · '}
          <a href={`mailto:${row.driver.email}`}>{row.driver.email}</a>
        </p>
        <p className="desk-row__line">
          {[row.car.name, row.plate, showSupplier ? row.supplier.name : null].filter(Boolean).join(' · ')}
        </p>
        <dl className="desk-row__when">
          <div>
            <dt>{t('operatorBookings.row.pickup')}</dt>
            <dd>
              {formatInZone(row.pickupAt, row.pickupLocation.timeZone, language)} · {row.pickupLocation.name}
            </dd>
          </div>
          <div>
            <dt>{t('operatorBookings.row.dropoff')}</dt>
            <dd>
              {formatInZone(row.dropoffAt, row.dropoffLocation.timeZone, language)} · {row.dropoffLocation.name}
            </dd>
          </div>
        </dl>
      </div>
      <dl className="desk-row__money">
        <div>
          <dt>{t('operatorBookings.row.total')}</dt>
          <dd>{money(row.amounts.total)}</dd>
        </div>
        <div>
          <dt>{t('operatorBookings.row.revenue')}</dt>
          <dd>{money(row.money.revenue)}</dd>
        </div>
        {row.money.refunded > 0 ? (
          <div>
            <dt>{t('operatorBookings.row.refunded')}</dt>
            <dd>{money(row.money.refunded)}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}

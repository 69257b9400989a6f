import type { Dashboard } from '@roam/contract/dashboard';
import { formatMinor } from '@roam/contract/money';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { TableScroll } from '#web/console/components/table-scroll';

/**
 * The period's revenue by status and currency, each in its currency and in the base currency: what
 * each booking earned — a confirmed one its total, a cancelled one the money it kept — and what was refunded, the
 * bookings desk's figures for the same days and scope (docs/architecture.md §5 "The bookings desk").
 */
export function RevenueSection({
  period,
  revenue,
}: {
  period: Dashboard['period'];
  revenue: NonNullable<Dashboard['period']['revenue']>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const base = period.baseCurrency;
  const total = revenue.reduce((sum, row) => sum + row.baseAmount, 0);
  const refunded = revenue.reduce((sum, row) => sum + row.baseRefunded, 0);
  return (
    <section className="op-section" aria-labelledby="dash-revenue">
      <h2 id="dash-revenue" className="op-section__title">
        {t('operatorDashboard.revenue.title')}
      </h2>
      <p className="dash__hint">{t('operatorDashboard.revenue.hint')}</p>
      {revenue.length === 0 ? (
        <p className="dash__hint">{t('operatorDashboard.revenue.none')}</p>
      ) : (
        <TableScroll grouped label={t('operatorDashboard.revenue.title')}>
          <table className="dash-table">
            <caption className="visually-hidden">{t('operatorDashboard.revenue.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('operatorDashboard.revenue.status')}</th>
                <th scope="col">{t('operatorDashboard.revenue.currency')}</th>
                <th scope="col" className="dash-table__number">
                  {t('operatorDashboard.revenue.bookings')}
                </th>
                <th scope="col" className="dash-table__number">
                  {t('operatorDashboard.revenue.amount')}
                </th>
                <th scope="col" className="dash-table__number">
                  {t('operatorDashboard.revenue.inBase', { currency: base })}
                </th>
                <th scope="col" className="dash-table__number">
                  {t('operatorDashboard.revenue.refunded')}
                </th>
              </tr>
            </thead>
            <tbody>
              {revenue.map((row) => (
                <tr key={`${row.status}-${row.currency}`}>
                  <th scope="row">{t(`operatorScheduler.status.${row.status}`)}</th>
                  <td>{row.currency}</td>
                  <td className="dash-table__number">{row.bookings}</td>
                  <td className="dash-table__number">{formatMinor(row.amount, row.currency, language)}</td>
                  <td className="dash-table__number">{formatMinor(row.baseAmount, base, language)}</td>
                  <td className="dash-table__number">{formatMinor(row.refunded, row.currency, language)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  {t('operatorDashboard.revenue.total')}
                </th>
                <td className="dash-table__number">{formatMinor(total, base, language)}</td>
                <td className="dash-table__number">{formatMinor(refunded, base, language)}</td>
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

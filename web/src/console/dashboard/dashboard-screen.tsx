import { SECTION_PERMISSIONS } from '@roam/contract/team';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLanguage } from '#web/i18n/index';
import { useSession } from '#web/lib/session';
import { TextField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { SupplierSelect } from '#web/console/components/supplier-select';
import { addDays } from '#web/console/lib/days';
import { usePermissions } from '#web/console/team/api/team';
import { useDashboard, useRefreshDashboard } from './api/dashboard';
import { RevenueSection } from './components/revenue-section';
import { TodaySection } from './components/today-section';
import { UtilisationSection } from './components/utilisation-section';
import './dashboard.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** This month (UTC, as the period is counted): its first and last days. */
function thisMonth(): { first: string; last: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { first: first.toISOString().slice(0, 10), last: addDays(next.toISOString().slice(0, 10), -1) };
}

/**
 * The console's home: today's pick-ups and drop-offs per place, the queues, and a chosen period's
 * revenue and utilisation; the admin sees every supplier's or one chosen (`?supplier=`), a supplier its own. The period
 * is in the address (`?first=&last=`, both days included).
 */
export function DashboardScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const admin = useSession().user?.type === 'admin';
  const mayDecide = usePermissions().has(SECTION_PERMISSIONS.requests);
  const [params, setParams] = useSearchParams();
  const month = thisMonth();
  const first = DATE.test(params.get('first') ?? '') ? (params.get('first') as string) : month.first;
  const chosenLast = DATE.test(params.get('last') ?? '') ? (params.get('last') as string) : month.last;
  const last = chosenLast < first ? first : chosenLast;
  const supplier = admin ? (params.get('supplier') ?? '') : '';
  const query = { from: first, to: addDays(last, 1), supplierId: supplier || undefined, language };
  const dashboard = useDashboard(query);
  const refresh = useRefreshDashboard(query);
  const change = (next: Record<string, string>) => {
    const merged = { first: params.get('first') ?? '', last: params.get('last') ?? '', supplier, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== '')));
  };
  const data = dashboard.data;
  return (
    <Page title={t('operatorDashboard.title')} description={t('operatorDashboard.description')}>
      <div className="dash">
        {/* The admin's set-up checklist goes here, above everything else (the lead wires it in). */}
        <search aria-label={t('operatorDashboard.filters')}>
          <div className="dash__filters">
            {admin ? (
              <SupplierSelect
                label={t('operatorDashboard.supplier')}
                name="supplier"
                value={supplier}
                onChange={(value) => change({ supplier: value })}
                empty={t('operatorDashboard.allSuppliers')}
              />
            ) : null}
            <TextField
              label={t('operatorDashboard.first')}
              name="first"
              type="date"
              value={first}
              onChange={(value) => (DATE.test(value) ? change({ first: value }) : undefined)}
            />
            <TextField
              label={t('operatorDashboard.last')}
              name="last"
              type="date"
              value={last}
              onChange={(value) => (DATE.test(value) ? change({ last: value }) : undefined)}
            />
          </div>
        </search>
        {dashboard.isError ? (
          <p role="alert" className="form-message form-message--error">
            {t('operatorDashboard.error')}
          </p>
        ) : data ? (
          <>
            <div className="dash__queues">
              <p className="dash-stat">
                <span className="dash-stat__number">{data.openCancellationRequests}</span>{' '}
                {mayDecide ? (
                  <Link to="/operator/cancellation-requests">
                    {t('operatorDashboard.queues.requests', { count: data.openCancellationRequests })}
                  </Link>
                ) : (
                  t('operatorDashboard.queues.requests', { count: data.openCancellationRequests })
                )}
              </p>
              <p className="dash-stat">
                <span className="dash-stat__number">{data.unpaidHolds}</span>{' '}
                {t('operatorDashboard.queues.holds', { count: data.unpaidHolds })}
              </p>
            </div>
            <TodaySection today={data.today} />
            <p className="dash__as-of">
              {t('operatorDashboard.asOf', {
                time: new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(
                  new Date(data.period.asOf),
                ),
              })}{' '}
              <button
                type="button"
                className="button button--secondary"
                disabled={refresh.isPending}
                onClick={() => refresh.mutate()}
              >
                {t('operatorDashboard.refresh')}
              </button>
            </p>
            {data.period.revenue ? <RevenueSection period={data.period} revenue={data.period.revenue} /> : null}
            <UtilisationSection utilisation={data.period.utilisation} bySupplier={admin && !supplier} />
          </>
        ) : (
          <p>{t('common.loading')}</p>
        )}
      </div>
    </Page>
  );
}

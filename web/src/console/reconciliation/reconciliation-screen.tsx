import {
  RECONCILED_GATEWAYS,
  RECONCILIATION_MAX_DAYS,
  type ReconciledGateway,
  type ReconciliationDay,
  type ReconciliationMismatch,
} from '@roam/contract/reconciliation';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFormats } from '#web/i18n/formats';
import { SelectField, TextField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { Pager } from '#web/ui/pager';
import '#web/console/components/admin.css';
import { TableScroll } from '#web/console/components/table-scroll';
import { useReconciliation } from './api/reconciliation';
import { useMoney } from './money';

const PAGE_SIZE = 25;
const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const utcDay = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * The reconciliation (docs/decisions/0015-reconciliation.md): per gateway and UTC day, what Roam recorded against
 * what the gateway confirmed, then every mismatch, each linked to its booking in the console. The admin's; the
 * gateway, the days and the page are in the address (`?gateway=&from=&to=&page=`).
 */
export function ReconciliationScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const from = DATE.test(params.get('from') ?? '') ? (params.get('from') as string) : utcDay(-6);
  const to = DATE.test(params.get('to') ?? '') ? (params.get('to') as string) : utcDay(0);
  const asked = params.get('gateway') ?? '';
  const gateway = (RECONCILED_GATEWAYS as readonly string[]).includes(asked) ? (asked as ReconciledGateway) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const report = useReconciliation({ from, to, page, size: PAGE_SIZE, ...(gateway ? { gateway } : {}) });
  const change = (next: Record<string, string>) => {
    const merged = { gateway: gateway ?? '', from, to, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== '')));
  };
  const words = 'operatorAdmin.reconciliation';
  const data = report.data;
  return (
    <Page title={t(`${words}.title`)} description={t(`${words}.description`, { minutes: data?.graceMinutes ?? 60 })}>
      <search className="admin-filters" aria-label={t(`${words}.filters`)}>
        <SelectField
          label={t(`${words}.gateway`)}
          name="gateway"
          value={gateway ?? ''}
          onChange={(value) => change({ gateway: value })}
        >
          <option value="">{t(`${words}.allGateways`)}</option>
          {RECONCILED_GATEWAYS.map((value) => (
            <option key={value} value={value}>
              {t(`${words}.gateways.${value}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t(`${words}.from`)}
          name="from"
          type="date"
          value={from}
          onChange={(value) => (DATE.test(value) ? change({ from: value }) : undefined)}
        />
        <TextField
          label={t(`${words}.to`)}
          name="to"
          type="date"
          value={to}
          onChange={(value) => (DATE.test(value) ? change({ to: value }) : undefined)}
        />
      </search>
      <p className="form-field__hint">{t(`${words}.range`, { count: RECONCILIATION_MAX_DAYS })}</p>
      {report.isError ? (
        <p role="alert" className="form-message form-message--error">
          {t(`${words}.error`)}
        </p>
      ) : data ? (
        <>
          <section className="admin-section" aria-labelledby="reconciliation-days">
            <h2 id="reconciliation-days">{t(`${words}.days`)}</h2>
            {data.days.length === 0 ? <p>{t(`${words}.empty`)}</p> : <Days days={data.days} />}
          </section>
          <section className="admin-section" aria-labelledby="reconciliation-mismatches">
            <h2 id="reconciliation-mismatches">{t(`${words}.mismatches`)}</h2>
            <p aria-live="polite">{t(`${words}.mismatchCount`, { count: data.mismatches.total })}</p>
            {data.mismatches.items.length > 0 ? <Mismatches items={data.mismatches.items} /> : null}
            <Pager
              page={page}
              pageCount={Math.max(1, Math.ceil(data.mismatches.total / PAGE_SIZE))}
              onPage={(next) => change({ page: String(next) })}
            />
          </section>
        </>
      ) : (
        <p>{t('common.loading')}</p>
      )}
    </Page>
  );
}

function Days({ days }: { days: readonly ReconciliationDay[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const words = 'operatorAdmin.reconciliation';
  const tally = (part: { count: number; amount: number }, currency: string) =>
    `${part.count} · ${money(part.amount, currency)}`;
  return (
    <TableScroll label={t(`${words}.days`)} grouped>
      <table className="admin-table reconciliation-table">
        <thead>
          <tr>
            <th scope="col">{t(`${words}.day`)}</th>
            <th scope="col">{t(`${words}.gateway`)}</th>
            <th scope="col">{t(`${words}.recorded`)}</th>
            <th scope="col">{t(`${words}.confirmed`)}</th>
            <th scope="col">{t(`${words}.refunded`)}</th>
            <th scope="col">{t(`${words}.confirmedRefunds`)}</th>
            <th scope="col">{t(`${words}.matched`)}</th>
            <th scope="col">{t(`${words}.pending`)}</th>
            <th scope="col">{t(`${words}.mismatchColumn`)}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={`${day.day}-${day.gateway}-${day.currency}`}>
              <th scope="row">
                <time dateTime={day.day}>{day.day}</time>
              </th>
              <td>
                {t(`${words}.gateways.${day.gateway}`)} {day.currency}
              </td>
              <td>{tally(day.recorded, day.currency)}</td>
              <td>{tally(day.confirmed, day.currency)}</td>
              <td>{tally(day.refunded, day.currency)}</td>
              <td>{tally(day.confirmedRefunds, day.currency)}</td>
              <td>{tally(day.matched, day.currency)}</td>
              <td>{day.pending}</td>
              <td className={day.mismatches > 0 ? 'reconciliation-table__alert' : undefined}>{day.mismatches}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function Mismatches({ items }: { items: readonly ReconciliationMismatch[] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const money = useMoney();
  const words = 'operatorAdmin.reconciliation';
  const amount = (value: number | null, currency: string | null) =>
    value === null ? t(`${words}.none`) : money(value, currency ?? '');
  return (
    <TableScroll label={t(`${words}.mismatches`)} grouped>
      <table className="admin-table reconciliation-table">
        <thead>
          <tr>
            <th scope="col">{t(`${words}.when`)}</th>
            <th scope="col">{t(`${words}.kind`)}</th>
            <th scope="col">{t(`${words}.booking`)}</th>
            <th scope="col">{t(`${words}.recordedAmount`)}</th>
            <th scope="col">{t(`${words}.confirmedAmount`)}</th>
            <th scope="col">{t(`${words}.reference`)}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${item.kind}-${item.gateway}-${item.reference}-${item.at}`}>
              <td>
                <time dateTime={item.at}>
                  {formats.date(new Date(item.at), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })}
                </time>
              </td>
              <td>
                {t(`${words}.kinds.${item.kind}`)}
                <br />
                <small>{t(`${words}.gateways.${item.gateway}`)}</small>
              </td>
              <td>
                {item.bookingId && item.bookingReference ? (
                  <Link to={`/operator/bookings/${item.bookingId}`}>{item.bookingReference}</Link>
                ) : (
                  t(`${words}.noBooking`)
                )}
              </td>
              <td>{amount(item.recordedAmount, item.currency)}</td>
              <td>{amount(item.confirmedAmount, item.confirmedCurrency)}</td>
              <td>
                <code>{item.reference ?? t(`${words}.none`)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

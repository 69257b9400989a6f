import type { Language } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import type { StatementTotals } from '@roam/contract/statements';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLanguage } from '#web/i18n/index';
import { useSession } from '#web/lib/session';
import { TextField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { KeptFigures } from '#web/console/components/kept-figures';
import { SupplierSelect } from '#web/console/components/supplier-select';
import { localSeparator } from '#web/console/lib/csv-words';
import { statementExportHref, useRefreshStatement, useStatement } from './api/statements';
import './statement.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * A supplier's monthly statement (docs/decisions/0011-invoices.md, "Statements"): its totals per currency — each the
 * sum of the CSV's rows — with the VAT per rate, and the downloads an accountant imports (CSV) or files (PDF). The
 * month and the admin's supplier (none: every supplier) are in the address (`?month=&supplier=`).
 */
export function StatementScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const admin = useSession().user?.type === 'admin';
  const [params, setParams] = useSearchParams();
  const month = MONTH.test(params.get('month') ?? '') ? (params.get('month') as string) : thisMonth();
  const supplier = admin ? (params.get('supplier') ?? '') : '';
  const supplierId = supplier || undefined;
  const statement = useStatement(month, supplierId);
  const refresh = useRefreshStatement(month, supplierId);
  const change = (next: Record<string, string>) => {
    const merged = { month: params.get('month') ?? '', supplier, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== '')));
  };
  const options = { supplierId, separator: localSeparator(language), language };
  return (
    <Page title={t('operatorImport.statement.title')} description={t('operatorImport.statement.description')}>
      <div className="statement">
        <search aria-label={t('operatorImport.statement.filters')}>
          <div className="statement__filters">
            {admin ? (
              <SupplierSelect
                label={t('operatorImport.statement.supplier')}
                name="supplier"
                value={supplier}
                onChange={(value) => change({ supplier: value })}
                empty={t('operatorImport.statement.allSuppliers')}
              />
            ) : null}
            <TextField
              label={t('operatorImport.statement.month')}
              name="month"
              type="month"
              value={month}
              onChange={(value) => (MONTH.test(value) ? change({ month: value }) : undefined)}
            />
          </div>
        </search>
        <p className="statement__downloads">
          <a href={statementExportHref(month, 'csv', options)} download>
            {t('operatorImport.statement.csv')}
          </a>
          <a href={statementExportHref(month, 'pdf', options)} download>
            {t('operatorImport.statement.pdf')}
          </a>
        </p>
        {statement.isError ? (
          <p role="alert" className="form-message form-message--error">
            {t('operatorImport.statement.error')}
          </p>
        ) : statement.data ? (
          <>
            <p aria-live="polite">
              <KeptFigures
                asOf={statement.data.asOf}
                language={language}
                said={(time) => t('operatorImport.statement.asOf', { time })}
                refresh={t('operatorImport.statement.refresh')}
                refreshing={refresh.isPending}
                onRefresh={() => refresh.mutate()}
              />
            </p>
            {statement.data.totals.length === 0 ? (
              <p>{t('operatorImport.statement.empty')}</p>
            ) : (
              statement.data.totals.map((totals) => (
                <CurrencyTotals key={totals.currency} totals={totals} language={language} />
              ))
            )}
          </>
        ) : (
          <p>{t('common.loading')}</p>
        )}
      </div>
    </Page>
  );
}

function CurrencyTotals({ totals, language }: { totals: StatementTotals; language: Language }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMinor(minor, totals.currency, language);
  const percent = (rate: number) => new Intl.NumberFormat(language === 'se' ? 'sv' : language).format(rate);
  const { held, captured, released } = totals.deposits;
  const figures: [string, string][] = [
    [t('operatorImport.statement.bookings'), String(totals.bookings)],
    [t('operatorImport.statement.rental'), money(totals.revenue.rental)],
    [t('operatorImport.statement.extras'), money(totals.revenue.extras)],
    [t('operatorImport.statement.charges'), money(totals.revenue.charges)],
    [t('operatorImport.statement.changes'), money(totals.revenue.changes)],
    [t('operatorImport.statement.credited'), money(totals.credited)],
    [t('operatorImport.statement.invoiced'), money(totals.invoiced.gross)],
    [t('operatorImport.statement.received'), money(totals.received)],
    [t('operatorImport.statement.refunded'), money(totals.refunded)],
    [t('operatorImport.statement.deposits'), `${money(held)} / ${money(captured)} / ${money(released)}`],
    [t('operatorImport.statement.priceChange'), money(totals.priceChange)],
  ];
  return (
    <section className="statement__currency" aria-labelledby={`statement-${totals.currency}`}>
      <h2 id={`statement-${totals.currency}`}>{totals.currency}</h2>
      <dl className="statement__figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {totals.vatRates.length > 0 ? (
        <table className="statement__vat">
          <caption>{t('operatorImport.statement.vatByRate')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('operatorImport.statement.vatRate')}</th>
              <th scope="col">{t('operatorImport.statement.net')}</th>
              <th scope="col">{t('operatorImport.statement.vat')}</th>
              <th scope="col">{t('operatorImport.statement.gross')}</th>
            </tr>
          </thead>
          <tbody>
            {totals.vatRates.map((rate) => (
              <tr key={rate.vatRate}>
                <th scope="row">{percent(rate.vatRate)} %</th>
                <td>{money(rate.net)}</td>
                <td>{money(rate.vat)}</td>
                <td>{money(rate.gross)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

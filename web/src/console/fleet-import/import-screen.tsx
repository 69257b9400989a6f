import { CAR_CSV_COLUMNS, type CsvSeparator, type ImportMapping, type ImportReport } from '@roam/contract/fleet-import';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLanguage } from '#web/i18n';
import { useSession } from '#web/lib/session';
import { SelectField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { useSuppliers } from '#web/features/suppliers/api/get-suppliers';
import { ColumnMapping, CsvFileField } from '#web/console/components/import-parts';
import { ImportReportTable } from '#web/console/components/import-report-table';
import { allowedValues, localSeparator } from '#web/console/lib/csv-words';
import { fieldLabel } from '#web/console/lib/field-labels';
import { exportCarsHref, useImportCars, usePreviewImport } from './api/fleet-import';
import '#web/console/components/import.css';

/**
 * Fleet import: the operator chooses a CSV, maps its columns (prefilled from the headers named as a
 * column), reads the server's row-by-row report, then imports all or nothing. The admin chooses the supplier.
 */
export function ImportScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { user } = useSession();
  const admin = user?.type === 'admin';
  const [params] = useSearchParams();
  const [supplierId, setSupplierId] = useState(params.get('supplier') ?? '');
  const suppliers = useSuppliers({ enabled: admin });
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | undefined>(undefined);
  const [report, setReport] = useState<ImportReport | null>(null);
  const preview = usePreviewImport();
  const importCars = useImportCars();
  const supplier = admin ? supplierId || undefined : undefined;
  // The separator the reader's spreadsheet splits on; a choice, for a sheet set up otherwise.
  const [chosenSeparator, setSeparator] = useState<CsvSeparator | null>(null);
  const separator = chosenSeparator ?? localSeparator(language);

  const check = (next: { file?: File | null; mapping?: ImportMapping | undefined; supplierId?: string }) => {
    const chosen = next.file === undefined ? file : next.file;
    const nextMapping = 'mapping' in next ? next.mapping : mapping;
    const nextSupplier = admin ? (next.supplierId ?? supplierId) || undefined : undefined;
    importCars.reset();
    setReport(null);
    if (!chosen || (admin && !nextSupplier)) return;
    preview.mutate(
      {
        file: chosen,
        language,
        ...(nextMapping ? { mapping: nextMapping } : {}),
        ...(nextSupplier ? { supplierId: nextSupplier } : {}),
      },
      {
        onSuccess: (answer) => {
          setReport(answer);
          setMapping(answer.mapping);
        },
      },
    );
  };
  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setMapping(undefined);
    check({ file: chosen, mapping: undefined });
  };
  const mapColumn = (column: (typeof CAR_CSV_COLUMNS)[number], header: string) => {
    const next = { ...mapping };
    if (header === '') delete next[column];
    else next[column] = header;
    setMapping(next);
    check({ mapping: next });
  };
  const runImport = () => {
    if (!file || !report) return;
    importCars.mutate(
      { file, language, mapping: report.mapping, ...(supplier ? { supplierId: supplier } : {}) },
      { onSuccess: setReport },
    );
  };

  const failure = preview.error ?? importCars.error;
  const created = report?.rows.filter((row) => row.action === 'create').length ?? 0;
  const updated = (report?.rows.length ?? 0) - created;
  const invalid = report?.rows.filter((row) => Object.keys(row.errors).length > 0).length ?? 0;

  return (
    <Page title={t('operatorImport.title')} description={t('operatorImport.description')}>
      <div className="op-import">
        <p>
          <Link to="/operator/cars">{t('operatorCars.back')}</Link>
        </p>
        <section aria-labelledby="import-file" className="op-import__section">
          <h2 id="import-file">{t('operatorImport.file.title')}</h2>
          <p>{t('operatorImport.file.format')}</p>
          {admin ? (
            <SelectField
              label={t('operatorCars.fields.supplier')}
              name="supplier"
              value={supplierId}
              onChange={(next) => {
                setSupplierId(next);
                check({ supplierId: next });
              }}
            >
              <option value="">{t('operatorCars.fields.choose')}</option>
              {(suppliers.data ?? []).map((entry) => (
                <option key={entry._id} value={entry._id}>
                  {entry.fullName}
                </option>
              ))}
            </SelectField>
          ) : null}
          <CsvFileField file={file} onChange={chooseFile} checking={preview.isPending} failure={failure} />
        </section>

        {report ? (
          <>
            <ColumnMapping
              columns={CAR_CSV_COLUMNS}
              headers={report.headers}
              mapping={mapping}
              onMap={mapColumn}
              labelOf={(column) => fieldLabel(t, column)}
              hintOf={(column) => {
                const values = allowedValues(t, column);
                return values ? t('operatorImport.mapping.values', { values: values.join(', ') }) : undefined;
              }}
            />

            <section aria-labelledby="import-report" className="op-import__section">
              <h2 id="import-report">{t('operatorImport.report.title')}</h2>
              <p aria-live="polite">
                {report.imported
                  ? t('operatorImport.report.imported', { created, updated })
                  : t('operatorImport.report.summary', { count: report.rows.length, created, updated, invalid })}
              </p>
              {report.encoding === 'windows-1252' ? <p>{t('operatorImport.report.latin1')}</p> : null}
              <ImportReportTable
                rows={report.rows}
                keyLabel={t('operatorCars.fields.licensePlate')}
                keyOf={(row) => row.licensePlate ?? '—'}
                fieldLabelOf={(field) => fieldLabel(t, field)}
                valuesOf={(field) => allowedValues(t, field)}
              />
              {report.imported ? (
                <p>
                  <Link to="/operator/cars" className="button button--accent">
                    {t('operatorImport.seeCars')}
                  </Link>
                </p>
              ) : (
                <p>
                  <button
                    type="button"
                    className="button button--accent"
                    disabled={!report.valid || importCars.isPending}
                    onClick={runImport}
                  >
                    {t('operatorImport.import', { count: report.rows.length })}
                  </button>
                </p>
              )}
            </section>
          </>
        ) : null}

        <section aria-labelledby="import-export" className="op-import__section">
          <h2 id="import-export">{t('operatorImport.export.title')}</h2>
          <SelectField
            label={t('operatorImport.export.separator')}
            description={t('operatorImport.export.separatorHint')}
            name="separator"
            value={separator}
            onChange={(next) => setSeparator(next === 'semicolon' ? 'semicolon' : 'comma')}
          >
            <option value="comma">{t('operatorImport.export.comma')}</option>
            <option value="semicolon">{t('operatorImport.export.semicolon')}</option>
          </SelectField>
          <p>
            {admin && !supplier ? (
              t('operatorImport.export.chooseSupplier')
            ) : (
              <a href={exportCarsHref(supplier, separator)} download>
                {t('operatorImport.export.cars')}
              </a>
            )}
          </p>
        </section>
      </div>
    </Page>
  );
}

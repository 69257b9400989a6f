import type {
  LocationMapping as PlaceMapping,
  LocationsImportReport as PlacesImportReport,
} from '@roam/contract/locations';
import { PLACE_CSV_COLUMNS } from '@roam/contract/locations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '#web/ui/page';
import { ColumnMapping, CsvFileField } from '#web/console/components/import-parts';
import { ImportReportTable } from '#web/console/components/import-report-table';
import '#web/console/components/import.css';
import { useImportPlaces, usePreviewPlacesImport } from './api/admin-locations';

/**
 * Places import, as the fleet's: the admin chooses a CSV, matches its columns, reads the server's
 * row-by-row report, then imports every row or none.
 */
export function LocationsImportScreen() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<PlaceMapping | undefined>(undefined);
  const [report, setReport] = useState<PlacesImportReport | null>(null);
  const preview = usePreviewPlacesImport();
  const importPlaces = useImportPlaces();

  const check = (chosen: File | null, nextMapping: PlaceMapping | undefined) => {
    importPlaces.reset();
    setReport(null);
    if (!chosen) return;
    preview.mutate(
      { file: chosen, ...(nextMapping ? { mapping: nextMapping } : {}) },
      {
        onSuccess: (answer) => {
          setReport(answer);
          setMapping(answer.mapping);
        },
      },
    );
  };
  const mapColumn = (column: (typeof PLACE_CSV_COLUMNS)[number], header: string) => {
    const next = { ...mapping };
    if (header === '') delete next[column];
    else next[column] = header;
    setMapping(next);
    check(file, next);
  };

  const failure = preview.error ?? importPlaces.error;
  const created = report?.rows.filter((row) => row.action === 'create').length ?? 0;
  const updated = (report?.rows.length ?? 0) - created;
  const invalid = report?.rows.filter((row) => Object.keys(row.errors).length > 0).length ?? 0;

  return (
    <Page title={t('operatorImport.places.title')} description={t('operatorImport.places.description')}>
      <div className="op-import">
        <p>
          <Link to="/operator/places">{t('operatorImport.places.seePlaces')}</Link>
        </p>
        <section aria-labelledby="import-file" className="op-import__section">
          <h2 id="import-file">{t('operatorImport.file.title')}</h2>
          <p>{t('operatorImport.places.format')}</p>
          <CsvFileField
            file={file}
            onChange={(chosen) => {
              setFile(chosen);
              setMapping(undefined);
              check(chosen, undefined);
            }}
            checking={preview.isPending}
            failure={failure}
          />
        </section>

        {report ? (
          <>
            <ColumnMapping columns={PLACE_CSV_COLUMNS} headers={report.headers} mapping={mapping} onMap={mapColumn} />

            <section aria-labelledby="import-report" className="op-import__section">
              <h2 id="import-report">{t('operatorImport.report.title')}</h2>
              <p aria-live="polite">
                {report.imported
                  ? t('operatorImport.places.imported', { created, updated })
                  : t('operatorImport.report.summary', { count: report.rows.length, created, updated, invalid })}
              </p>
              {report.encoding === 'windows-1252' ? <p>{t('operatorImport.report.latin1')}</p> : null}
              <ImportReportTable
                rows={report.rows}
                keyLabel={t('operatorAdmin.places.country')}
                keyOf={(row) => row.countryCode}
              />
              {report.imported ? null : (
                <p>
                  <button
                    type="button"
                    className="button button--accent"
                    disabled={!report.valid || importPlaces.isPending}
                    onClick={() =>
                      file && importPlaces.mutate({ file, mapping: report.mapping }, { onSuccess: setReport })
                    }
                  >
                    {t('operatorImport.places.import', { count: report.rows.length })}
                  </button>
                </p>
              )}
            </section>
          </>
        ) : null}
      </div>
    </Page>
  );
}

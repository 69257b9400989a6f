import type { ImportReport } from '@roam/contract/fleet-import';
import { IMPORT_MESSAGES } from '@roam/contract/fleet-import';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '#web/console/components/table-scroll';
import { useFleetMessages } from '#web/console/lib/fleet-messages';

// An import's report (cars, places) as a table: one row per line of the file, what it does, and its
// errors by field in the reader's language (the car editor's rules through its translator, the import's own here).

const REQUIRED = /^Please fill in the field: (\w+)$/;
const DUPLICATE = /^This licence plate is already on row (\d+) of the file\.$/;
const DUPLICATE_PLACE = /^This place is already on row (\d+) of the file\.$/;

function importMessage(t: TFunction, message: string): string | undefined {
  const duplicate = DUPLICATE.exec(message)?.[1];
  if (duplicate) return t('operatorImport.errors.duplicatePlate', { line: duplicate });
  const duplicatePlace = DUPLICATE_PLACE.exec(message)?.[1];
  if (duplicatePlace) return t('operatorImport.places.duplicate', { line: duplicatePlace });
  const missing = REQUIRED.exec(message)?.[1];
  if (missing && missing !== 'Name' && missing !== 'Supplier') return t('forms.requiredField', { field: missing });
  if (message === IMPORT_MESSAGES.notYesNo) return t('operatorImport.errors.notYesNo');
  if (message === IMPORT_MESSAGES.badPeriods) return t('operatorImport.errors.badPeriods');
  if (message === IMPORT_MESSAGES.notAllowed) return t('operatorImport.errors.notAllowedAny');
  return undefined;
}

/** A row of a report: the fleet's (its licence plate) or the places' (its country). */
type ReportRow = Omit<ImportReport['rows'][number], 'licensePlate'>;

export function ImportReportTable<Row extends ReportRow>({
  rows,
  keyLabel,
  keyOf,
  fieldLabelOf = (field) => field,
  valuesOf = () => null,
}: {
  rows: Row[];
  /** The first column after the line: the licence plate for cars, the country for places. */
  keyLabel: string;
  keyOf: (row: Row) => string;
  /** A field as the editor labels it, in the reader's language (else its code). */
  fieldLabelOf?: (field: string) => string;
  /** The values an enumerated field allows, in the reader's language: a refused value lists them. */
  valuesOf?: (field: string) => string[] | null;
}) {
  const { t } = useTranslation();
  const translate = useFleetMessages(importMessage);
  const say = (field: string, message: string) => {
    const values = message === IMPORT_MESSAGES.notAllowed ? valuesOf(field) : null;
    if (values) return t('operatorImport.errors.notAllowed', { values: values.join(', ') });
    return translate ? (translate(t, message) ?? message) : message;
  };
  return (
    <TableScroll grouped label={t('operatorImport.report.title')}>
      <table className="op-import__table">
        <caption className="visually-hidden">{t('operatorImport.report.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('operatorImport.report.line')}</th>
            <th scope="col">{keyLabel}</th>
            <th scope="col">{t('operatorCars.fields.name')}</th>
            <th scope="col">{t('operatorImport.report.action')}</th>
            <th scope="col">{t('operatorImport.report.errors')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const errors = Object.entries(row.errors);
            return (
              <tr key={row.line} className={errors.length > 0 ? 'op-import__row--invalid' : undefined}>
                <th scope="row" data-label={t('operatorImport.report.line')}>
                  {row.line}
                </th>
                <td data-label={keyLabel}>{keyOf(row)}</td>
                <td data-label={t('operatorCars.fields.name')}>{row.name}</td>
                <td data-label={t('operatorImport.report.action')}>{t(`operatorImport.report.${row.action}`)}</td>
                <td data-label={t('operatorImport.report.errors')}>
                  {errors.length === 0 ? (
                    t('operatorImport.report.ok')
                  ) : (
                    <ul className="op-import__errors">
                      {errors.flatMap(([field, messages]) =>
                        messages.map((message) => (
                          <li key={`${field}-${message}`}>
                            <span className="op-import__field">{fieldLabelOf(field)}</span>: {say(field, message)}
                          </li>
                        )),
                      )}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

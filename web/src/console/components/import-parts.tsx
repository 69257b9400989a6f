import { useTranslation } from 'react-i18next';
import { isApiError } from '#web/lib/api-client';
import { FileField } from '#web/ui/file-field';
import { SelectField } from '#web/ui/form-field';

// What the fleet's and the places' import screens share: the file with its checking state and
// its refusal, and the matching of the import's columns onto the file's headers.

/** The CSV file field; `failure`: the last preview's or import's error (a row's errors are the report's, not here). */
export function CsvFileField({
  file,
  onChange,
  checking,
  failure,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  checking: boolean;
  failure: unknown;
}) {
  const { t } = useTranslation();
  const fileError = isApiError(failure) ? (failure.fieldErrors.file?.[0] ?? null) : null;
  return (
    <>
      <FileField
        name="file"
        accept=".csv,text/csv"
        label={t('operatorImport.file.label')}
        value={file}
        onChange={onChange}
        chooseLabel={t('operatorImport.file.choose')}
        emptyLabel={t('operatorImport.file.none')}
        {...(fileError ? { error: t('operatorImport.file.unreadable') } : {})}
      />
      {checking ? <p aria-live="polite">{t('operatorImport.checking')}</p> : null}
      {failure && !fileError && !(isApiError(failure) && failure.code === 'VALIDATION_FAILED') ? (
        <p role="alert" className="form-message form-message--error">
          {t('operatorImport.error')}
        </p>
      ) : null}
    </>
  );
}

/** "2. Match the columns": a select per column of the import, its choices the file's headers. */
export function ColumnMapping<Column extends string>({
  columns,
  headers,
  mapping,
  onMap,
  labelOf = (column) => column,
  hintOf = () => undefined,
}: {
  columns: readonly Column[];
  headers: string[];
  mapping: Partial<Record<Column, string>> | undefined;
  onMap: (column: Column, header: string) => void;
  /** The column as the editor labels it, in the reader's language (else its code). */
  labelOf?: (column: Column) => string;
  /** What the column allows (an enumerated column's values), read with its select. */
  hintOf?: (column: Column) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="import-mapping" className="op-import__section">
      <h2 id="import-mapping">{t('operatorImport.mapping.title')}</h2>
      <p>{t('operatorImport.mapping.hint')}</p>
      <div className="op-import__mapping">
        {columns.map((column) => (
          <SelectField
            key={column}
            label={labelOf(column)}
            {...(hintOf(column) ? { description: hintOf(column) } : {})}
            name={`map-${column}`}
            value={mapping?.[column] ?? ''}
            onChange={(header) => onMap(column, header)}
          >
            <option value="">{t('operatorImport.mapping.none')}</option>
            {headers.map((header) => (
              <option key={header} value={header}>
                {header}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
    </section>
  );
}

import type { CsvSeparator } from '@roam/contract/fleet-import';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';
import { TextField } from '#web/ui/form-field';
import { exportBookingsHref } from '#web/console/fleet-import/api/fleet-import';
import { localSeparator } from '#web/console/lib/csv-words';
import { addDays } from '#web/console/lib/days';

const today = () => new Date().toISOString().slice(0, 10);
const monthAgo = () => new Date(Date.now() - 30 * 24 * 3600_000).toISOString().slice(0, 10);

/**
 * The bookings of a period as CSV: picked up from the first day to the last, both included — the bookings list's
 * pick-up days when it has them (the export moved here from the fleet import: docs/architecture.md §5 "The bookings
 * desk") — in the reader's words and the separator their spreadsheet splits on (the fleet import's choice, if made).
 */
export function ExportBookings({
  supplierId,
  first,
  last,
  separator: chosenSeparator,
}: {
  supplierId: string | undefined;
  first?: string | undefined;
  last?: string | undefined;
  separator?: CsvSeparator | undefined;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const separator = chosenSeparator ?? localSeparator(language);
  const [from, setFrom] = useState(() => first || monthAgo());
  const [to, setTo] = useState(() => last || today());
  // The server's period ends before `to`: the day after the last day chosen.
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  return (
    <fieldset className="op-import__period">
      {/* The desk's section heading says it; the legend names the group for assistive technology. */}
      <legend className="visually-hidden">{t('operatorImport.export.bookingsTitle')}</legend>
      <TextField label={t('operatorImport.export.from')} name="from" type="date" value={from} onChange={setFrom} />
      <TextField label={t('operatorImport.export.to')} name="to" type="date" value={to} onChange={setTo} />
      {valid ? (
        <a href={exportBookingsHref(from, addDays(to, 1), { supplierId, separator, language })} download>
          {t('operatorImport.export.bookings')}
        </a>
      ) : (
        <p>{t('operatorImport.export.periodHint')}</p>
      )}
    </fieldset>
  );
}

import type { CsvSeparator } from '@roam/contract/fleet-import';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';
import { TextField } from '#web/ui/form-field';
import { addDays } from '#web/console/lib/days';
import { exportBookingsHref } from './api/fleet-import';

const today = () => new Date().toISOString().slice(0, 10);
const monthAgo = () => new Date(Date.now() - 30 * 24 * 3600_000).toISOString().slice(0, 10);

/**
 * The bookings of a period as CSV (issue #26 item 3): picked up from the first day to the last, both included, in the
 * reader's words and separator.
 */
export function ExportBookings({ supplierId, separator }: { supplierId: string | undefined; separator: CsvSeparator }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [from, setFrom] = useState(monthAgo);
  const [to, setTo] = useState(today);
  // The server's period ends before `to`: the day after the last day chosen.
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  return (
    <fieldset className="op-import__period">
      <legend>{t('operatorImport.export.bookingsTitle')}</legend>
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

import type { CounterBooking } from '@roam/contract/counter';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';

/** The booking's documents — agreement versions, condition report, receipt — each with its SHA-256 and its PDF. */
export function DocumentsList({ booking }: { booking: CounterBooking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="op-section" aria-labelledby="counter-documents">
      <h2 id="counter-documents" className="op-section__title">
        {t('operatorCounter.documents.title')}
      </h2>
      {booking.documents.length === 0 ? (
        <p className="form-field__hint">{t('operatorCounter.documents.none')}</p>
      ) : (
        <ul className="counter-documents">
          {booking.documents.map((document) => (
            <li key={document._id}>
              <a href={document.url} target="_blank" rel="noreferrer">
                {t(`operatorCounter.documents.${document.kind}`, { version: document.version })}
              </a>
              <span className="form-field__hint">
                {document.signedAt
                  ? t('operatorCounter.documents.signed', {
                      at: formatInZone(document.signedAt, booking.pickupLocation.timeZone, language),
                      name: document.signerName ?? '',
                      method: t(`operatorCounter.documents.method.${document.signatureMethod ?? 'drawn'}`),
                    })
                  : formatInZone(document.createdAt, booking.pickupLocation.timeZone, language)}
              </span>
              <code className="counter-hash" title={t('operatorCounter.documents.hash')}>
                SHA-256 {document.sha256}
              </code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

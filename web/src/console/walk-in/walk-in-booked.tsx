import { formatMinor } from '@roam/contract/money';
import type { WalkInResult } from '@roam/contract/walk-in';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '#web/i18n/index';
import { Page } from '#web/ui/page';

// The walk-in's confirmation: the reference and the total, how the customer pays, and the way to the booking.

export function Booked({ result, onAnother }: { result: WalkInResult; onAnother: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const confirmation = useRef<HTMLDivElement>(null);
  // The form was long and the Book button low on a phone: the page goes back to its top, where the title and the
  // confirmation are in view (below the sticky header), and the confirmation takes focus so that a screen reader
  // reads it at once.
  useEffect(() => {
    window.scrollTo(0, 0);
    confirmation.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Page title={t('operatorWalkIn.bookedTitle')}>
      <div className="walk-in" role="status" tabIndex={-1} ref={confirmation}>
        <p>
          {t('operatorWalkIn.booked', {
            reference: result.reference,
            total: formatMinor(result.price.total, 'EUR', language),
          })}
        </p>
        <p>{result.linkSent ? t('operatorWalkIn.linkSent') : t('operatorWalkIn.payAtCounter')}</p>
        {result.accountCreated ? <p>{t('operatorWalkIn.accountCreated')}</p> : null}
        <div className="walk-in__row">
          <Link className="button" to={`/operator/bookings/${result.bookingId}`}>
            {t('operatorWalkIn.open')}
          </Link>
          <button type="button" className="button button--secondary" onClick={onAnother}>
            {t('operatorWalkIn.another')}
          </button>
        </div>
      </div>
    </Page>
  );
}

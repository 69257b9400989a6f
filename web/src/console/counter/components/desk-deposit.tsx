import type { CounterBooking } from '@roam/contract/counter';
import { COUNTER_REFUND_METHODS } from '@roam/contract/counter';
import { formatMinor } from '@roam/contract/money';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { recordDeskDeposit } from '../api/counter-booking';
import { DeskMoneyForm } from './desk-money-form';

// The security deposit taken at the desk (docs/decisions/0012-deposit-holds.md, "Deposits at the desk"): cash or the
// card terminal, held until the close, which takes what the return costs from it and hands the rest back. Offered
// when the server's `actions` say so (a deposit is due and none is held).

export function DeskDeposit({ booking }: { booking: CounterBooking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { currency, securityDeposit } = booking.amounts;
  return (
    <section className="op-section" aria-labelledby="desk-deposit">
      <h2 id="desk-deposit" className="op-section__title">
        {t('operatorCounter.deposit.title')}
      </h2>
      <p className="form-field__hint">
        {t('operatorCounter.deposit.hint', { amount: formatMinor(securityDeposit, currency, language) })}
      </p>
      <DeskMoneyForm
        booking={booking}
        initialAmount={securityDeposit}
        methods={COUNTER_REFUND_METHODS}
        initialMethod="cash"
        names={{ method: 'deposit-method', amount: 'deposit-amount', reference: 'deposit-reference' }}
        labels={{
          method: t('operatorCounter.deposit.method'),
          reference: t('operatorCounter.deposit.reference'),
          button: t('operatorCounter.deposit.button'),
          done: t('operatorCounter.deposit.recorded'),
          overAmount: t('operatorCounter.errors.overDeposit'),
        }}
        record={(body, lang) => recordDeskDeposit(booking._id, body, lang)}
      />
    </section>
  );
}

import type { Charge, CounterBooking } from '@roam/contract/counter';
import { chargesTotal, LATER_CHARGE_KINDS, type LaterChargeKind } from '@roam/contract/counter';
import { formatMinor } from '@roam/contract/money';
import { defaultRoleOf, roleMay } from '@roam/contract/team';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { useSession } from '#web/lib/session';
import { FormMessage, SelectField, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { addCharge, counterBookingChanged, waiveCharge } from '../api/counter-booking';
import { minorFromTyped } from '../lib/amounts';
import { refusalText } from '../lib/counter-messages';
import { StoredCharges } from './charge-lines';
import { DocumentsList } from './documents-list';
import { Settlement } from './settlement';

// A returned rental (docs/architecture.md §5 "After the booking"): its charges, each waivable with a reason by whoever
// may waive; a toll, a fine or a damage found later added up to 90 days after; the balance and its settlement; the
// documents the customer received.

export function AfterReturn({ booking }: { booking: CounterBooking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const user = useSession().user;
  const role = user ? defaultRoleOf(user.type) : null;
  const mayWaive = role !== null && roleMay(role, 'charges.waive');
  const currency = booking.amounts.currency;
  const waivedAware = booking.charges.map((charge) => ({ amount: charge.amount, waivedAt: charge.waived?.at ?? null }));

  const onWaive = async (charge: Charge, reason: string) => {
    try {
      counterBookingChanged(queryClient, await waiveCharge(charge._id, reason, language), language);
      toast.success(t('operatorCounter.charge.waivedDone'));
    } catch (error) {
      throw new Error(refusalText(t, error));
    }
  };

  return (
    <>
      <section className="op-section" aria-labelledby="after-charges">
        <h2 id="after-charges" className="op-section__title">
          {t('operatorCounter.return.charges')}
        </h2>
        <StoredCharges
          charges={booking.charges}
          timeZone={booking.dropoffLocation.timeZone}
          onWaive={mayWaive ? onWaive : null}
        />
        <p className="charge-total">
          {t('operatorCounter.return.totalNotWaived', {
            total: formatMinor(chargesTotal(waivedAware), currency, language),
          })}
        </p>
        {booking.actions.includes('addCharge') ? <AddCharge booking={booking} /> : null}
      </section>
      <Settlement booking={booking} />
      <DocumentsList booking={booking} />
    </>
  );
}

/** A toll, a fine, a damage found later or another charge, with its amount and a note (`POST /api/add-charge`). */
function AddCharge({ booking }: { booking: CounterBooking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<LaterChargeKind>('toll');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; note?: string; form?: string }>({});
  const [pending, setPending] = useState(false);
  const currency = booking.amounts.currency;
  const send = async () => {
    const minor = minorFromTyped(amount, currency);
    const found = {
      amount:
        minor === null || Number.isNaN(minor) || minor < 1 ? t('operatorCounter.later.amountRequired') : undefined,
      note: note.trim() === '' ? t('operatorCounter.later.noteRequired') : undefined,
    };
    if (found.amount || found.note) return setErrors(found);
    setPending(true);
    try {
      const next = await addCharge(booking._id, { kind, amount: minor as number, note: note.trim() }, language);
      counterBookingChanged(queryClient, next, language);
      setAmount('');
      setNote('');
      setErrors({});
      toast.success(t('operatorCounter.later.added'));
    } catch (error) {
      setErrors({ form: refusalText(t, error) });
    } finally {
      setPending(false);
    }
  };
  return (
    <fieldset className="counter-later">
      <legend className="counter-subtitle">{t('operatorCounter.later.title')}</legend>
      <p className="form-field__hint">{t('operatorCounter.later.hint')}</p>
      <p className="form-field__hint">
        {t(booking.savedCard ? 'operatorCounter.later.savedCard' : 'operatorCounter.later.noSavedCard')}
      </p>
      {errors.form ? <FormMessage>{errors.form}</FormMessage> : null}
      <div className="form-grid">
        <SelectField
          label={t('operatorCounter.later.kind')}
          value={kind}
          onChange={(value) => setKind(value as LaterChargeKind)}
        >
          {LATER_CHARGE_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`operatorCounter.charge.${value}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('operatorCounter.later.amount', { currency })}
          name="later-amount"
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          inputMode="decimal"
          autoComplete="off"
        />
      </div>
      <TextField
        label={t('operatorCounter.later.note')}
        name="later-note"
        value={note}
        onChange={setNote}
        error={errors.note}
        maxLength={500}
      />
      <button type="button" className="button" disabled={pending} onClick={() => void send()}>
        {t('operatorCounter.later.add')}
      </button>
    </fieldset>
  );
}

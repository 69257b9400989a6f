import type { Charge, Computation } from '@roam/contract/counter';
import { formatMinor } from '@roam/contract/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';
import { TextField } from '#web/ui/form-field';
import { computationLines, computationSentence } from '../lib/computation';

// The charges at return, each with its computation printed before the desk confirms (docs/architecture.md §5 "After
// the booking"): the sentence, then every input and step, and the amount the server will charge — shown = charged.

export function ChargeLine({ computation, children }: { computation: Computation; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <li className="charge-line">
      <div className="charge-line__head">
        <span className="charge-line__kind">{t(`operatorCounter.charge.${computation.kind}`)}</span>
        <span className="charge-line__amount">{formatMinor(computation.amount, computation.currency, language)}</span>
      </div>
      <p className="charge-line__formula">{computationSentence(t, computation, language)}</p>
      {computation.lines.length > 1 ? (
        <details className="charge-line__details">
          <summary>{t('operatorCounter.charge.details')}</summary>
          <dl>
            {computationLines(t, computation, language).map((line) => (
              <div key={line.key}>
                <dt>{line.label}</dt>
                <dd>{line.value}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      {children}
    </li>
  );
}

interface StoredChargesProps {
  charges: readonly Charge[];
  timeZone: string;
  /** The operator may waive (`charges.waive`); null: the button is not offered. */
  onWaive: ((charge: Charge, reason: string) => Promise<void>) | null;
}

/** The booking's stored charges: each with its computation, who added it, and its waiver or the way to waive it. */
export function StoredCharges({ charges, timeZone, onWaive }: StoredChargesProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (charges.length === 0) return <p className="form-field__hint">{t('operatorCounter.charge.none')}</p>;
  return (
    <ul className="charge-lines">
      {charges.map((charge) => (
        <ChargeLine key={charge._id} computation={charge.computation}>
          {charge.note ? <p className="charge-line__note">{charge.note}</p> : null}
          {charge.waived ? (
            <p className="charge-line__waived">
              {t('operatorCounter.charge.waived', {
                at: formatInZone(charge.waived.at, timeZone, language),
                name: charge.waived.by?.name ?? '—',
                reason: charge.waived.reason,
              })}
            </p>
          ) : onWaive ? (
            <WaiveCharge charge={charge} onWaive={onWaive} />
          ) : null}
        </ChargeLine>
      ))}
    </ul>
  );
}

function WaiveCharge({
  charge,
  onWaive,
}: {
  charge: Charge;
  onWaive: (charge: Charge, reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const kind = t(`operatorCounter.charge.${charge.kind}`);
  if (!open)
    return (
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {t('operatorCounter.charge.waive', { kind })}
      </button>
    );
  const send = async () => {
    if (reason.trim().length < 3) return setError(t('operatorCounter.charge.reasonRequired'));
    setPending(true);
    try {
      await onWaive(charge, reason.trim());
    } catch (refusal) {
      setError(String((refusal as Error).message));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="charge-line__waive">
      <TextField
        label={t('operatorCounter.charge.reason', { kind })}
        name={`reason-${charge._id}`}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError(undefined);
        }}
        error={error}
        maxLength={500}
      />
      <div className="counter-actions">
        <button type="button" className="button" disabled={pending} onClick={() => void send()}>
          {t('operatorCounter.charge.confirmWaive')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
          {t('operatorCounter.charge.keep')}
        </button>
      </div>
    </div>
  );
}

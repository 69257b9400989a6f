import { formatMinor } from '@roam/contract/money';
import { PROMO_MESSAGES, type PromoDiscount, type PromoRefusal } from '@roam/contract/promo-codes';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { api, isApiError } from '#web/lib/api-client';
import { TextField } from '#web/ui/form-field';

// The walk-in's promo code (docs/architecture.md §5 "Promo codes"): the desk types the customer's code and applies
// it — the server checks it for the car, the place and the period (`check-promo-code`) — and the discount shows as
// its own line of the one price engine before the booking is made; the walk-in checks it again when it books.

/** A promo code's refusal (PROMO_MESSAGES, the contract's English) in the reader's words; undefined: not one. */
export function promoMessage(t: TFunction, message: string): string | undefined {
  const refusal = (Object.keys(PROMO_MESSAGES) as PromoRefusal[]).find((key) => PROMO_MESSAGES[key] === message);
  return refusal ? t(`operatorWalkIn.promo.errors.${refusal}`) : undefined;
}

type Rental = { carId: string; pickupLocationId: string; pickupAt: string; dropoffAt: string };

type WalkInPromoProps = {
  /** The car, place and period the code is checked for; null until all are chosen. */
  rental: Rental | null;
  applied: PromoDiscount | null;
  onApplied: (promo: PromoDiscount | null) => void;
  /** The promo line's amount (negative, EUR minor units) the price engine gives; null: none. */
  line: number | null;
  /** The walk-in's refusal at `promoCode`, translated. */
  error: string | undefined;
};

export function WalkInPromo({ rental, applied, onApplied, line, error }: WalkInPromoProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [code, setCode] = useState('');
  const [refused, setRefused] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const apply = async () => {
    if (!rental || code.trim() === '') return;
    setPending(true);
    try {
      onApplied(await api.post<PromoDiscount>('/api/check-promo-code', { code, ...rental }));
      setRefused(undefined);
    } catch (failure) {
      const message = isApiError(failure) ? (failure.fieldErrors.promoCode?.[0] ?? failure.message) : '';
      setRefused(promoMessage(t, message) ?? t('operatorWalkIn.errors.generic'));
      onApplied(null);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="walk-in__promo">
      <TextField
        label={t('operatorWalkIn.promo.label')}
        name="promoCode"
        value={applied ? applied.code : code}
        onChange={(value) => {
          setCode(value);
          if (applied) onApplied(null);
        }}
        error={refused ?? error}
        autoComplete="off"
        spellCheck={false}
        aside={
          applied ? (
            <button type="button" className="button button--secondary" onClick={() => onApplied(null)}>
              {t('operatorWalkIn.promo.remove')}
            </button>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              disabled={pending || !rental}
              onClick={() => void apply()}
            >
              {t('operatorWalkIn.promo.apply')}
            </button>
          )
        }
      />
      {applied && line !== null ? (
        <p className="walk-in__promo-line">
          {t('operatorWalkIn.promo.line', { code: applied.code, amount: formatMinor(line, 'EUR', language) })}
        </p>
      ) : null}
    </div>
  );
}

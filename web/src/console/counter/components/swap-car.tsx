import type { CounterBooking } from '@roam/contract/counter';
import { formatMinor } from '@roam/contract/money';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { CheckboxField } from '#web/ui/form-field';
import { ChoiceGroup } from '#web/console/components/choice-group';
import { useSwapCars } from '../api/counter-booking';

// The car swapped at check-out (docs/architecture.md §5 "After the booking"): when the booked car is still out with
// the customer before, or unfit, another free car of the same or a higher range — an upgrade, recorded. The price
// stays unless the desk ticks "re-price", at the new car's rates; a swap asks the customer to sign again.

interface SwapCarProps {
  booking: CounterBooking;
  value: { carId: string; reprice: boolean };
  onChange: (swap: { carId: string; reprice: boolean }) => void;
  open: boolean;
  onOpen: () => void;
}

export function SwapCar({ booking, value, onChange, open, onOpen }: SwapCarProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const cars = useSwapCars(booking._id, open);
  const currency = booking.amounts.currency;
  if (!open)
    return (
      <button type="button" className="button button--secondary" onClick={onOpen}>
        {t('operatorCounter.swap.open')}
      </button>
    );
  const chosen = cars.data?.results.find((car) => car._id === value.carId);
  return (
    <div className="counter-swap">
      {cars.isError ? <p role="alert">{t('operatorCounter.swap.error')}</p> : null}
      {cars.isPending ? <p>{t('common.loading')}</p> : null}
      {cars.data && cars.data.results.length === 0 ? <p>{t('operatorCounter.swap.none')}</p> : null}
      {cars.data && cars.data.results.length > 0 ? (
        <ChoiceGroup
          label={t('operatorCounter.swap.car')}
          name="swap"
          value={value.carId}
          onChange={(carId) => onChange({ carId, reprice: carId === '' ? false : value.reprice })}
          options={[
            { value: '', label: t('operatorCounter.swap.keep', { car: booking.car.name }) },
            ...cars.data.results.map((car) => ({
              value: car._id,
              label: [car.name, car.licensePlate, t(`cars.range.${car.range}`)].filter(Boolean).join(' · '),
            })),
          ]}
        />
      ) : null}
      {chosen ? (
        <>
          <CheckboxField
            name="reprice"
            label={t('operatorCounter.swap.reprice', {
              total: formatMinor(chosen.repricedTotal, currency, language),
              current: formatMinor(booking.amounts.total, currency, language),
            })}
            value={value.reprice}
            onChange={(reprice) => onChange({ ...value, reprice })}
          />
          <p className="form-field__hint">{t('operatorCounter.swap.signAgain')}</p>
        </>
      ) : null}
    </div>
  );
}

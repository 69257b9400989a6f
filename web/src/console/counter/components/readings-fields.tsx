import type { CounterBooking } from '@roam/contract/counter';
import { readsBattery } from '@roam/contract/counter';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '#web/lib/use-contract-form';
import { TextField } from '#web/ui/form-field';
import { FuelGauge } from './fuel-gauge';

// The car's readings at check-out and at the return: the odometer, and the fuel in eighths — or the battery in % for
// an electric car. At the return, what the check-out read is said under each.

interface ReadingsFieldsProps {
  car: CounterBooking['car'];
  odometer: FieldProps<string>;
  fuel: FieldProps<number | null>;
  battery: FieldProps<string>;
  /** The check-out's readings, shown at the return. */
  before?: CounterBooking['checkOut'];
}

export function ReadingsFields({ car, odometer, fuel, battery, before }: ReadingsFieldsProps) {
  const { t } = useTranslation();
  const previous = before?.fuel;
  return (
    <>
      <TextField
        {...odometer}
        inputMode="numeric"
        autoComplete="off"
        inputClassName="counter-number"
        aside={<span className="op-unit">km</span>}
        description={
          before
            ? t('operatorCounter.readings.odometerAtCheckOut', { km: before.odometer })
            : car.odometer !== null
              ? t('operatorCounter.readings.odometerLast', { km: car.odometer })
              : undefined
        }
        required
      />
      {readsBattery(car.fuelType) ? (
        <TextField
          {...battery}
          error={battery.error ?? fuel.error}
          inputMode="numeric"
          autoComplete="off"
          inputClassName="counter-number"
          aside={<span className="op-unit">%</span>}
          description={
            previous?.kind === 'battery'
              ? t('operatorCounter.readings.batteryAtCheckOut', { percent: previous.percent })
              : undefined
          }
          required
        />
      ) : (
        <FuelGauge
          label={fuel.label}
          value={fuel.value}
          onChange={fuel.onChange}
          error={fuel.error}
          description={
            previous?.kind === 'eighths'
              ? t('operatorCounter.readings.fuelAtCheckOut', { level: `${previous.eighths}/8` })
              : t('operatorCounter.readings.fuelHint')
          }
        />
      )}
    </>
  );
}

/** The supplier's checklist: each item ticked or not. */
export function ChecklistField({
  items,
  value,
  onChange,
}: {
  items: CounterBooking['checklist'];
  value: readonly string[];
  onChange: (ticked: string[]) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <fieldset className="counter-checklist">
      <legend className="counter-subtitle">{t('operatorCounter.checklist.title')}</legend>
      {items.map((item) => (
        <label key={item.id} className="counter-checklist__item">
          <input
            type="checkbox"
            checked={value.includes(item.id)}
            onChange={(event) =>
              onChange(event.currentTarget.checked ? [...value, item.id] : value.filter((ticked) => ticked !== item.id))
            }
          />
          {item.label}
        </label>
      ))}
    </fieldset>
  );
}

import { CAR_RANGES } from '@roam/contract/cars';
import { useTranslation } from 'react-i18next';
import { useLocations } from '#web/lib/locations';
import type { FieldProps } from '#web/lib/use-contract-form';
import { useOperatorCars } from '#web/console/fleet/api/fleet';

/** The form's field props (`form.field(key, label)`, the label its legend). */
type ScopeField = Pick<FieldProps<readonly string[]>, 'label' | 'value' | 'onChange' | 'error'>;

/**
 * Where a promo code or an extra applies (places, ranges, cars): a disclosure of checkboxes whose summary says what
 * is chosen — none ticked means every one, as the server reads an empty list ("all", said in the gender of the
 * scope's noun, e.g. "Toutes" for French ranges), else how many of how many — after the scope's name as each
 * language writes it ("Gammes de véhicules : Toutes"). Keyboard-usable as native controls are.
 */
function ScopePicker({
  label: legend,
  all,
  summary,
  hint,
  options,
  value,
  onChange,
  error,
}: ScopeField & {
  all: string;
  /** The summary line, given what is chosen. */
  summary: (chosen: string) => string;
  hint: string;
  options: readonly { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const chosen = new Set(value);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(options.map((option) => option.value).filter((option) => next.has(option)));
  };
  return (
    <details className="offer-scope">
      <summary>
        {summary(
          chosen.size === 0
            ? all
            : t('operatorOffer.common.some', { count: chosen.size, total: Math.max(options.length, chosen.size) }),
        )}
      </summary>
      <fieldset>
        <legend className="visually-hidden">{legend}</legend>
        <p className="form-field__hint">{hint}</p>
        {options.map((option) => (
          <label key={option.value} className="offer-scope__option">
            <input
              type="checkbox"
              checked={chosen.has(option.value)}
              onChange={(event) => toggle(option.value, event.currentTarget.checked)}
            />{' '}
            {option.label}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </details>
  );
}

/** The pick-up places an offer is limited to. */
export function PlaceScope(field: ScopeField) {
  const { t } = useTranslation();
  const locations = useLocations();
  return (
    <ScopePicker
      {...field}
      all={t('operatorOffer.common.placesAll')}
      summary={(chosen) => t('operatorOffer.common.placesSummary', { chosen })}
      hint={t('operatorOffer.common.placesHint')}
      options={(locations.data ?? []).map((place) => ({ value: place._id, label: place.name }))}
    />
  );
}

/** The car ranges an offer is limited to. */
export function RangeScope(field: ScopeField) {
  const { t } = useTranslation();
  return (
    <ScopePicker
      {...field}
      all={t('operatorOffer.common.rangesAll')}
      summary={(chosen) => t('operatorOffer.common.rangesSummary', { chosen })}
      hint={t('operatorOffer.common.rangesHint')}
      options={CAR_RANGES.map((range) => ({ value: range, label: t(`cars.range.${range}`) }))}
    />
  );
}

/** The cars an offer is limited to: the first hundred of `business` (every business's for the admin), by name. */
export function CarScope({ business, ...field }: ScopeField & { business: string }) {
  const { t } = useTranslation();
  const cars = useOperatorCars(
    { ranges: [], availability: [], sort: 'name', ...(business && { supplierId: business }) },
    1,
    100,
  );
  return (
    <ScopePicker
      {...field}
      all={t('operatorOffer.common.carsAll')}
      summary={(chosen) => t('operatorOffer.common.carsSummary', { chosen })}
      hint={t('operatorOffer.common.carsHint')}
      options={(cars.data?.results ?? []).map((car) => ({
        value: car._id,
        label: car.licensePlate ? `${car.name} (${car.licensePlate})` : car.name,
      }))}
    />
  );
}

import type { SearchCarsResponse } from '@roam/contract/cars';
import {
  CAR_OPTIONS,
  CAR_RANGES,
  CAR_SPECS,
  DEPOSIT_THRESHOLDS,
  FUEL_POLICIES,
  FUEL_TYPES,
  GEARBOXES,
  MILEAGE_KINDS,
  MIN_RATINGS,
  SEATS_FILTERS,
} from '@roam/contract/cars';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchFilters as Filters } from '#web/lib/search-params';
import { useMoney } from '#web/lib/use-money';

interface SearchFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** null while the first results load: the group holds its place with a skeleton. */
  supplierCounts: SearchCarsResponse['supplierCounts'] | null;
}

const SUPPLIER_SKELETON = ['a', 'b', 'c'];

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="search-filters__group">
      <legend className="search-filters__legend">{legend}</legend>
      {children}
    </fieldset>
  );
}

function CheckboxList<T extends string>({
  values,
  selected,
  label,
  onChange,
}: {
  values: readonly T[];
  selected: readonly T[];
  label: (value: T) => ReactNode;
  onChange: (next: T[]) => void;
}) {
  return (
    <ul className="search-filters__options">
      {values.map((value) => (
        <li key={value}>
          <label className="search-filters__option">
            <input
              type="checkbox"
              checked={selected.includes(value)}
              onChange={() => onChange(toggle(selected, value))}
            />
            {label(value)}
          </label>
        </li>
      ))}
    </ul>
  );
}

function RadioList<T extends string | number>({
  name,
  values,
  selected,
  label,
  anyLabel,
  onChange,
}: {
  name: string;
  values: readonly T[];
  selected: T | null;
  label: (value: T) => string;
  anyLabel: string;
  onChange: (next: T | null) => void;
}) {
  const options: (T | null)[] = [null, ...values];
  return (
    <ul className="search-filters__options">
      {options.map((value) => (
        <li key={String(value)}>
          <label className="search-filters__option">
            <input type="radio" name={name} checked={selected === value} onChange={() => onChange(value)} />
            {value === null ? anyLabel : label(value)}
          </label>
        </li>
      ))}
    </ul>
  );
}

/** Every filter of the search screen (spec §2); each change lands in the address. */
export function SearchFiltersPanel({ filters, onChange, supplierCounts }: SearchFiltersProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const set =
    <K extends keyof Filters>(key: K) =>
    (value: Filters[K]) =>
      onChange({ ...filters, [key]: value });
  const any = t('search.filters.any');
  return (
    <div className="search-filters">
      {supplierCounts === null ? (
        <Group legend={t('search.filters.supplier')}>
          <ul className="search-filters__options" aria-hidden="true">
            {SUPPLIER_SKELETON.map((key) => (
              <li key={key} className="search-filters__option">
                <span className="search-filters__skeleton skeleton">{'\u00a0'}</span>
              </li>
            ))}
          </ul>
        </Group>
      ) : supplierCounts.length > 0 ? (
        <Group legend={t('search.filters.supplier')}>
          <CheckboxList
            values={supplierCounts.map((entry) => entry.supplierId)}
            selected={filters.suppliers}
            label={(id) => {
              const entry = supplierCounts.find((item) => item.supplierId === id);
              return (
                <>
                  {entry?.fullName} <span className="search-filters__count">({entry?.count ?? 0})</span>
                </>
              );
            }}
            onChange={set('suppliers')}
          />
        </Group>
      ) : null}
      <Group legend={t('search.filters.range')}>
        <CheckboxList
          values={CAR_RANGES}
          selected={filters.ranges}
          label={(v) => t(`cars.range.${v}`)}
          onChange={set('ranges')}
        />
      </Group>
      <Group legend={t('search.filters.rating')}>
        <RadioList
          name="minRating"
          values={MIN_RATINGS}
          selected={filters.minRating as (typeof MIN_RATINGS)[number] | null}
          label={(v) => t('search.filters.ratingAndUp', { rating: v })}
          anyLabel={any}
          onChange={set('minRating')}
        />
      </Group>
      <Group legend={t('search.filters.seats')}>
        <RadioList
          name="seats"
          values={SEATS_FILTERS}
          selected={filters.seats}
          label={(v) => v}
          anyLabel={any}
          onChange={set('seats')}
        />
      </Group>
      <Group legend={t('search.filters.specs')}>
        <CheckboxList
          values={CAR_SPECS}
          selected={filters.specs}
          label={(v) => t(`search.filters.spec.${v}`)}
          onChange={set('specs')}
        />
      </Group>
      <Group legend={t('search.filters.multimedia')}>
        <CheckboxList
          values={CAR_OPTIONS}
          selected={filters.multimedia}
          label={(v) => t(`cars.option.${v}`)}
          onChange={set('multimedia')}
        />
      </Group>
      <Group legend={t('search.filters.fuelType')}>
        <CheckboxList
          values={FUEL_TYPES}
          selected={filters.fuelTypes}
          label={(v) => t(`cars.fuelType.${v}`)}
          onChange={set('fuelTypes')}
        />
      </Group>
      <Group legend={t('search.filters.gearbox')}>
        <CheckboxList
          values={GEARBOXES}
          selected={filters.gearboxes}
          label={(v) => t(`cars.gearbox.${v}`)}
          onChange={set('gearboxes')}
        />
      </Group>
      <Group legend={t('search.filters.mileage')}>
        <CheckboxList
          values={MILEAGE_KINDS}
          selected={filters.mileage}
          label={(v) => t(`search.filters.mileageKind.${v}`)}
          onChange={set('mileage')}
        />
      </Group>
      <Group legend={t('search.filters.fuelPolicy')}>
        <CheckboxList
          values={FUEL_POLICIES}
          selected={filters.fuelPolicies}
          label={(v) => t(`cars.fuelPolicy.${v}`)}
          onChange={set('fuelPolicies')}
        />
      </Group>
      <Group legend={t('search.filters.deposit')}>
        <RadioList
          name="deposit"
          values={DEPOSIT_THRESHOLDS}
          selected={filters.deposit as (typeof DEPOSIT_THRESHOLDS)[number] | null}
          label={(v) => t('search.filters.depositUpTo', { amount: money.format(v * 100) })}
          anyLabel={any}
          onChange={set('deposit')}
        />
      </Group>
    </div>
  );
}

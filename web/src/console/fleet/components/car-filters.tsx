import { CAR_RANGES } from '@roam/contract/cars';
import { CAR_AVAILABILITIES, OPERATOR_CAR_SORTS } from '@roam/contract/fleet';
import type { Language } from '@roam/contract/languages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocations } from '#web/lib/locations';
import { SelectField, TextField } from '#web/ui/form-field';
import { PlaceOptions } from '#web/console/components/place-options';
import { SupplierSelect } from '#web/console/components/supplier-select';

export interface CarListFilters {
  keyword: string;
  range: string;
  availability: string;
  locationId: string;
  supplierId: string;
  sort: (typeof OPERATOR_CAR_SORTS)[number];
}

interface CarFiltersProps {
  filters: CarListFilters;
  admin: boolean;
  language: Language;
  onChange: (next: Partial<CarListFilters>) => void;
}

/** The list's search (name or plate, sent with Enter or the button) and filters (applied as chosen). */
export function CarFilters({ filters, admin, language, onChange }: CarFiltersProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(filters.keyword);
  const locations = useLocations();
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ keyword: keyword.trim() });
  };
  return (
    <search aria-label={t('operatorCars.filters.label')}>
      <form className="op-filters" onSubmit={search}>
        <TextField
          className="op-filters__keyword"
          label={t('operatorCars.filters.keyword')}
          name="q"
          type="search"
          value={keyword}
          onChange={setKeyword}
          aside={
            <button type="submit" className="button">
              {t('operatorCars.filters.search')}
            </button>
          }
        />
        {admin ? (
          <SupplierSelect
            label={t('operatorCars.filters.supplier')}
            name="supplier"
            value={filters.supplierId}
            onChange={(supplierId) => onChange({ supplierId })}
            empty={t('operatorCars.filters.allSuppliers')}
          />
        ) : null}
        <SelectField
          label={t('operatorCars.filters.range')}
          name="range"
          value={filters.range}
          onChange={(range) => onChange({ range })}
        >
          <option value="">{t('operatorCars.filters.allRanges')}</option>
          {CAR_RANGES.map((range) => (
            <option key={range} value={range}>
              {t(`cars.range.${range}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('operatorCars.filters.availability')}
          name="availability"
          value={filters.availability}
          onChange={(availability) => onChange({ availability })}
        >
          <option value="">{t('operatorCars.filters.anyAvailability')}</option>
          {CAR_AVAILABILITIES.map((availability) => (
            <option key={availability} value={availability}>
              {t(`cars.availability.${availability}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('operatorCars.filters.place')}
          name="place"
          value={filters.locationId}
          onChange={(locationId) => onChange({ locationId })}
        >
          <option value="">{t('operatorCars.filters.allPlaces')}</option>
          <PlaceOptions locations={locations.data ?? []} language={language} />
        </SelectField>
        <SelectField
          label={t('operatorCars.filters.sort')}
          name="sort"
          value={filters.sort}
          onChange={(sort) => onChange({ sort: sort as CarListFilters['sort'] })}
        >
          {OPERATOR_CAR_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`operatorCars.sort.${sort}`)}
            </option>
          ))}
        </SelectField>
      </form>
    </search>
  );
}

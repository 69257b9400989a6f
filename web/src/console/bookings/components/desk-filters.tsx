import { DESK_SORTS, type DeskSort, PAYMENT_STATES } from '@roam/contract/booking-desk';
import { BOOKING_STATUSES } from '@roam/contract/bookings';
import type { Language } from '@roam/contract/languages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocations } from '#web/lib/locations';
import { SelectField, TextField } from '#web/ui/form-field';
import { PlaceOptions } from '#web/console/components/place-options';
import { SupplierSelect } from '#web/console/components/supplier-select';

/** The list's filters, as the address holds them (bookings-screen.tsx). */
export interface DeskFilters {
  search: string;
  status: string;
  payment: string;
  /** 'yes' checked in online, 'no' not yet, '' either. */
  checkIn: string;
  place: string;
  supplier: string;
  pickupFrom: string;
  pickupTo: string;
  dropoffFrom: string;
  dropoffTo: string;
  sort: DeskSort;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface DeskFiltersProps {
  filters: DeskFilters;
  admin: boolean;
  language: Language;
  onChange: (next: Partial<DeskFilters>) => void;
}

/**
 * The search (sent with Enter or the button) and the filters (applied as chosen). The statuses are the contract's
 * list, so a status added there (the counter's) is a filter at once; days are at each booking's place.
 */
export function DeskFiltersForm({ filters, admin, language, onChange }: DeskFiltersProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(filters.search);
  const locations = useLocations();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ search: search.trim() });
  };
  const day = (name: keyof DeskFilters, label: string) => (
    <TextField
      label={label}
      name={name}
      type="date"
      value={filters[name]}
      onChange={(value) => (value === '' || DAY.test(value) ? onChange({ [name]: value }) : undefined)}
    />
  );
  return (
    <search aria-label={t('operatorBookings.filters.label')}>
      <form className="desk-filters" onSubmit={submit}>
        <TextField
          className="desk-filters__search"
          label={t('operatorBookings.filters.search')}
          name="q"
          type="search"
          value={search}
          onChange={setSearch}
          aside={
            <button type="submit" className="button">
              {t('operatorBookings.filters.searchButton')}
            </button>
          }
        />
        {admin ? (
          <SupplierSelect
            label={t('operatorBookings.filters.supplier')}
            name="supplier"
            value={filters.supplier}
            onChange={(supplier) => onChange({ supplier })}
            empty={t('operatorBookings.filters.allSuppliers')}
          />
        ) : null}
        <SelectField
          label={t('operatorBookings.filters.status')}
          name="status"
          value={filters.status}
          onChange={(status) => onChange({ status })}
        >
          <option value="">{t('operatorBookings.filters.anyStatus')}</option>
          {BOOKING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`operatorScheduler.status.${status}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('operatorBookings.filters.payment')}
          name="payment"
          value={filters.payment}
          onChange={(payment) => onChange({ payment })}
        >
          <option value="">{t('operatorBookings.filters.anyPayment')}</option>
          {PAYMENT_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`operatorBookings.paymentState.${state}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('operatorBookings.filters.checkIn')}
          name="checkIn"
          value={filters.checkIn}
          onChange={(checkIn) => onChange({ checkIn })}
        >
          <option value="">{t('operatorBookings.filters.anyCheckIn')}</option>
          <option value="yes">{t('operatorBookings.filters.checkedIn')}</option>
          <option value="no">{t('operatorBookings.filters.notCheckedIn')}</option>
        </SelectField>
        <SelectField
          label={t('operatorBookings.filters.place')}
          name="place"
          value={filters.place}
          onChange={(place) => onChange({ place })}
        >
          <option value="">{t('operatorBookings.filters.allPlaces')}</option>
          <PlaceOptions locations={locations.data ?? []} language={language} />
        </SelectField>
        {day('pickupFrom', t('operatorBookings.filters.pickupFrom'))}
        {day('pickupTo', t('operatorBookings.filters.pickupTo'))}
        {day('dropoffFrom', t('operatorBookings.filters.dropoffFrom'))}
        {day('dropoffTo', t('operatorBookings.filters.dropoffTo'))}
        <SelectField
          label={t('operatorBookings.filters.sort')}
          name="sort"
          value={filters.sort}
          onChange={(sort) => onChange({ sort: sort as DeskSort })}
        >
          {DESK_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`operatorBookings.sort.${sort}`)}
            </option>
          ))}
        </SelectField>
      </form>
      <p className="desk-filters__hint">{t('operatorBookings.filters.daysHint')}</p>
    </search>
  );
}

import type { Location } from '@roam/contract/locations';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text, useFilter } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../icons';

interface LocationFieldProps {
  label: string;
  locations: Location[];
  selectedId: string | null;
  onChange: (id: string | null) => void;
  error?: string | undefined;
  autoFocus?: boolean;
}

/**
 * An accessible autocomplete over every location, child locations (airports, stations) included, named in the
 * interface language. Matching ignores case and accents ("orly", "munchen").
 */
export function LocationField({ label, locations, selectedId, onChange, error, autoFocus }: LocationFieldProps) {
  const { t } = useTranslation();
  const { contains } = useFilter({ sensitivity: 'base' });
  return (
    <ComboBox
      className="search-field search-field--location"
      defaultItems={locations}
      selectedKey={selectedId}
      onSelectionChange={(key) => onChange(key === null ? null : String(key))}
      defaultFilter={contains}
      menuTrigger="focus"
      isInvalid={Boolean(error)}
      autoFocus={autoFocus}
    >
      <Label className="search-field__label">{label}</Label>
      <div className="search-field__control">
        <Input className="text-field search-field__input" />
        <Button className="search-field__trigger" aria-label={t('search.form.showLocations')}>
          <ChevronDownIcon size={18} />
        </Button>
      </div>
      {error ? (
        <Text slot="errorMessage" className="search-field__error">
          {error}
        </Text>
      ) : null}
      <Popover className="search-popover" placement="bottom start">
        <ListBox
          className="search-listbox"
          renderEmptyState={() => <p className="search-listbox__empty">{t('search.form.noMatch')}</p>}
        >
          {(location: Location) => (
            <ListBoxItem id={location._id} textValue={location.name} className="search-listbox__item">
              <span className="search-listbox__name">{location.name}</span>
              <span className="search-listbox__detail">
                {location.parentName ? `${location.parentName}, ` : ''}
                {location.countryName}
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

import type { Location } from '@roam/contract/locations';
import { useId, useMemo } from 'react';
import {
  Autocomplete,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  SearchField,
  type Selection,
  useFilter,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../i18n/index';
import { useLocations } from '../../../../lib/locations';
import type { FieldProps } from '../../../../lib/use-contract-form';
import { placesByCountry } from './place-options';

/**
 * The places a car serves (spec §3 "pick-up and drop-off"; issue #23): every location, filtered as you type, chosen
 * with Space or a click in one list (react-aria's ListBox: one tab stop, arrow keys between places, the choice read
 * out), the chosen ones listed above it, each with its own remove button.
 */
export function PlacesField({ field }: { field: FieldProps<readonly string[]> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const { contains } = useFilter({ sensitivity: 'base' });
  const locations = useLocations();
  const ordered = useMemo(
    () => placesByCountry(locations.data ?? [], language).flatMap(([, places]) => places),
    [locations.data, language],
  );
  const byId = new Map(ordered.map((place) => [place._id, place]));
  const chosen = field.value.map((placeId) => byId.get(placeId)).filter((place): place is Location => Boolean(place));
  const choose = (selection: Selection) =>
    field.onChange(selection === 'all' ? ordered.map((place) => place._id) : [...selection].map(String));

  return (
    <fieldset className="op-section">
      <legend className="op-section__title">{t('operatorCars.sections.places')}</legend>
      <p className="op-section__hint">{t('operatorCars.hints.places')}</p>
      <p id={`${id}-chosen`} className="op-places__count" aria-live="polite">
        {t('operatorCars.places.chosen', { count: chosen.length })}
      </p>
      {chosen.length > 0 ? (
        <ul className="op-places__chosen" aria-labelledby={`${id}-chosen`}>
          {chosen.map((place) => (
            <li key={place._id} className="op-chip">
              <span>{place.name}</span>
              <button
                type="button"
                className="op-chip__remove"
                aria-label={t('operatorCars.places.remove', { place: place.name })}
                onClick={() => field.onChange(field.value.filter((placeId) => placeId !== place._id))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Autocomplete filter={(text, input) => contains(text, input)}>
        <SearchField className="form-field op-places__search">
          <Label>{t('operatorCars.places.filter')}</Label>
          <Input className="text-field" />
        </SearchField>
        {/* The list scrolls in a region of its own that takes the focus, so that the keyboard scrolls it too (the
            places are chosen from the filter field, whose focus stays there: WCAG 2.1.1, axe scrollable-region). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by the keyboard. */}
        <section className="op-places__scroll" aria-label={field.label} tabIndex={0}>
          <ListBox
            aria-label={field.label}
            aria-describedby={field.error ? `${id}-error` : undefined}
            aria-invalid={field.error ? true : undefined}
            className="op-places__list"
            items={ordered}
            selectionMode="multiple"
            selectedKeys={field.value}
            onSelectionChange={choose}
            renderEmptyState={() => <p className="op-places__empty">{t('operatorCars.places.noMatch')}</p>}
          >
            {(place) => (
              <ListBoxItem
                id={place._id}
                textValue={`${place.name} ${place.parentName ?? ''} ${place.countryName}`}
                className="op-places__item"
              >
                <span className="op-places__check" aria-hidden="true" />
                <span className="op-places__name">{place.name}</span>
                <span className="op-places__detail">
                  {place.parentName ? `${place.parentName}, ` : ''}
                  {place.countryName}
                </span>
              </ListBoxItem>
            )}
          </ListBox>
        </section>
      </Autocomplete>
      {field.error ? (
        <p id={`${id}-error`} className="field-error">
          {field.error}
        </p>
      ) : null}
    </fieldset>
  );
}

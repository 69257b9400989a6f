import type { Location } from '@roam/contract/locations';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { useLocations } from '#web/lib/locations';
import type { FieldProps } from '#web/lib/use-contract-form';
import { TextField } from '#web/ui/form-field';
import { placesByCountry } from '#web/console/components/place-options';

/** Lower case without accents, for a filter that finds "Orly" in "orly" and "Málaga" in "malaga". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/**
 * The places a car serves (spec §3 "pick-up and drop-off"): every location, filtered as you type, each a
 * native checkbox, the chosen ones listed above, each with its own remove button.
 */
export function PlacesField({ field }: { field: FieldProps<readonly string[]> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [filter, setFilter] = useState('');
  const locations = useLocations();
  const ordered = useMemo(
    () => placesByCountry(locations.data ?? [], language).flatMap(([, places]) => places),
    [locations.data, language],
  );
  const byId = new Map(ordered.map((place) => [place._id, place]));
  const chosen = field.value.map((placeId) => byId.get(placeId)).filter((place): place is Location => Boolean(place));
  const wanted = folded(filter.trim());
  const shown = ordered.filter((place) =>
    folded(`${place.name} ${place.parentName ?? ''} ${place.countryName}`).includes(wanted),
  );
  const toggle = (placeId: string, on: boolean) =>
    field.onChange(on ? [...field.value, placeId] : field.value.filter((other) => other !== placeId));

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
      <TextField
        label={t('operatorCars.places.filter')}
        name="placesFilter"
        type="search"
        value={filter}
        onChange={setFilter}
      />
      <fieldset
        aria-label={field.label}
        aria-describedby={field.error ? `${id}-error` : undefined}
        className="op-places__scroll"
      >
        {shown.length === 0 ? <p className="op-places__empty">{t('operatorCars.places.noMatch')}</p> : null}
        <ul className="op-places__list">
          {shown.map((place) => (
            <li key={place._id}>
              <label className="op-places__item">
                <input
                  type="checkbox"
                  className="op-places__check"
                  checked={field.value.includes(place._id)}
                  aria-invalid={field.error ? true : undefined}
                  onChange={(event) => toggle(place._id, event.currentTarget.checked)}
                />
                <span className="op-places__name">{place.name}</span>
                <span className="op-places__detail">
                  {place.parentName ? `${place.parentName}, ` : ''}
                  {place.countryName}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {field.error ? (
        <p id={`${id}-error`} className="field-error">
          {field.error}
        </p>
      ) : null}
    </fieldset>
  );
}

import { LANGUAGES } from '@roam/contract/languages';
import type {
  CreateLocationBody,
  EditableLocation,
  LocalizedNames,
  Location,
  UpdateLocationBody,
} from '@roam/contract/locations';
import { LOCATION_KINDS } from '@roam/contract/locations';
import type { OpeningHours } from '@roam/contract/opening-hours';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSettings } from '#web/lib/settings';
import { type ContractSchema, useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, SelectField, TextField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { toast } from '#web/ui/toast';
import '#web/console/components/admin.css';
import { focusTitle } from '#web/console/lib/focus-title';
import { usePlaces, useSaveLocation } from './api/admin-locations';
import { countryZones } from './country-zones';
import { HoursEditor } from './hours-editor';
import { type Following, followFirstName, NamesFields } from './names-fields';
import { TimeZoneField } from './time-zone-field';

// The customer's map, its own chunk already: a click on it places the location (the fields are the keyboard's way).
const LocationsMap = lazy(() => import('#web/ui/locations-map').then((m) => ({ default: m.LocationsMap })));

const round = (value: number) => Math.round(value * 1e5) / 1e5;

type Values = {
  names: LocalizedNames;
  countryId: string;
  parentId: string;
  kind: string;
  address: string;
  latitude: string;
  longitude: string;
  timeZone: string;
};

const valuesOf = (location: EditableLocation | undefined, countryId: string): Values => ({
  names: { en: '', fr: '', es: '', se: '', de: '', ...location?.names },
  countryId: location?.countryId ?? countryId,
  parentId: location?.parentId ?? '',
  kind: location?.kind ?? 'city',
  address: location?.address ?? '',
  latitude: location ? String(location.latitude) : '',
  longitude: location ? String(location.longitude) : '',
  timeZone: location?.timeZone ?? '',
});

type SaveLocation = CreateLocationBody | UpdateLocationBody;

const toNumber = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

/** `/operator/places/new` and `/operator/places/{id}`: a location's editor. */
export function LocationScreen() {
  const params = useParams();
  const { data } = usePlaces();
  const { t } = useTranslation();
  if (!data) return <PageLoading />;
  const location = data.locations.find((entry) => entry._id === params.id);
  // A location belongs to a country: with none yet, the admin is told so and sent to create one first.
  if (!location && data.countries.length === 0) {
    return (
      <Page title={t('operatorAdmin.places.newLocation')} description={t('operatorAdmin.places.countryFirst')}>
        <Link className="button" to="/operator/places?country=new">
          {t('operatorAdmin.places.newCountry')}
        </Link>
      </Page>
    );
  }
  return <LocationEditor key={params.id} location={location} places={data} />;
}

function LocationEditor({
  location,
  places,
}: {
  location: EditableLocation | undefined;
  places: NonNullable<ReturnType<typeof usePlaces>['data']>;
}) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const navigate = useNavigate();
  const save = useSaveLocation();
  const [hours, setHours] = useState<OpeningHours | null>(location?.openingHours ?? null);
  // A new location's names follow the first one typed (names-fields.tsx); a saved one's are the admin's already.
  const following = useRef<Following>({ languages: new Set(location ? [] : LANGUAGES), first: null });
  const form = useContractForm({
    initialValues: valuesOf(location, places.countries[0]?._id ?? ''),
    schema: () =>
      import('@roam/contract/locations.schema').then(
        (m) => (location ? m.UpdateLocationBodySchema : m.CreateLocationBodySchema) as ContractSchema<SaveLocation>,
      ),
    input: (values) => ({
      ...(location ? { _id: location._id } : {}),
      ...values,
      parentId: values.parentId || null,
      latitude: toNumber(values.latitude),
      longitude: toNumber(values.longitude),
      openingHours: hours,
    }),
    onSubmit: async (body) => {
      const saved = await save.mutateAsync(body);
      toast.success(t('operatorAdmin.places.saved'));
      await navigate(`/operator/places/${saved._id}`);
      focusTitle(name(saved));
    },
    onError: () => t('operatorAdmin.error'),
  });
  const name = (entry: { names: Record<string, string> }) => entry.names[i18n.language] ?? entry.names.en ?? '';
  const parents = places.locations.filter(
    (entry) => entry._id !== location?._id && entry.countryId === form.values.countryId,
  );
  const title = location ? name(location) : t('operatorAdmin.places.newLocation');
  const country = places.countries.find((entry) => entry._id === form.values.countryId);
  const zones = countryZones(country?.code);
  const latitude = toNumber(form.values.latitude);
  const longitude = toNumber(form.values.longitude);
  // The point as the map shows it: a marker named as the location, where the fields say it is.
  const picked: Location | null =
    latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
      ? {
          _id: location?._id ?? '00000000-0000-4000-8000-000000000000',
          name: form.values.names.en || title,
          kind: form.values.kind,
          countryId: form.values.countryId,
          countryCode: '',
          countryName: '',
          parentId: null,
          parentName: null,
          latitude,
          longitude,
          timeZone: form.values.timeZone,
          openingHours: null,
        }
      : null;
  return (
    <Page title={title} description={t('operatorAdmin.places.locationDescription')}>
      <form {...form.formProps}>
        <FormMessage>{form.message}</FormMessage>
        <NamesFields
          field={(language, label) => ({
            ...form.field(`names.${language}`, label),
            onChange: (value: string) =>
              followFirstName(following.current, language, value, (each, text) => form.setValue(`names.${each}`, text)),
          })}
        />
        <div className="admin-grid">
          <SelectField {...form.field('countryId', t('operatorAdmin.places.country'))}>
            {places.countries.map((country) => (
              <option key={country._id} value={country._id}>
                {name(country)}
              </option>
            ))}
          </SelectField>
          <SelectField {...form.field('parentId', t('operatorAdmin.places.parent'))}>
            <option value="">{t('operatorAdmin.places.noParent')}</option>
            {parents.map((entry) => (
              <option key={entry._id} value={entry._id}>
                {name(entry)}
              </option>
            ))}
          </SelectField>
          <SelectField {...form.field('kind', t('operatorAdmin.places.kind'))}>
            {LOCATION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`operatorAdmin.kinds.${kind}`)}
              </option>
            ))}
          </SelectField>
          <TimeZoneField
            {...form.field('timeZone', t('operatorAdmin.places.timeZone'))}
            countryName={country ? name(country) : undefined}
            countryZones={zones?.zones ?? []}
          />
        </div>
        <TextField {...form.field('address', t('operatorAdmin.places.address'))} maxLength={300} />
        <div className="admin-grid">
          <TextField {...form.field('latitude', t('operatorAdmin.places.latitude'))} inputMode="decimal" required />
          <TextField {...form.field('longitude', t('operatorAdmin.places.longitude'))} inputMode="decimal" required />
        </div>
        <p id="pick-hint">{t('operatorAdmin.places.pickHint')}</p>
        <Suspense fallback={<div className="admin-map" />}>
          <LocationsMap
            label={t('operatorAdmin.places.map')}
            tileUrl={settings.mapTileUrl}
            center={picked ?? zones?.centre ?? settings.map}
            zoom={picked ? 11 : zones ? 5 : settings.map.zoom}
            locations={picked ? [picked] : []}
            selectedId={picked?._id ?? null}
            onPick={(point) => {
              form.setValue('latitude', String(round(point.latitude)));
              form.setValue('longitude', String(round(point.longitude)));
            }}
          />
        </Suspense>
        <HoursEditor value={hours} onChange={setHours} countryCode={country?.code} />
        <button type="submit" className="button" disabled={form.pending}>
          {t('operatorAdmin.places.save')}
        </button>
      </form>
    </Page>
  );
}

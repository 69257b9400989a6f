import {
  Button,
  ComboBox,
  Header,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  Text,
  useFilter,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '#web/ui/icons';
import './time-zone-field.css';

/** The IANA zones this browser knows, the list the admin chooses from (the server checks the same way). */
const TIME_ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

interface Group {
  id: string;
  title: string;
  zones: readonly string[];
}

/** The IANA regions, each named in the reader's language (operatorAdmin.json `places.regions`). */
const REGIONS = [
  'Africa',
  'America',
  'Antarctica',
  'Arctic',
  'Asia',
  'Atlantic',
  'Australia',
  'Europe',
  'Indian',
  'Pacific',
] as const;
type Region = (typeof REGIONS)[number];
const isRegion = (word: string): word is Region => (REGIONS as readonly string[]).includes(word);

/**
 * The zones in groups: the chosen country's first (under its name), then every other zone under its IANA region,
 * the word before the first "/" (Europe, America…), titled by `regionName` (a word outside the known regions, such
 * as a zone without a "/", stays as it is spelt).
 */
export function zoneGroups(
  countryName: string | undefined,
  countryZones: readonly string[],
  regionName: (region: Region) => string,
): Group[] {
  const first = new Set(countryZones.filter((zone) => TIME_ZONES.includes(zone)));
  const regions = new Map<string, string[]>();
  for (const zone of TIME_ZONES) {
    if (first.has(zone)) continue;
    const region = zone.includes('/') ? (zone.split('/')[0] ?? zone) : zone;
    regions.set(region, [...(regions.get(region) ?? []), zone]);
  }
  const groups: Group[] = first.size > 0 ? [{ id: 'country', title: countryName ?? '', zones: [...first] }] : [];
  for (const [region, zones] of regions)
    groups.push({ id: region, title: isRegion(region) ? regionName(region) : region, zones });
  return groups;
}

interface TimeZoneFieldProps {
  label: string;
  value: string;
  onChange: (zone: string) => void;
  error: string | undefined;
  /** The chosen country's name and zones: shown first. */
  countryName: string | undefined;
  countryZones: readonly string[];
}

/** A searchable list of time zones ("paris", "new_york", "europe/"), grouped by region, the country's first. */
export function TimeZoneField({ label, value, onChange, error, countryName, countryZones }: TimeZoneFieldProps) {
  const { t } = useTranslation();
  const { contains } = useFilter({ sensitivity: 'base' });
  return (
    <ComboBox
      className="form-field zone-field"
      selectedKey={value || null}
      onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
      defaultFilter={(text, input) => contains(text, input.replace(/ /g, '_'))}
      menuTrigger="focus"
      isInvalid={Boolean(error)}
      isRequired
    >
      <Label>{label}</Label>
      <div className="zone-field__control">
        <Input className="text-field" placeholder={t('operatorAdmin.places.chooseTimeZone')} />
        <Button className="zone-field__trigger" aria-label={t('operatorAdmin.places.showTimeZones')}>
          <ChevronDownIcon size={18} />
        </Button>
      </div>
      {error ? (
        <Text slot="errorMessage" className="field-error">
          {error}
        </Text>
      ) : null}
      <Popover className="zone-field__popover" placement="bottom start">
        <ListBox
          className="zone-field__list"
          renderEmptyState={() => <p className="zone-field__empty">{t('operatorAdmin.places.noTimeZone')}</p>}
        >
          {zoneGroups(countryName, countryZones, (region) => t(`operatorAdmin.places.regions.${region}`)).map(
            (group) => (
              <ListBoxSection key={group.id} id={group.id}>
                <Header className="zone-field__header">{group.title}</Header>
                {group.zones.map((zone) => (
                  <ListBoxItem key={zone} id={zone} textValue={zone} className="zone-field__item">
                    {zone}
                  </ListBoxItem>
                ))}
              </ListBoxSection>
            ),
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

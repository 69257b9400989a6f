import { useTranslation } from 'react-i18next';
import type { FieldProps } from '#web/lib/use-contract-form';
import { TextField } from './form-field';
import { LICENCE_KEYS, LicenceFields, type LicenceValues } from './licence-fields';
import './check-in-fields.css';

// The additional drivers, each by name and licence (contract CounterAdditionalDriverSchema), checked like the driver's:
// valid to the drop-off, the car's minimum age. At the counter and in the online check-in. Words: the `checkIn` area.

export interface DriverValues extends LicenceValues {
  fullName: string;
}

export const emptyDriver = (): DriverValues => ({
  fullName: '',
  licenseNumber: '',
  licenseCountry: '',
  licenseExpiresOn: '',
  birthDate: '',
});

interface AdditionalDriversFieldProps {
  drivers: readonly DriverValues[];
  max: number;
  /** The form's props of one driver's field, labelled. */
  fieldOf: (index: number, key: keyof DriverValues, label: string) => FieldProps<string>;
  onChange: (drivers: DriverValues[]) => void;
}

export function AdditionalDriversField({ drivers, max, fieldOf, onChange }: AdditionalDriversFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="drivers-field">
      {drivers.map((_, index) => {
        const number = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a driver is its place in the list (the schema's path)
          <fieldset key={index} className="drivers-field__driver">
            <legend>{t('checkIn.drivers.driver', { number })}</legend>
            <TextField {...fieldOf(index, 'fullName', t('checkIn.drivers.fullName'))} autoComplete="off" required />
            <LicenceFields
              fields={
                Object.fromEntries(
                  LICENCE_KEYS.map((key) => [key, fieldOf(index, key, t(`checkIn.licence.${key}`))]),
                ) as Record<keyof LicenceValues, FieldProps<string>>
              }
            />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onChange(drivers.filter((__, at) => at !== index))}
            >
              {t('checkIn.drivers.remove', { number })}
            </button>
          </fieldset>
        );
      })}
      {drivers.length < max ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onChange([...drivers, emptyDriver()])}
        >
          {t('checkIn.drivers.add')}
        </button>
      ) : (
        <p className="form-field__hint">{t('checkIn.drivers.max', { count: max })}</p>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { FieldProps } from '#web/lib/use-contract-form';
import { TextField } from './form-field';

// A driving licence as the counter checks it and the customer gives it at check-in (contract LicenceCheckSchema): its
// number, the issuing country (two letters), its expiry and the holder's birth date. The rental's own checks — valid
// to the drop-off, the car's minimum age — come back at the expiry and birth date fields. Words: the `checkIn` area.

export interface LicenceValues {
  licenseNumber: string;
  licenseCountry: string;
  licenseExpiresOn: string;
  birthDate: string;
}

export const LICENCE_KEYS = ['licenseNumber', 'licenseCountry', 'licenseExpiresOn', 'birthDate'] as const;

export const emptyLicence = (birthDate = ''): LicenceValues => ({
  licenseNumber: '',
  licenseCountry: '',
  licenseExpiresOn: '',
  birthDate,
});

/** The four fields, each with the form's props (`form.field('licence.licenseNumber', …)`). */
export type LicenceFieldProps = Record<keyof LicenceValues, FieldProps<string>>;

export function LicenceFields({ fields }: { fields: LicenceFieldProps }) {
  const { t } = useTranslation();
  return (
    <div className="form-grid">
      <TextField {...fields.licenseNumber} autoComplete="off" spellCheck={false} required />
      <TextField
        {...fields.licenseCountry}
        description={t('checkIn.licence.countryHint')}
        autoComplete="off"
        maxLength={2}
        autoCapitalize="characters"
        spellCheck={false}
        required
      />
      <TextField {...fields.licenseExpiresOn} type="date" required />
      <TextField {...fields.birthDate} type="date" required />
    </div>
  );
}

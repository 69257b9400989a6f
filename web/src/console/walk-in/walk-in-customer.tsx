import type { Language } from '@roam/contract/languages';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '#web/i18n/index';
import { SelectField, TextField } from '#web/ui/form-field';

// The walk-in's customer: name, phone and birth date; the e-mail is optional at the counter (a payment link needs
// it); and the language of what they are sent.

/** The customer's fields and their input types (the language is a choice of its own); the e-mail may be blank. */
const CUSTOMER_FIELDS = [
  ['email', 'email'],
  ['fullName', 'text'],
  ['phone', 'tel'],
  ['birthDate', 'date'],
] as const;
export type Customer = { email: string; fullName: string; phone: string; birthDate: string; language: Language };

export function CustomerFields({
  customer,
  onChange,
  errors,
}: {
  customer: Customer;
  onChange: (customer: Customer) => void;
  errors: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  const setCustomerField = (field: keyof Customer) => (value: string) => onChange({ ...customer, [field]: value });
  return (
    <fieldset className="walk-in__group">
      <legend>{t('operatorWalkIn.customer')}</legend>
      <p className="walk-in__hint">{t('operatorWalkIn.customerHint')}</p>
      {CUSTOMER_FIELDS.map(([field, type]) => (
        <TextField
          key={field}
          label={t(`operatorWalkIn.${field}`)}
          name={field}
          type={type}
          autoComplete="off"
          value={customer[field]}
          onChange={setCustomerField(field)}
          error={errors[field]}
          // Name and phone suffice at the counter; the e-mail is what a payment link needs.
          {...(field === 'email' ? { description: t('operatorWalkIn.emailHint') } : { required: true })}
        />
      ))}
      <SelectField
        label={t('operatorWalkIn.language')}
        name="language"
        value={customer.language}
        onChange={setCustomerField('language')}
      >
        {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from './form-field';
import { SignaturePad } from './signature-pad';
import './check-in-fields.css';

// The customer's signature of the rental agreement (docs/architecture.md §5 "After the booking"), at the counter or
// in the online check-in: drawn on the pad, or — the keyboard's way — the full name typed with the consent ticked
// (contract SignatureSchema). The signer's name goes with either. Words from the `checkIn` area, which both the
// console's check-out and the customer's check-in load.

export type SignatureMethod = 'drawn' | 'typed';
export interface SignatureValues {
  method: SignatureMethod;
  signerName: string;
  /** The drawn PNG's data URL; '' until drawn. */
  image: string;
  consent: boolean;
}

export const emptySignature = (signerName: string): SignatureValues => ({
  method: 'drawn',
  signerName,
  image: '',
  consent: false,
});

/**
 * The body's signature from the values (contract SignatureSchema's input). An unticked consent is sent as it is, for
 * the schema to refuse at its box: the type says what the schema accepts.
 */
export function signatureBody(values: SignatureValues) {
  return values.method === 'drawn'
    ? { method: 'drawn' as const, signerName: values.signerName, image: values.image }
    : { method: 'typed' as const, signerName: values.signerName, consent: values.consent as true };
}

interface SignatureFieldProps {
  value: SignatureValues;
  onChange: (value: SignatureValues) => void;
  /** Translated errors by part of the signature. */
  errors: { signature?: string; signerName?: string; image?: string; consent?: string };
}

export function SignatureField({ value, onChange, errors }: SignatureFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const set = (patch: Partial<SignatureValues>) => onChange({ ...value, ...patch });
  const padError = errors.image ?? errors.signature;
  return (
    <fieldset className="signature-field">
      <legend className="signature-field__legend">{t('checkIn.signature.title')}</legend>
      <div className="signature-field__methods" role="radiogroup" aria-label={t('checkIn.signature.how')}>
        {(['drawn', 'typed'] as const).map((method) => (
          <label key={method} className="signature-field__method">
            <input
              type="radio"
              name={`${id}-method`}
              value={method}
              checked={value.method === method}
              onChange={() => set({ method })}
            />
            {t(`checkIn.signature.${method}`)}
          </label>
        ))}
      </div>
      <TextField
        label={t('checkIn.signature.signerName')}
        name="signerName"
        value={value.signerName}
        onChange={(signerName) => set({ signerName })}
        error={errors.signerName}
        autoComplete="name"
        required
      />
      {value.method === 'drawn' ? (
        <>
          <SignaturePad
            label={t('checkIn.signature.pad')}
            description={t('checkIn.signature.padHint')}
            clearLabel={t('checkIn.signature.clear')}
            onChange={(image) => set({ image: image ?? '' })}
            errorId={padError ? `${id}-pad-error` : undefined}
            invalid={Boolean(padError)}
          />
          {padError ? (
            <p id={`${id}-pad-error`} className="field-error">
              {padError}
            </p>
          ) : null}
        </>
      ) : (
        <CheckboxField
          name="consent"
          label={t('checkIn.signature.consent')}
          value={value.consent}
          onChange={(consent) => set({ consent })}
          error={errors.consent ?? errors.signature}
        />
      )}
    </fieldset>
  );
}

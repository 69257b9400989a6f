import type { User } from '@roam/contract/users';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '#web/i18n';
import { formatDay } from '#web/i18n/formats';
import { CheckboxField, TextField } from '#web/ui/form-field';
import type { CheckoutForm } from '../lib/use-checkout-form';

const PERSON = ['fullName', 'email', 'phone', 'birthDate'] as const;
const TYPES = { fullName: 'text', email: 'email', phone: 'tel', birthDate: 'date' } as const;
const AUTOCOMPLETE = { fullName: 'name', email: 'email', phone: 'tel', birthDate: 'bday' } as const;

/** A driver's four fields; the main driver's are filled by the browser's autofill, the additional driver's are not. */
function PersonFields({ checkout, who }: { checkout: CheckoutForm; who: 'driver' | 'additionalDriver' }) {
  const { t } = useTranslation();
  return (
    <div className="form-grid">
      {PERSON.map((name) => {
        const field = checkout.form.field(`${who}.${name}`, t(`checkout.driver.${name}`));
        const guestEmail = who === 'driver' && name === 'email';
        return (
          <TextField
            key={name}
            {...field}
            value={String(field.value)}
            onChange={field.onChange as (value: string) => void}
            error={
              guestEmail && checkout.emailTaken ? (
                <>
                  {field.error} <Link to={checkout.signInHref}>{t('checkout.errors.signInInstead')}</Link>
                </>
              ) : (
                field.error
              )
            }
            type={TYPES[name]}
            autoComplete={who === 'driver' ? AUTOCOMPLETE[name] : 'off'}
            required
            onBlur={guestEmail ? () => void checkout.checkEmail() : undefined}
          />
        );
      })}
    </div>
  );
}

/** The driver (spec §2): a signed-in driver's details as the profile has them; a guest's fields and the terms. */
export function DriverSection({ checkout, user }: { checkout: CheckoutForm; user: User | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const ageError = checkout.form.errorOf('driver.birthDate');
  return (
    <section className="checkout-section" aria-labelledby={`${id}-driver`}>
      <h2 id={`${id}-driver`} className="checkout-section__title">
        {t('checkout.driver.title')}
      </h2>
      {user ? (
        <>
          <dl className="checkout-summary">
            {(
              [
                ['fullName', user.fullName],
                ['email', user.email],
                ['phone', user.phone ?? '—'],
                ['birthDate', user.birthDate ? formatDay(user.birthDate, language) : '—'],
              ] as const
            ).map(([name, value]) => (
              <div key={name}>
                <dt>{t(`checkout.driver.${name}`)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {ageError ? (
            <p className="field-error" data-form-error tabIndex={-1}>
              {ageError}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p className="checkout-hint">
            {t('checkout.driver.haveAccount')} <Link to={checkout.signInHref}>{t('checkout.driver.signIn')}</Link>
          </p>
          <PersonFields checkout={checkout} who="driver" />
          <p className="checkout-hint">{t('checkout.driver.minimumAge', { age: checkout.minimumAge })}</p>
          <CheckboxField
            {...checkout.form.field('driver.acceptTerms', t('checkout.driver.acceptTerms'))}
            aside={
              <Link to="/tos" target="_blank">
                {t('checkout.driver.termsLink')}
              </Link>
            }
          />
        </>
      )}
    </section>
  );
}

/** The additional driver's fields, when that extra is chosen (spec §3). */
export function AdditionalDriverSection({ checkout }: { checkout: CheckoutForm }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="checkout-section" aria-labelledby={`${id}-additional`}>
      <h2 id={`${id}-additional`} className="checkout-section__title">
        {t('checkout.additionalDriver.title')}
      </h2>
      <PersonFields checkout={checkout} who="additionalDriver" />
    </section>
  );
}

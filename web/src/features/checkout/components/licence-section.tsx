import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField } from '#web/ui/file-field';
import type { CheckoutForm } from '../lib/use-checkout-form';

// Its own chunk (checkout-screen.tsx loads it lazily): most suppliers ask for no licence, and the file field is
// needed by no other customer screen, so the checkout's first load leaves it out (bench/README.md).

/** The driver's licence, when the supplier asks for one (spec §3 licenseRequired). */
export function LicenceSection({ checkout }: { checkout: CheckoutForm }) {
  const { t } = useTranslation();
  const id = useId();
  const field = checkout.form.field('licence', t('checkout.licence.label'));
  return (
    <section className="checkout-section" aria-labelledby={`${id}-licence`}>
      <h2 id={`${id}-licence`} className="checkout-section__title">
        {t('checkout.licence.title')}
      </h2>
      <FileField
        label={field.label}
        name={field.name}
        accept="image/*,application/pdf"
        value={field.value}
        chooseLabel={t('checkout.licence.choose')}
        emptyLabel={t('checkout.licence.noFile')}
        description={t('checkout.licence.hint')}
        error={checkout.licenceFailed ? t('checkout.licence.failed') : field.error}
        onChange={checkout.setLicence}
      />
    </section>
  );
}

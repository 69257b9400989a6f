import type { SupplierProfile } from '@roam/contract/supplier-profile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '#web/i18n/formats';
import { isApiError } from '#web/lib/api-client';
import { useSettings } from '#web/lib/settings';
import { useContractForm } from '#web/lib/use-contract-form';
import { CheckboxField, FormMessage, TextAreaField, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { minorFromText } from '#web/console/lib/car-form';
import { useUpdateSupplierProfile } from '../api/supplier-profile';

export interface ProfileValues {
  fullName: string;
  contactEmail: string;
  phone: string;
  payLater: boolean;
  licenseRequired: boolean;
  priceChangeRate: string;
  legalName: string;
  legalAddress: string;
  vatNumber: string;
}

/** A percentage as typed ("12,5", "-10"): at most two decimals; anything else is NaN, which the schema refuses. */
export function rateFromText(text: string): number {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const hundredths = minorFromText(negative ? trimmed.slice(1) : trimmed);
  if (hundredths === null) return Number.NaN;
  return (negative ? -hundredths : hundredths) / 100;
}

/**
 * The fields of a supplier's profile the customer pages use: the name on every car card, pay later
 * and licence required at checkout, and how drivers and Roam reach the business. The price change percentage is the
 * admin's to change (docs/architecture.md §5 Price): a supplier reads it here and never sends it. The seller's legal
 * name, address and VAT number are printed on the business's invoices (docs/decisions/0011-invoices.md).
 */
export function ProfileForm({ profile, admin }: { profile: SupplierProfile; admin: boolean }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const { minRentalHours } = useSettings();
  const id = useId();
  const update = useUpdateSupplierProfile();
  const rateText = formats.number(profile.priceChangeRate, { useGrouping: false, maximumFractionDigits: 2 });
  const form = useContractForm({
    initialValues: {
      fullName: profile.fullName,
      contactEmail: profile.contactEmail ?? '',
      phone: profile.phone ?? '',
      payLater: profile.payLater,
      licenseRequired: profile.licenseRequired,
      priceChangeRate: rateText,
      legalName: profile.legalName ?? '',
      legalAddress: profile.legalAddress ?? '',
      vatNumber: profile.vatNumber ?? '',
    } satisfies ProfileValues,
    schema: () => import('@roam/contract/supplier-profile.schema').then((m) => m.UpdateSupplierProfileBodySchema),
    input: ({ priceChangeRate, ...values }: ProfileValues) => ({
      _id: profile._id,
      ...values,
      ...(admin ? { priceChangeRate: rateFromText(priceChangeRate) } : {}),
    }),
    onSubmit: async (data) => {
      await update.mutateAsync(data);
      toast.success(t('operatorProfile.saved'));
    },
    onError: (error) =>
      isApiError(error) && error.status === 403 ? t('operatorProfile.adminOnlyRate') : t('operatorProfile.error'),
  });
  return (
    <form className="op-profile-form" aria-labelledby={`${id}-title`} {...form.formProps}>
      <h2 id={`${id}-title`} className="op-section__title">
        {t('operatorProfile.details')}
      </h2>
      <FormMessage>{form.message}</FormMessage>
      <div className="form-grid">
        <TextField {...form.field('fullName', t('operatorProfile.fields.name'))} autoComplete="organization" />
        <TextField
          name="email"
          label={t('operatorProfile.fields.signInEmail')}
          value={profile.email}
          readOnly
          description={t('operatorProfile.hints.signInEmail')}
        />
        <TextField
          {...form.field('contactEmail', t('operatorProfile.fields.contactEmail'))}
          type="email"
          autoComplete="email"
          description={t('operatorProfile.hints.contactEmail')}
        />
        <TextField {...form.field('phone', t('operatorProfile.fields.phone'))} type="tel" autoComplete="tel" />
        <CheckboxField
          {...form.field('payLater', t('operatorProfile.fields.payLater'))}
          description={t('operatorProfile.hints.payLater')}
        />
        <CheckboxField
          {...form.field('licenseRequired', t('operatorProfile.fields.licenseRequired'))}
          description={t('operatorProfile.hints.licenseRequired')}
        />
        {admin ? (
          <TextField
            {...form.field('priceChangeRate', t('operatorProfile.fields.priceChangeRate'))}
            inputMode="decimal"
            description={t('operatorProfile.hints.priceChangeRate')}
          />
        ) : (
          <TextField
            name="priceChangeRate"
            label={t('operatorProfile.fields.priceChangeRate')}
            value={t('operatorProfile.percent', { rate: rateText })}
            readOnly
            description={t('operatorProfile.hints.rateAdminOnly')}
          />
        )}
        <TextField
          name="minimumRental"
          label={t('operatorProfile.fields.minimumRental')}
          value={t('operatorProfile.hours', { count: minRentalHours })}
          readOnly
          description={t('operatorProfile.hints.minimumRental')}
        />
      </div>
      <h3 className="op-profile-form__subtitle">{t('operatorProfile.seller.title')}</h3>
      <p className="op-profile-form__hint">{t('operatorProfile.seller.description')}</p>
      <div className="form-grid">
        <TextField
          {...form.field('legalName', t('operatorProfile.seller.legalName'))}
          autoComplete="organization"
          description={t('operatorProfile.seller.legalNameHint')}
        />
        <TextField {...form.field('vatNumber', t('operatorProfile.seller.vatNumber'))} />
        <TextAreaField
          {...form.field('legalAddress', t('operatorProfile.seller.legalAddress'))}
          rows={3}
          autoComplete="street-address"
        />
      </div>
      <div className="op-profile-form__actions">
        <button type="submit" className="button button--accent" disabled={form.pending}>
          {t('operatorProfile.save')}
        </button>
      </div>
    </form>
  );
}

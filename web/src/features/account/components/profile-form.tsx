import type { User } from '@roam/contract/users';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, TextAreaField, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { useUpdateProfile } from '../api/profile';

/** Profile fields (spec §3 User); the e-mail address is shown but cannot be changed. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateProfile();
  const form = useContractForm({
    initialValues: {
      fullName: user.fullName,
      phone: user.phone ?? '',
      location: user.location ?? '',
      bio: user.bio ?? '',
      birthDate: user.birthDate ?? '',
    },
    schema: () => import('@roam/contract/profile.schema').then((contract) => contract.ProfileFormSchema),
    // No birth date is none, not an invalid one.
    input: (values) => ({ ...values, birthDate: values.birthDate || null }),
    onSubmit: async (profile) => {
      await update.mutateAsync({ _id: user._id, ...profile });
      toast.success(t('account.settings.updated'));
    },
    onError: () => {
      toast.error(t('account.settings.errors.generic'));
      return null;
    },
  });
  const label = (name: 'fullName' | 'phone' | 'location' | 'bio' | 'birthDate') =>
    t(`account.settings.profile.${name}`);

  return (
    <form className="settings-card" aria-labelledby={`${id}-title`} {...form.formProps}>
      <h2 id={`${id}-title`}>{t('account.settings.profile.title')}</h2>
      <FormMessage>{form.message}</FormMessage>
      <TextField
        label={t('account.settings.profile.email')}
        name="email"
        type="email"
        value={user.email}
        readOnly
        description={t('account.settings.profile.emailHint')}
      />
      <TextField {...form.field('fullName', label('fullName'))} required autoComplete="name" maxLength={200} />
      <TextField {...form.field('phone', label('phone'))} type="tel" autoComplete="tel" maxLength={30} />
      <TextField {...form.field('location', label('location'))} autoComplete="address-level2" maxLength={200} />
      <TextField {...form.field('birthDate', label('birthDate'))} type="date" autoComplete="bday" />
      <TextAreaField {...form.field('bio', label('bio'))} rows={3} maxLength={2000} />
      <button type="submit" className="button" disabled={form.pending}>
        {t('account.settings.profile.save')}
      </button>
    </form>
  );
}

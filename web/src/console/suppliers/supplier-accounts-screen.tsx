import { LANGUAGES } from '@roam/contract/languages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, SelectField, TextField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { Pager } from '#web/ui/pager';
import { toast } from '#web/ui/toast';
import '#web/console/components/admin.css';
import { UsersTable } from '#web/console/components/users-table';
import { USERS_PAGE_SIZE, useAdminUsers } from '#web/console/users/api/users';
import { useInviteSupplier } from './api/suppliers';
import { HouseBusinessSection } from './house-business-section';

/**
 * The admin's suppliers: their own business, made once (docs/decisions/0013-…); invite a new one — the account, and
 * an e-mail with a one-time link to choose a password — and the list, each opening the account on the users screen.
 */
export function SuppliersScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data } = useAdminUsers({ types: ['supplier'] }, page);
  return (
    <Page title={t('operatorAdmin.suppliers.title')} description={t('operatorAdmin.suppliers.description')}>
      <HouseBusinessSection />
      <InviteForm />
      <UsersTable
        rows={data?.results ?? []}
        caption={t('operatorAdmin.suppliers.title')}
        unverifiedLabel={t('operatorAdmin.suppliers.invited')}
      />
      <Pager page={page} pageCount={Math.ceil((data?.totalCount ?? 0) / USERS_PAGE_SIZE)} onPage={setPage} />
    </Page>
  );
}

/** The invitation is written in the language chosen, by default the admin's own (the interface's). */
const empty = (language: string) => ({ fullName: '', email: '', language, phone: '', priceChangeRate: '0' });

function InviteForm() {
  const { t } = useTranslation();
  const blank = empty(useLanguage());
  const id = useId();
  const invite = useInviteSupplier();
  const form = useContractForm({
    initialValues: blank,
    schema: () => import('@roam/contract/supplier-profile.schema').then((m) => m.CreateSupplierBodySchema),
    input: (values) => ({
      ...values,
      phone: values.phone || null,
      priceChangeRate: Number(values.priceChangeRate.replace(',', '.')),
    }),
    onSubmit: async (body) => {
      await invite.mutateAsync(body);
      toast.success(t('operatorAdmin.suppliers.invitedDone', { email: body.email }));
      form.reset(blank);
    },
    onError: () => t('operatorAdmin.error'),
  });
  return (
    <form className="admin-section" aria-labelledby={`${id}-title`} {...form.formProps}>
      <h2 id={`${id}-title`}>{t('operatorAdmin.suppliers.invite')}</h2>
      <FormMessage>{form.message}</FormMessage>
      <div className="admin-grid">
        <TextField {...form.field('fullName', t('operatorAdmin.suppliers.name'))} required maxLength={200} />
        <TextField {...form.field('email', t('operatorAdmin.users.email'))} type="email" required autoComplete="off" />
        <TextField {...form.field('phone', t('operatorAdmin.user.phone'))} type="tel" />
        <SelectField {...form.field('language', t('operatorAdmin.suppliers.language'))}>
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`operatorAdmin.languages.${language}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          {...form.field('priceChangeRate', t('operatorAdmin.suppliers.rate'))}
          inputMode="decimal"
          description={t('operatorAdmin.suppliers.rateHint')}
        />
      </div>
      <button type="submit" className="button" disabled={form.pending}>
        {t('operatorAdmin.suppliers.send')}
      </button>
    </form>
  );
}

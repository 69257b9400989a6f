import { LANGUAGES } from '@roam/contract/languages';
import { rolesOfTeam } from '@roam/contract/team';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { isApiError } from '#web/lib/api-client';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, SelectField, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { useInviteMember } from './api/team';

type Invitation = { fullName: string; email: string; language: string; role: string };

/**
 * An owner's invitation (or the admin's, into the platform's team): the person's own account and an e-mail with a
 * one-time link to choose their password, in their language. A person already in a team is refused (409).
 */
export function InviteMemberForm({ businessId }: { businessId: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const invite = useInviteMember();
  const roles = rolesOfTeam(businessId);
  // The e-mail in the inviter's language until they choose another: a French owner's team is likely French.
  const initial: Invitation = {
    fullName: '',
    email: '',
    language: useLanguage(),
    role: roles.includes('counter') ? 'counter' : roles[roles.length - 1]!,
  };
  const form = useContractForm({
    initialValues: initial,
    schema: () => import('@roam/contract/team.schema').then((m) => m.InviteMemberSchema),
    onSubmit: async (body) => {
      await invite.mutateAsync(body);
      toast.success(t('operatorTeam.invite.sent', { email: body.email }));
      form.reset(initial);
    },
    onError: (error) =>
      isApiError(error) && error.code === 'CONFLICT' ? t('operatorTeam.taken') : t('operatorTeam.error'),
  });
  return (
    <form className="admin-section team-invite" aria-labelledby={`${id}-title`} {...form.formProps}>
      <h2 id={`${id}-title`}>{t('operatorTeam.invite.title')}</h2>
      <FormMessage>{form.message}</FormMessage>
      <div className="admin-grid">
        <TextField {...form.field('fullName', t('operatorTeam.invite.name'))} required maxLength={200} />
        <TextField {...form.field('email', t('operatorTeam.invite.email'))} type="email" required autoComplete="off" />
        <SelectField {...form.field('role', t('operatorTeam.invite.role'))}>
          {roles.map((role) => (
            <option key={role} value={role}>
              {t(`operator.roles.${role}`)}
            </option>
          ))}
        </SelectField>
        <SelectField {...form.field('language', t('operatorTeam.invite.language'))}>
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`operatorAdmin.languages.${language}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <button type="submit" className="button" disabled={form.pending}>
        {t('operatorTeam.invite.send')}
      </button>
    </form>
  );
}

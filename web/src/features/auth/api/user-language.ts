import type { User } from '@roam/contract/users';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { api } from '#web/lib/api-client';
import { setSessionUser, useSession } from '#web/lib/session';
import { toast } from '#web/ui/toast';

/**
 * Spec §4: when the interface language (from `?l=` or the header's language menu) differs from the signed-in
 * user's, the session is checked and the user's language updated — e-mails then go out in it. Failure: spec §8
 * 'An error occurred while changing language.'.
 */
export function useUserLanguageSync(): void {
  const language = useLanguage();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useEffect(() => {
    if (!user || user.language === language) return;
    const updated: User = { ...user, language };
    api
      .post('/api/validate-access-token')
      .then(() => api.post('/api/update-language', { id: user._id, language }))
      .then(() => setSessionUser(queryClient, updated))
      .catch((error: unknown) => {
        console.error(error);
        toast.error(t('common.errors.languageChange'));
      });
  }, [user, language, queryClient, t]);
}

import { SOCIAL_PROVIDERS } from '@roam/contract/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { settingsQueryOptions } from '#web/lib/settings';

/**
 * One button per configured provider (settings.social; none shown when none is configured). The provider's own
 * script obtains the token (Google/Apple ID token, Facebook access token); `POST /api/social-sign-in` verifies it.
 */
export function SocialButtons({ onSignedIn }: { onSignedIn: () => unknown }) {
  const { t } = useTranslation();
  const { data: settings } = useQuery(settingsQueryOptions);
  const queryClient = useQueryClient();
  const language = useLanguage();
  const configured = SOCIAL_PROVIDERS.filter((provider) => settings?.social[provider]);
  if (configured.length === 0) return null;
  return (
    <div className="auth-social">
      <p className="auth-divider">{t('auth.signIn.or')}</p>
      {configured.map((provider) => (
        <button
          key={provider}
          type="button"
          className="button button--secondary"
          onClick={async () => {
            const { startSocialSignIn } = await import('./social-sign-in');
            if (
              await startSocialSignIn(
                provider,
                settings!.social[provider]!,
                settings!.socialSdkUrls[provider],
                t,
                queryClient,
                language,
              )
            )
              await onSignedIn();
          }}
        >
          {t(`auth.signIn.continueWith.${provider}`)}
        </button>
      ))}
    </div>
  );
}

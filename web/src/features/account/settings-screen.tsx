import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '#web/lib/session';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { AvatarSection } from './components/avatar-section';
import { LicenseSection } from './components/license-section';
import { LanguageSection, NetworkSettingsSection } from './components/preferences-section';
import { ProfileForm } from './components/profile-form';
import './settings.css';

const Security = lazy(() => import('./two-step/security'));

/**
 * Account settings (spec §2): signed-in only; visitors go to sign-in and come back here. `?enrol=<path>`: a member
 * whose team requires two-step sign-in, sent here by the sign-in, sees only its set-up (the server answers nothing
 * else until it is on), then goes on to the path.
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const [search] = useSearchParams();
  const enrolThen = search.get('enrol');
  if (isLoading) return <PageLoading />;
  if (!user) return <Navigate to="/sign-in?redirect=/settings" replace />;
  if (enrolThen !== null)
    return (
      <Page title={t('account.security.twoStep')} description={t('account.security.enrolmentNeeded')}>
        <div className="settings-column settings-column--narrow">
          <Suspense fallback={<PageLoading />}>
            <Security enrolThen={enrolThen} />
          </Suspense>
        </div>
      </Page>
    );
  return (
    <Page title={t('account.settings.title')} description={t('account.settings.description')}>
      <div className="settings-grid">
        <ProfileForm key={user._id} user={user} />
        <div className="settings-column">
          <Suspense fallback={null}>
            <Security enrolThen={null} />
          </Suspense>
          <AvatarSection user={user} />
          <LicenseSection user={user} />
          <LanguageSection />
          <NetworkSettingsSection user={user} />
        </div>
      </div>
    </Page>
  );
}

import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSession } from '#web/lib/session';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { AvatarSection } from './components/avatar-section';
import { LicenseSection } from './components/license-section';
import { LanguageSection, NetworkSettingsSection } from './components/preferences-section';
import { ProfileForm } from './components/profile-form';
import './settings.css';

/** Account settings (spec §2): signed-in only; visitors go to sign-in and come back here. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoading />;
  if (!user) return <Navigate to="/sign-in?redirect=/settings" replace />;
  return (
    <Page title={t('account.settings.title')} description={t('account.settings.description')}>
      <div className="settings-grid">
        <ProfileForm key={user._id} user={user} />
        <div className="settings-column">
          <AvatarSection user={user} />
          <LicenseSection user={user} />
          <LanguageSection />
          <NetworkSettingsSection user={user} />
        </div>
      </div>
    </Page>
  );
}

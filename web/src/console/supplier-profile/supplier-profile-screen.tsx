import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '#web/lib/api-client';
import { useSession } from '#web/lib/session';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { useSupplierProfile } from './api/supplier-profile';
import { ProfileForm } from './components/profile-form';
import { SupplierLogo } from './components/supplier-logo';
import './supplier-profile.css';
import { SupplierParam } from '#web/console/components/supplier-select';

/**
 * The supplier profile: a supplier edits its own; the admin chooses the supplier (`?supplier=`),
 * and alone changes its price change percentage.
 */
export function SupplierProfileScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const admin = user?.type === 'admin';
  const [params] = useSearchParams();
  const supplierId = admin ? params.get('supplier') || null : (user?._id ?? null);
  const profile = useSupplierProfile(supplierId);

  return (
    <Page title={t('operatorProfile.title')} description={t('operatorProfile.description')}>
      {admin ? (
        <SupplierParam label={t('operatorProfile.supplier')} empty={t('operatorProfile.chooseSupplier')} />
      ) : null}
      {!supplierId ? null : profile.isPending ? (
        <PageLoading />
      ) : profile.isError ? (
        <p role="alert" className="form-message form-message--error">
          {t(
            isApiError(profile.error) && profile.error.status === 404
              ? 'operatorProfile.notFound'
              : 'operatorProfile.loadError',
          )}
        </p>
      ) : (
        <>
          <ProfileForm key={profile.data._id} profile={profile.data} admin={admin} />
          <SupplierLogo profile={profile.data} />
        </>
      )}
    </Page>
  );
}

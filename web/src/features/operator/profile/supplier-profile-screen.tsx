import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { SelectField } from '../../../ui/form-field';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { useSuppliers } from '../../suppliers/api/get-suppliers';
import { useSupplierProfile } from '../api/supplier-terms';
import { ProfileForm } from './components/profile-form';
import { SupplierLogo } from './components/supplier-logo';
import '../cars/cars.css';
import './profile.css';

/**
 * The supplier profile (issue #23 item 5): a supplier edits its own; the admin chooses the supplier (`?supplier=`),
 * and alone changes its price change percentage.
 */
export function SupplierProfileScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const admin = user?.type === 'admin';
  const [params, setParams] = useSearchParams();
  const suppliers = useSuppliers({ enabled: admin });
  const supplierId = admin ? params.get('supplier') || null : (user?._id ?? null);
  const profile = useSupplierProfile(supplierId);

  return (
    <Page title={t('operatorProfile.title')} description={t('operatorProfile.description')}>
      {admin ? (
        <SelectField
          className="op-supplier-choice"
          label={t('operatorProfile.supplier')}
          name="supplier"
          value={supplierId ?? ''}
          onChange={(supplier) => setParams(supplier ? { supplier } : {})}
        >
          <option value="">{t('operatorProfile.chooseSupplier')}</option>
          {(suppliers.data ?? []).map((supplier) => (
            <option key={supplier._id} value={supplier._id}>
              {supplier.fullName}
            </option>
          ))}
        </SelectField>
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

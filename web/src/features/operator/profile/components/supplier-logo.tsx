import type { SupplierProfile } from '@roam/contract/supplier-profile';
import { useTranslation } from 'react-i18next';
import { useSupplierLogo } from '../../api/supplier-terms';
import { ImageSection } from '../../components/image-section';

/**
 * The supplier's logo (issue #23 item 5), re-encoded by the server; shown here at the 60×30 the car cards give it
 * (spec §9), so the operator sees what drivers see.
 */
export function SupplierLogo({ profile }: { profile: SupplierProfile }) {
  const { t } = useTranslation();
  const { upload, remove } = useSupplierLogo();
  return (
    <ImageSection
      strings="operatorProfile.logo"
      name="logo"
      preview={
        profile.logo ? (
          <img
            className="op-logo"
            src={profile.logo}
            alt={t('operatorProfile.logo.alt', { name: profile.fullName })}
            width={60}
            height={30}
          />
        ) : null
      }
      busy={upload.isPending || remove.isPending}
      upload={(file, feedback) => upload.mutate({ supplierId: profile._id, file }, feedback)}
      remove={(feedback) => remove.mutate(profile._id, feedback)}
    />
  );
}

import type { SupplierProfile } from '@roam/contract/supplier-profile';
import { SupplierLogo as CardLogo } from '#web/ui/car-facts';
import { ImageSection } from '#web/console/components/image-section';
import { useSupplierLogo } from '../api/supplier-profile';

/**
 * The supplier's logo, re-encoded by the server; shown here by the car cards' own component, at the
 * 60×30 they give it (spec §9), so the operator sees what drivers see.
 */
export function SupplierLogo({ profile }: { profile: SupplierProfile }) {
  const { upload, remove } = useSupplierLogo();
  return (
    <ImageSection
      strings="operatorProfile.logo"
      name="logo"
      preview={
        profile.logo ? (
          <p className="op-logo">
            <CardLogo supplier={profile} />
          </p>
        ) : null
      }
      busy={upload.isPending || remove.isPending}
      upload={(file, feedback) => upload.mutate({ supplierId: profile._id, file }, feedback)}
      remove={(feedback) => remove.mutate(profile._id, feedback)}
    />
  );
}

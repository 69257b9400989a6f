import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useSession } from '#web/lib/session';
import { Page } from '#web/ui/page';
import { CarChargeRulesSection } from './components/car-charge-rules';
import { CarForm } from './components/car-form';
import { BackToCars, CarFrame } from './components/car-frame';
import { CarPhotos } from './components/car-photos';
import { DeleteCar } from './components/delete-car';
import './fleet.css';

/**
 * The car editor: every field of spec §3 for a new car (`/operator/cars/new`; the admin names its
 * supplier, `?supplier=` choosing one) or one of the operator's (`/operator/cars/{id}`), with its photos and its
 * deletion.
 */
export function CarEditorScreen() {
  const params = useParams();
  const { t } = useTranslation();
  const { user } = useSession();
  const [search] = useSearchParams();
  const admin = user?.type === 'admin';
  const carId = params.carId;
  if (!carId) {
    return (
      <Page title={t('operatorCars.editor.newTitle')} description={t('operatorCars.editor.newDescription')}>
        <BackToCars />
        <CarForm
          car={null}
          admin={admin}
          ownSupplierId={admin ? null : (user?._id ?? null)}
          supplierId={search.get('supplier') ?? ''}
        />
      </Page>
    );
  }
  return (
    <CarFrame carId={carId}>
      {(car) => (
        <>
          <CarForm key={car._id} car={car} admin={admin} ownSupplierId={null} supplierId={car.supplierId} />
          <CarPhotos car={car} />
          <CarChargeRulesSection car={car} />
          <DeleteCar car={car} />
        </>
      )}
    </CarFrame>
  );
}

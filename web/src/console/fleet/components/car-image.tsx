import type { OperatorCar } from '@roam/contract/fleet';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { ImageSection } from '#web/console/components/image-section';
import { useCarImage } from '../api/fleet';

/** The car's image, re-encoded by the server to the size the cards show. */
export function CarImage({ car }: { car: OperatorCar }) {
  const { t } = useTranslation();
  const { upload, remove } = useCarImage(useLanguage());
  return (
    <ImageSection
      strings="operatorCars.image"
      name="image"
      preview={
        car.image ? (
          <img className="op-image__preview" src={car.image} alt={t('operatorCars.image.alt', { car: car.name })} />
        ) : null
      }
      busy={upload.isPending || remove.isPending}
      upload={(file, feedback) => upload.mutate({ carId: car._id, file }, feedback)}
      remove={(feedback) => remove.mutate(car._id, feedback)}
    />
  );
}

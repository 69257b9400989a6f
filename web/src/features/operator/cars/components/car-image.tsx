import type { OperatorCar } from '@roam/contract/fleet';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../i18n/index';
import { isApiError } from '../../../../lib/api-client';
import { FileField } from '../../../../ui/file-field';
import { FormMessage } from '../../../../ui/form-field';
import { toast } from '../../../../ui/toast';
import { useCarImage } from '../../api/operator-cars';

/** A refused upload in the reader's words, chosen by code (HOUSE-STYLE "Errors, end to end"). */
function uploadError(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.code === 'UNSUPPORTED_MEDIA_TYPE') return t('operatorCars.image.unsupported');
  if (isApiError(error) && error.code === 'PAYLOAD_TOO_LARGE') return t('operatorCars.image.tooLarge');
  if (isApiError(error) && error.status === 400) return t('operatorCars.image.unsupported');
  return t('operatorCars.image.error');
}

/**
 * The car's image (issue #23 item 2): uploaded as chosen; the server checks it by its content and re-encodes it to
 * the size the cards show, so what is shown here after the upload is what drivers see.
 */
export function CarImage({ car }: { car: OperatorCar }) {
  const { t } = useTranslation();
  const id = useId();
  const { upload, remove } = useCarImage(useLanguage());
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const busy = upload.isPending || remove.isPending;
  const feedback = {
    onSuccess: () => {
      setError(null);
      toast.success(t('operatorCars.image.saved'));
    },
    onError: (refused: unknown) => setError(uploadError(t, refused)),
  };
  return (
    <section className="op-section op-image" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="op-section__title">
        {t('operatorCars.image.title')}
      </h2>
      {car.image ? (
        <img className="op-image__preview" src={car.image} alt={t('operatorCars.image.alt', { car: car.name })} />
      ) : (
        <p className="op-section__hint">{t('operatorCars.image.none')}</p>
      )}
      <FormMessage>{error}</FormMessage>
      <div className="op-image__actions">
        <FileField
          name="image"
          label={t(car.image ? 'operatorCars.image.replace' : 'operatorCars.image.upload')}
          description={t('operatorCars.image.hint')}
          accept="image/jpeg,image/png,image/webp"
          value={chosen}
          chooseLabel={t('operatorCars.image.choose')}
          emptyLabel={t('operatorCars.image.noFile')}
          onChange={(file) => {
            setChosen(file);
            if (file && !busy) upload.mutate({ carId: car._id, file }, feedback);
          }}
        />
        {car.image ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => remove.mutate(car._id, feedback)}
          >
            {t('operatorCars.image.remove')}
          </button>
        ) : null}
      </div>
    </section>
  );
}

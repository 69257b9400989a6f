import type { OperatorCar } from '@roam/contract/fleet';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '#web/lib/api-client';
import { useConfirm } from '#web/ui/confirm';
import { toast } from '#web/ui/toast';
import { useDeleteCar } from '../api/fleet';

/**
 * Deleting the car, after a confirmation: the server refuses while a booking holds the car now or
 * later (409), and the section says so; otherwise the car leaves the list and the search at once.
 */
export function DeleteCar({ car }: { car: OperatorCar }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const remove = useDeleteCar();
  const { dialog, ask } = useConfirm();
  const refusal = remove.error
    ? isApiError(remove.error) && remove.error.status === 409
      ? t('operatorCars.delete.booked')
      : t('operatorCars.delete.error')
    : null;
  return (
    <section className="op-section op-danger" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="op-section__title">
        {t('operatorCars.delete.title')}
      </h2>
      <p className="op-section__hint">{t('operatorCars.delete.hint')}</p>
      <button
        type="button"
        className="button button--danger"
        disabled={remove.isPending}
        onClick={async () => {
          remove.reset();
          const yes = await ask({
            title: t('operatorCars.delete.confirmTitle', { car: car.name }),
            description: t('operatorCars.delete.confirmText'),
            confirmLabel: t('operatorCars.delete.confirm'),
          });
          if (!yes) return;
          remove.mutate(car._id, {
            onSuccess: () => {
              toast.success(t('operatorCars.delete.done', { car: car.name }));
              void navigate('/operator/cars');
            },
          });
        }}
      >
        {t('operatorCars.delete.open')}
      </button>
      {refusal ? (
        <p role="alert" className="form-message form-message--error">
          {refusal}
        </p>
      ) : null}
      {dialog}
    </section>
  );
}

import type { OperatorCar } from '@roam/contract/fleet';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../../lib/api-client';
import { toast } from '../../../../ui/toast';
import { useDeleteCar } from '../../api/operator-cars';
import { ConfirmDialog } from '../../components/confirm-dialog';

/**
 * Deleting the car (issue #23 item 4), after a confirmation: the server refuses while a booking holds the car now or
 * later (409), and the dialog says so; otherwise the car leaves the list and the search at once.
 */
export function DeleteCar({ car }: { car: OperatorCar }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const remove = useDeleteCar();
  const [open, setOpen] = useState(false);
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
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
      >
        {t('operatorCars.delete.open')}
      </button>
      <ConfirmDialog
        isOpen={open}
        onOpenChange={setOpen}
        title={t('operatorCars.delete.confirmTitle', { car: car.name })}
        confirmLabel={t('operatorCars.delete.confirm')}
        pending={remove.isPending}
        error={refusal}
        onConfirm={() =>
          remove.mutate(car._id, {
            onSuccess: () => {
              setOpen(false);
              toast.success(t('operatorCars.delete.done', { car: car.name }));
              void navigate('/operator/cars');
            },
          })
        }
      >
        <p>{t('operatorCars.delete.confirmText')}</p>
      </ConfirmDialog>
    </section>
  );
}

import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, TextAreaField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { useDeclineCancellation } from '../api/cancellation-requests';

/** Declining a request: the message is the driver's answer, by notification and e-mail. */
export function DeclineForm({ bookingId, onClose }: { bookingId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const decline = useDeclineCancellation();
  const form = useContractForm({
    initialValues: { message: '' },
    schema: () => import('@roam/contract/cancellations.schema').then((m) => m.DeclineCancellationBodySchema),
    onSubmit: async (data) => {
      await decline.mutateAsync({ id: bookingId, message: data.message });
      toast.success(t('operatorRequests.declined'));
    },
    onError: () => t('operatorRequests.decisionError'),
  });
  // Opened by "Decline", which it replaced: the focus starts in the message (s16 QA: it fell to the page).
  useEffect(() => {
    document.getElementById(`${id}-title`)?.closest('form')?.querySelector('textarea')?.focus();
  }, [id]);
  return (
    <form className="op-request__decline" aria-labelledby={`${id}-title`} {...form.formProps}>
      <h3 id={`${id}-title`} className="visually-hidden">
        {t('operatorRequests.declineTitle')}
      </h3>
      <FormMessage>{form.message}</FormMessage>
      <TextAreaField
        {...form.field('message', t('operatorRequests.message'))}
        description={t('operatorRequests.messageHint')}
        rows={3}
        maxLength={1000}
      />
      <div className="op-request__actions">
        <button type="submit" className="button button--danger" disabled={form.pending}>
          {t('operatorRequests.sendDecline')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('operatorRequests.notNow')}
        </button>
      </div>
    </form>
  );
}

import type { DeskBooking } from '@roam/contract/booking-desk';
import { formatMinor } from '@roam/contract/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLanguage } from '#web/i18n/index';
import { isApiError } from '#web/lib/api-client';
import { useConfirm } from '#web/ui/confirm';
import { TextAreaField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { useCancelBooking, useDeleteBookings } from '#web/features/bookings/api/bookings';
import { useRefreshDesk, useSendAgain } from '#web/console/bookings/api/desk';
import { useApproveCancellation, useDeclineCancellation } from '#web/console/cancellations/api/cancellation-requests';
import { usePermissions } from '#web/console/team/api/team';

interface ActionsProps {
  booking: DeskBooking;
  /** The change form is open: its button says so. */
  changing: boolean;
  onChange: () => void;
}

/**
 * What the operator may do with the booking now: only the actions the server allows (contract booking-desk.ts
 * `deskActions`, in the answer), each confirmed first when it cannot be undone, each saying what it did.
 */
export function BookingActions({ booking, changing, onChange }: ActionsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { ask, dialog } = useConfirm();
  const refresh = useRefreshDesk();
  const cancel = useCancelBooking(language);
  const approve = useApproveCancellation();
  const decline = useDeclineCancellation();
  const remove = useDeleteBookings();
  const sendAgain = useSendAgain(booking._id);
  const [declining, setDeclining] = useState(false);
  const [message, setMessage] = useState('');
  const can = (action: DeskBooking['actions'][number]) => booking.actions.includes(action);
  // The settlement is the counter's (the server's actions already leave out what the role may not do).
  const mayCounter = usePermissions().has('counter');
  const reference = booking.reference;

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      await refresh();
      toast.success(done);
    } catch (error) {
      toast.error(
        isApiError(error) && error.code === 'RATE_LIMITED'
          ? t('operatorBookings.actions.tooMany')
          : isApiError(error) && error.code === 'SERVICE_UNAVAILABLE'
            ? t('operatorBookings.actions.gatewayDown')
            : t('operatorBookings.actions.error'),
      );
    }
  };
  const confirmed = (title: string, description: string, confirmLabel: string) =>
    ask({ title, description, confirmLabel, dismissLabel: t('operatorBookings.actions.keep') });

  const onCancel = async () => {
    if (
      await confirmed(
        t('operatorBookings.actions.cancelTitle', { reference }),
        t('operatorBookings.actions.cancelText'),
        t('operatorBookings.actions.cancel'),
      )
    )
      await run(() => cancel.mutateAsync(booking._id), t('operatorBookings.actions.cancelled'));
  };
  const onApprove = async () => {
    if (
      !(await confirmed(
        t('operatorBookings.actions.approveTitle', { reference }),
        t('operatorBookings.actions.approveText'),
        t('operatorBookings.actions.approve'),
      ))
    )
      return;
    await run(async () => {
      const decision = await approve.mutateAsync(booking._id);
      if (decision.refund)
        toast.info(
          t('operatorBookings.actions.refundMade', {
            amount: formatMinor(decision.refund.amount, decision.refund.currency, language),
          }),
        );
    }, t('operatorBookings.actions.approved'));
  };
  const onDecline = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) return;
    await run(
      () => decline.mutateAsync({ id: booking._id, message: message.trim() }),
      t('operatorBookings.actions.declined'),
    );
    setDeclining(false);
    setMessage('');
  };
  const onDelete = async () => {
    if (
      !(await confirmed(
        t('operatorBookings.actions.deleteTitle', { reference }),
        t('operatorBookings.actions.deleteText'),
        t('operatorBookings.actions.delete'),
      ))
    )
      return;
    try {
      await remove.mutateAsync([booking._id]);
      await refresh();
      toast.success(t('operatorBookings.actions.deleted', { reference }));
      navigate('/operator/bookings');
    } catch {
      toast.error(t('operatorBookings.actions.error'));
    }
  };
  const onSend = (what: 'confirmation' | 'paymentLink') =>
    run(
      () => sendAgain.mutateAsync(what),
      t(what === 'confirmation' ? 'operatorBookings.actions.confirmationSent' : 'operatorBookings.actions.linkSent', {
        email: booking.driver.email,
      }),
    );

  return (
    <fieldset className="desk-actions">
      <legend className="visually-hidden">{t('operatorBookings.actions.label')}</legend>
      {dialog}
      {can('checkOut') ? (
        <Link className="button button--accent" to={`/operator/bookings/${booking._id}/check-out`}>
          {t('operatorBookings.actions.checkOut')}
        </Link>
      ) : null}
      {can('return') ? (
        <Link className="button button--accent" to={`/operator/bookings/${booking._id}/return`}>
          {t('operatorBookings.actions.return')}
        </Link>
      ) : null}
      {/* A returned rental is settled and closed on its counter screen (docs/decisions/0008-counter-documents-stored-as-signed.md). */}
      {booking.status === 'returned' && mayCounter ? (
        <Link className="button button--accent" to={`/operator/bookings/${booking._id}/return`}>
          {t('operatorBookings.actions.settle')}
        </Link>
      ) : null}
      {can('change') ? (
        <button type="button" className="button" aria-expanded={changing} onClick={onChange}>
          {t('operatorBookings.actions.change')}
        </button>
      ) : null}
      {can('approveCancellation') ? (
        <button type="button" className="button" onClick={() => void onApprove()}>
          {t('operatorBookings.actions.approve')}
        </button>
      ) : null}
      {can('declineCancellation') ? (
        <button type="button" className="button" aria-expanded={declining} onClick={() => setDeclining(!declining)}>
          {t('operatorBookings.actions.decline')}
        </button>
      ) : null}
      {can('resendConfirmation') ? (
        <button type="button" className="button button--secondary" onClick={() => void onSend('confirmation')}>
          {t('operatorBookings.actions.resend')}
        </button>
      ) : null}
      {can('sendPaymentLink') ? (
        <button type="button" className="button button--secondary" onClick={() => void onSend('paymentLink')}>
          {t('operatorBookings.actions.paymentLink')}
        </button>
      ) : null}
      {can('cancel') ? (
        <button type="button" className="button button--secondary" onClick={() => void onCancel()}>
          {t('operatorBookings.actions.cancel')}
        </button>
      ) : null}
      {can('delete') ? (
        <button type="button" className="button button--danger" onClick={() => void onDelete()}>
          {t('operatorBookings.actions.delete')}
        </button>
      ) : null}
      {declining ? (
        <form className="desk-actions__decline" onSubmit={(event) => void onDecline(event)}>
          <TextAreaField
            label={t('operatorBookings.actions.declineMessage')}
            name="message"
            value={message}
            onChange={setMessage}
            required
            maxLength={1000}
            rows={3}
          />
          <button type="submit" className="button" disabled={decline.isPending || !message.trim()}>
            {t('operatorBookings.actions.declineSend')}
          </button>
        </form>
      ) : null}
    </fieldset>
  );
}

import type { CancellationRequest } from '@roam/contract/cancellations';
import { formatMinor } from '@roam/contract/money';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInZone } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';
import { useConfirm } from '#web/ui/confirm';
import { toast } from '#web/ui/toast';
import { useApproveCancellation } from '../api/cancellation-requests';
import { DeclineForm } from './decline-form';

/**
 * One open request: the booking, its car, driver, period and what was paid; approve — after the
 * refund the terms give is shown and confirmed — or decline with a message.
 */
export function RequestCard({ request, showSupplier }: { request: CancellationRequest; showSupplier: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { dialog, ask } = useConfirm();
  const approve = useApproveCancellation();
  const [declining, setDeclining] = useState(false);
  // The decline form closed without deciding: the focus goes back to "Decline", which it replaced.
  const declineButton = useRef<HTMLButtonElement>(null);
  const [declineClosed, setDeclineClosed] = useState(false);
  useEffect(() => {
    if (declineClosed && !declining) declineButton.current?.focus();
  }, [declineClosed, declining]);
  // At each place's own clock, with its zone, as the customer's screens and e-mails say it (not the reader's clock).
  const when = (iso: string, place: { timeZone: string }) => formatInZone(iso, place.timeZone, language);
  const money = (amount: number, currency: string) => formatMinor(amount, currency, language);
  const refund = request.refund;
  const refundText =
    request.paid.amount <= 0
      ? t('operatorRequests.nothingPaid')
      : refund.fee > 0
        ? t('operatorRequests.refundWithFee', {
            refund: money(refund.amount, refund.currency),
            fee: money(refund.fee, refund.currency),
          })
        : t('operatorRequests.refundFull', { refund: money(refund.amount, refund.currency) });

  const onApprove = async () => {
    const yes = await ask({
      title: t('operatorRequests.approveTitle', { car: request.car.name, driver: request.driver.name }),
      description: refundText,
      confirmLabel: t('operatorRequests.approveConfirm'),
      dismissLabel: t('operatorRequests.notNow'),
    });
    if (!yes) return;
    approve.mutate(request._id, {
      onSuccess: () => toast.success(t('operatorRequests.approved')),
      onError: () => toast.error(t('operatorRequests.decisionError')),
    });
  };

  return (
    <li className="op-request">
      <h2 className="op-request__title">{request.car.name}</h2>
      <dl className="op-request__facts">
        <div>
          <dt>{t('operatorRequests.booking')}</dt>
          <dd>
            <Link to={`/operator/bookings/${request._id}`}>{request.reference}</Link>
          </dd>
        </div>
        {showSupplier ? (
          <div>
            <dt>{t('operatorRequests.supplier')}</dt>
            <dd>{request.supplier.name}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('operatorRequests.driver')}</dt>
          <dd>
            {request.driver.name} <span className="op-request__muted">{request.driver.email}</span>
          </dd>
        </div>
        <div>
          <dt>{t('operatorRequests.period')}</dt>
          <dd>
            {t('operatorRequests.periodText', {
              from: when(request.pickupAt, request.pickupLocation),
              to: when(request.dropoffAt, request.dropoffLocation),
              place: request.pickupLocation.name,
            })}
          </dd>
        </div>
        <div>
          <dt>{t('operatorRequests.paid')}</dt>
          <dd>
            {request.paid.amount > 0
              ? money(request.paid.amount, request.paid.currency)
              : t(`operatorRequests.payment.${request.paymentOption}`)}
          </dd>
        </div>
        {request.requestedAt ? (
          <div>
            <dt>{t('operatorRequests.requestedAt')}</dt>
            <dd>{when(request.requestedAt, request.pickupLocation)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('operatorRequests.refund')}</dt>
          <dd>{refundText}</dd>
        </div>
      </dl>
      {declining ? (
        <DeclineForm
          bookingId={request._id}
          onClose={() => {
            setDeclining(false);
            setDeclineClosed(true);
          }}
        />
      ) : (
        <div className="op-request__actions">
          <button type="button" className="button button--accent" disabled={approve.isPending} onClick={onApprove}>
            {t('operatorRequests.approve')}
          </button>
          <button
            ref={declineButton}
            type="button"
            className="button button--secondary"
            onClick={() => setDeclining(true)}
          >
            {t('operatorRequests.decline')}
          </button>
        </div>
      )}
      {dialog}
    </li>
  );
}

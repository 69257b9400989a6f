import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { localeTag, useLanguage } from '#web/i18n';
import { isApiError } from '#web/lib/api-client';
import { useMoney } from '#web/lib/use-money';
import { useConfirm } from '#web/ui/confirm';
import { FormMessage } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { toast } from '#web/ui/toast';
import { useResendInvitation } from '#web/console/suppliers/api/suppliers';
import '#web/console/components/admin.css';
import { usePermissions } from '#web/console/team/api/team';
import { useAdminUser, useDeleteUser, useResetTwoFactor, useUpdateUserFlags } from './api/users';

/**
 * One account: its details and latest bookings; verify, suspend (signed out at once, spec §6),
 * reactivate, delete (refused while a booking holds a car now or later).
 */
export function UserScreen() {
  const params = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoney();
  const navigate = useNavigate();
  const { data, error } = useAdminUser(params.id ?? '');
  const flags = useUpdateUserFlags();
  const remove = useDeleteUser();
  const resend = useResendInvitation();
  const reset = useResetTwoFactor();
  // A support agent reads every account and changes none (contract team.ts): the actions are the admin's.
  const mayAct = usePermissions().has('platform');
  const { dialog, ask } = useConfirm();
  if (error) return <Page title={t('operatorAdmin.user.notFound')} />;
  if (!data) return <PageLoading />;
  const { user, bookings, bookingCount } = data;
  const date = new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'medium' });
  const refusal = (cause: unknown) =>
    toast.error(
      isApiError(cause) && cause.code === 'CONFLICT' ? t('operatorAdmin.user.deleteRefused') : t('operatorAdmin.error'),
    );
  const setFlag = async (change: { verified?: boolean; blacklisted?: boolean }, done: string) => {
    try {
      await flags.mutateAsync({ _id: user._id, ...change });
      toast.success(done);
    } catch (cause) {
      refusal(cause);
    }
  };
  const onResend = async () => {
    try {
      await resend.mutateAsync(user._id);
      toast.success(t('operatorAdmin.user.invitationResent', { email: user.email }));
    } catch (cause) {
      refusal(cause);
    }
  };
  const onSuspend = async () => {
    // Suspending signs the person out at once: the admin sees first what the account still has booked.
    const yes = await ask({
      title: t('operatorAdmin.user.suspendQuestion', { name: user.fullName }),
      description:
        data.upcomingCount > 0
          ? t('operatorAdmin.user.suspendUpcoming', { count: data.upcomingCount })
          : t('operatorAdmin.user.suspendNone'),
      confirmLabel: t('operatorAdmin.user.suspend'),
    });
    if (yes) await setFlag({ blacklisted: true }, t('operatorAdmin.user.suspendedDone'));
  };
  const onResetTwoStep = async () => {
    const yes = await ask({
      title: t('operatorAdmin.user.resetTwoStepQuestion', { name: user.fullName }),
      description: t('operatorAdmin.user.resetTwoStepText'),
      confirmLabel: t('operatorAdmin.user.resetTwoStep'),
    });
    if (!yes) return;
    try {
      await reset.mutateAsync(user._id);
      toast.success(t('operatorAdmin.user.resetTwoStepDone'));
    } catch (cause) {
      refusal(cause);
    }
  };
  const onDelete = async () => {
    const yes = await ask({
      title: t('operatorAdmin.user.deleteQuestion', { name: user.fullName }),
      description: t('operatorAdmin.user.deleteDescription'),
      confirmLabel: t('operatorAdmin.user.delete'),
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(user._id);
      toast.success(t('operatorAdmin.user.deleted'));
      await navigate('/operator/users');
    } catch (cause) {
      refusal(cause);
    }
  };
  return (
    <Page title={user.fullName} description={`${t(`operatorAdmin.types.${user.type}`)} · ${user.email}`}>
      {user.blacklisted ? <FormMessage kind="info">{t('operatorAdmin.user.suspendedNote')}</FormMessage> : null}
      <dl className="admin-grid">
        <div>
          <dt>{t('operatorAdmin.user.phone')}</dt>
          <dd>{user.phone ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('operatorAdmin.user.since')}</dt>
          <dd>{date.format(new Date(user.createdAt))}</dd>
        </div>
        <div>
          <dt>{t('operatorAdmin.users.verified')}</dt>
          <dd>{user.verified ? t('operatorAdmin.users.isVerified') : t('operatorAdmin.users.isUnverified')}</dd>
        </div>
        <div>
          <dt>{t('operatorAdmin.user.twoStep')}</dt>
          <dd>{data.twoFactor ? t('operatorAdmin.user.twoStepOn') : t('operatorAdmin.user.twoStepOff')}</dd>
        </div>
      </dl>
      {mayAct ? (
        <div className="admin-actions">
          {user.verified ? null : (
            <button
              type="button"
              className="button"
              onClick={() => setFlag({ verified: true }, t('operatorAdmin.user.verifiedDone'))}
            >
              {t('operatorAdmin.user.verify')}
            </button>
          )}
          {user.blacklisted ? (
            <button
              type="button"
              className="button"
              onClick={() => setFlag({ blacklisted: false }, t('operatorAdmin.user.reactivated'))}
            >
              {t('operatorAdmin.user.reactivate')}
            </button>
          ) : user.type === 'admin' ? null : (
            <button type="button" className="button" onClick={onSuspend}>
              {t('operatorAdmin.user.suspend')}
            </button>
          )}
          {user.type === 'supplier' && !user.verified ? (
            <button type="button" className="button" onClick={onResend} disabled={resend.isPending}>
              {t('operatorAdmin.user.resendInvitation')}
            </button>
          ) : null}
          {user.type === 'admin' ? null : (
            <button type="button" className="button button--secondary" onClick={onDelete}>
              {t('operatorAdmin.user.delete')}
            </button>
          )}
          {data.twoFactor ? (
            <button type="button" className="button button--secondary" onClick={onResetTwoStep}>
              {t('operatorAdmin.user.resetTwoStep')}
            </button>
          ) : null}
        </div>
      ) : null}
      {user.type === 'supplier' && !data.member && mayAct ? (
        // The supplier's business, as the supplier sees it in the console: its profile and its fleet.
        <p className="admin-actions">
          <Link to={`/operator/profile?supplier=${user._id}`}>{t('operatorAdmin.user.businessProfile')}</Link>
          <Link to={`/operator/cars?supplier=${user._id}`}>{t('operatorAdmin.user.fleet')}</Link>
        </p>
      ) : null}
      <section className="admin-section" aria-labelledby="user-bookings">
        <h2 id="user-bookings">{t('operatorAdmin.user.bookings', { count: bookingCount })}</h2>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('operatorAdmin.user.car')}</th>
                <th scope="col">
                  {user.type === 'supplier' ? t('operatorAdmin.user.driver') : t('operatorAdmin.user.supplier')}
                </th>
                <th scope="col">{t('operatorAdmin.user.dates')}</th>
                <th scope="col">{t('operatorAdmin.users.status')}</th>
                <th scope="col">{t('operatorAdmin.user.price')}</th>
              </tr>
            </thead>
            <tbody>
              {bookings.map((booking) => (
                <tr key={booking._id}>
                  <td>{booking.carName}</td>
                  <td>{booking.counterpart}</td>
                  <td>{date.formatRange(new Date(booking.pickupAt), new Date(booking.dropoffAt))}</td>
                  <td>{t(`operatorAdmin.bookingStatus.${booking.status}`)}</td>
                  <td>{money.format(booking.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {dialog}
    </Page>
  );
}

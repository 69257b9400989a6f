import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, TextField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { askManageLink, useOpenManageLink } from './api/manage-booking';
import '#web/ui/form-card.css';

/**
 * "Manage booking" without an account: the booking reference and the e-mail ask for a link, which
 * goes to that address; the link (`?t=…`) opens the booking to this browser, on its own page.
 */
export function ManageBookingScreen() {
  const [params] = useSearchParams();
  const token = params.get('t');
  return token ? <OpenLink token={token} /> : <AskLink expired={false} />;
}

function OpenLink({ token }: { token: string }) {
  const opened = useOpenManageLink(token);
  if (opened.isPending) return <PageLoading />;
  if (opened.data && opened.data !== 'expired')
    return <Navigate to={`/booking?b=${encodeURIComponent(opened.data.bookingId)}`} replace />;
  return <AskLink expired />;
}

function AskLink({ expired }: { expired: boolean }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  // Sent: the form is gone, so the focus goes to what replaced it.
  const sentNote = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) sentNote.current?.focus();
  }, [sent]);
  const form = useContractForm({
    initialValues: { reference: '', email: '' },
    schema: () =>
      import('@roam/contract/booking-access.schema').then((contract) => contract.ManageBookingLinkBodySchema),
    onSubmit: async (body) => {
      await askManageLink(body);
      setSent(true);
    },
    onError: () => t('manage.error'),
  });
  return (
    <Page title={t('manage.title')} description={t('manage.description')}>
      <div className="auth-card">
        {expired ? <FormMessage>{t('manage.expired')}</FormMessage> : null}
        {sent ? (
          <div className="auth-form" ref={sentNote} tabIndex={-1}>
            <FormMessage kind="info">{t('manage.sent')}</FormMessage>
          </div>
        ) : (
          <form className="auth-form" {...form.formProps}>
            <FormMessage>{form.message}</FormMessage>
            <TextField
              {...form.field('reference', t('manage.reference'))}
              autoComplete="off"
              description={t('manage.referenceHint')}
              required
            />
            <TextField {...form.field('email', t('manage.email'))} type="email" autoComplete="email" required />
            <button type="submit" className="button" disabled={form.pending}>
              {t('manage.submit')}
            </button>
          </form>
        )}
      </div>
    </Page>
  );
}

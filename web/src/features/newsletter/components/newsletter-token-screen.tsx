import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '#web/lib/api-client';
import { Page } from '#web/ui/page';
import './newsletter-token-screen.css';

interface NewsletterTokenScreenProps {
  title: string;
  description: string;
  /** The POST made with the token of the e-mailed link (`?t=`); never a GET, so link scanners change nothing. */
  action: (token: string) => Promise<unknown>;
  /** Shown before the call; when set, the call waits for a click on this button. */
  buttonLabel?: string;
  pending: string;
  done: string;
}

/** The screen behind a newsletter e-mail link: posts the token once, then says what happened. */
export function NewsletterTokenScreen({
  title,
  description,
  action,
  buttonLabel,
  pending,
  done,
}: NewsletterTokenScreenProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  // The screen shows its own outcome, so the error is handled here (not the app's 'unhandled error' toast).
  const call = useMutation({ mutationFn: action, onError: () => {} });
  const started = useRef(false);

  useEffect(() => {
    if (buttonLabel || started.current || !token) return;
    started.current = true;
    call.mutate(token);
  }, [buttonLabel, token, call]);

  let message: string | null = null;
  if (!token || (call.isError && isApiError(call.error) && call.error.status < 500 && call.error.status !== 429)) {
    message = t('newsletter.invalidLink');
  } else if (call.isError) message = t('newsletter.error');
  else if (call.isSuccess) message = done;
  else if (call.isPending) message = pending;

  return (
    <Page title={title} description={description}>
      <div className="newsletter-token">
        <p role="status" className="newsletter-token__status">
          {message}
        </p>
        {buttonLabel && token && !call.isSuccess ? (
          <button type="button" className="button" disabled={call.isPending} onClick={() => call.mutate(token)}>
            {buttonLabel}
          </button>
        ) : null}
        {call.isSuccess || call.isError || !token ? (
          <Link to="/" className="button button--secondary">
            {t('newsletter.home')}
          </Link>
        ) : null}
      </div>
    </Page>
  );
}

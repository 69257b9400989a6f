import type { SessionInfo } from '@roam/contract/team';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '#web/i18n/formats';
import { FormMessage } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { sessionsQueryOptions, useEndSession } from '../api/security';

/**
 * Where the person is signed in (docs/decisions/0010-members-of-a-business.md): each session's device (from its user
 * agent), address and last use; any can be ended, this one's ending is signing out here.
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const id = useId();
  const sessions = useQuery(sessionsQueryOptions);
  const end = useEndSession();
  const onEnd = (session: SessionInfo) =>
    end.mutate(session._id, {
      onSuccess: () => {
        toast.success(t('account.security.sessionEnded'));
        if (session.current) window.location.assign('/');
      },
      onError: () => toast.error(t('account.security.error')),
    });
  return (
    <section className="settings-card two-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.security.sessions')}</h2>
      {sessions.isError ? <FormMessage>{t('account.security.error')}</FormMessage> : null}
      <ul className="two-step__sessions">
        {sessions.data?.map((session) => (
          <Session key={session._id} session={session} onEnd={() => onEnd(session)} />
        ))}
      </ul>
    </section>
  );
}

function Session({ session, onEnd }: { session: SessionInfo; onEnd: () => void }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const unknown = t('account.security.unknownDevice');
  const device =
    session.browser && session.os
      ? t('account.security.device', { browser: session.browser, os: session.os })
      : (session.browser ?? session.os ?? unknown);
  const lastUse = formats.date(new Date(session.lastUsedAt), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="two-step__session">
      <div>
        <strong>{device}</strong>
        {session.current ? ` · ${t('account.security.thisDevice')}` : null}
        <br />
        <small>{[session.ip, t('account.security.lastUse', { when: lastUse })].filter(Boolean).join(' · ')}</small>
      </div>
      <button
        type="button"
        className="button button--secondary"
        onClick={onEnd}
        // Named by what it shows (WCAG 2.5.3): "Sign out here" needs no device; "End" says whose session.
        aria-label={session.current ? undefined : t('account.security.endOf', { device })}
      >
        {session.current ? t('account.security.signOutHere') : t('account.security.end')}
      </button>
    </li>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../auth/api/session';
import { notificationCounterQueryOptions } from '../api/notifications';
import './notification-bell.css';

/** The header's bell: unread notifications of the signed-in user, linking to /notifications (spec §3 counter). */
export function NotificationBell() {
  const { user } = useSession();
  if (!user) return null;
  return <Bell userId={user._id} />;
}

function Bell({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const counter = useQuery(notificationCounterQueryOptions(userId));
  const count = counter.data?.count ?? 0;
  return (
    <Link
      to="/notifications"
      className="header-button notification-bell"
      aria-label={t('notifications.bell', { count })}
    >
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {/* No badge at all when everything is read: a "0" draws the eye for nothing. */}
      {count > 0 ? (
        <span className="notification-bell__count" data-testid="notification-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}

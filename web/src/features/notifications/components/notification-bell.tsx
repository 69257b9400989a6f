import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '#web/lib/session';
import { BellIcon } from '#web/ui/icons';
import { notificationCounterQueryOptions } from '../api/notifications';
import './notification-bell.css';

/**
 * The header's bell: unread notifications of the signed-in user, linking to /notifications (spec §3 counter). The
 * layout shows it for the stored user while this page load's session check runs; the count comes once it answered.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const { user } = useSession();
  const counter = useQuery({ ...notificationCounterQueryOptions(user?._id ?? ''), enabled: user !== null });
  const count = counter.data?.count ?? 0;
  return (
    <Link
      to="/notifications"
      className="header-button notification-bell"
      aria-label={t('notifications.bell', { count })}
    >
      <BellIcon />
      {/* No badge at all when everything is read: a "0" draws the eye for nothing. */}
      {count > 0 ? (
        <span className="notification-bell__count" data-testid="notification-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}

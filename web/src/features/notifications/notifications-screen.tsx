import type { Notification } from '@roam/contract/notifications';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { localeTag, useLanguage } from '#web/i18n/index';
import { useSession } from '#web/lib/session';
import { useConfirm } from '#web/ui/confirm';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { Pager } from '#web/ui/pager';
import { toast } from '#web/ui/toast';
import { type NotificationAction, notificationPageQueryOptions, useNotificationAction } from './api/notifications';
import { notificationMessage } from './components/notification-message';
import './notifications.css';

const PAGE_SIZE = 30;

/** What a business is told about a booking (its operators read it): opened at the desk, as its e-mail's link does. */
const DESK_KINDS = new Set([
  'bookingNew',
  'driverChangedBooking',
  'driverCancelled',
  'bookingCheckedIn',
  'deskBookingRefused',
]);

/** The console's page of a desk notice (an app of its own: loaded, not routed here), or null for a driver's notice. */
function deskPage({ kind, bookingId }: Notification): string | null {
  if (kind === 'cancelRequested') return `/operator/cancellation-requests#request-${bookingId}`;
  return DESK_KINDS.has(kind) ? `/operator/bookings/${bookingId}` : null;
}

/** The notifications list (spec §2): paged, selectable, mark read/unread, delete, view the booking. */
export function NotificationsScreen() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoading />;
  if (!user) return <Navigate to="/sign-in?redirect=/notifications" replace />;
  return (
    <Page title={t('notifications.title')} description={t('notifications.description')}>
      <NotificationList userId={user._id} />
    </Page>
  );
}

function NotificationList({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const query = useQuery(notificationPageQueryOptions(userId, page, PAGE_SIZE));
  const action = useNotificationAction(userId);
  const confirm = useConfirm();
  const results = query.data?.results ?? [];
  const totalCount = query.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(totalCount / PAGE_SIZE));
  const chosen = results.filter((n) => selected.has(n._id)).map((n) => n._id);
  const allChosen = results.length > 0 && chosen.length === results.length;
  const dateFormat = new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'medium', timeStyle: 'short' });

  const run = (kind: NotificationAction, selection: { ids: string[] } | { all: true }) =>
    action.mutate(
      { action: kind, selection },
      {
        onSuccess: () => {
          setSelected(new Set());
          if (kind === 'delete' && page > 1 && ('all' in selection || selection.ids.length >= results.length))
            setPage(page - 1);
        },
        onError: () => toast.error(t('common.errors.unhandled')),
      },
    );
  /** Deletes after the app's own confirmation (it was the browser's confirm()). */
  const confirmDelete = async (title: string, selection: { ids: string[] } | { all: true }, confirmLabel: string) => {
    if (await confirm.ask({ title, confirmLabel })) run('delete', selection);
  };
  const toggle = (notificationId: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(notificationId);
    else next.delete(notificationId);
    setSelected(next);
  };

  if (query.isPending) return <PageLoading />;
  if (query.isError) return <p role="alert">{t('common.errors.unhandled')}</p>;
  if (totalCount === 0) return <p className="notifications-empty">{t('notifications.empty')}</p>;

  return (
    <div className="notifications">
      <div className="notifications-toolbar" role="toolbar" aria-label={t('notifications.actions')}>
        <label className="notifications-check">
          <input
            type="checkbox"
            checked={allChosen}
            onChange={(event) =>
              setSelected(event.currentTarget.checked ? new Set(results.map((n) => n._id)) : new Set())
            }
          />
          {t('notifications.selectAll')}
        </label>
        <span aria-live="polite" className="notifications-toolbar__count">
          {chosen.length > 0 ? t('notifications.selected', { count: chosen.length }) : null}
        </span>
        <button
          type="button"
          className="button button--secondary"
          disabled={chosen.length === 0}
          onClick={() => run('read', { ids: chosen })}
        >
          {t('notifications.markRead')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={chosen.length === 0}
          onClick={() => run('unread', { ids: chosen })}
        >
          {t('notifications.markUnread')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={chosen.length === 0}
          onClick={() =>
            confirmDelete(
              t('notifications.confirmDelete', { count: chosen.length }),
              { ids: chosen },
              t('notifications.delete'),
            )
          }
        >
          {t('notifications.delete')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => run('read', { all: true })}>
          {t('notifications.markAllRead')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            confirmDelete(t('notifications.confirmDeleteAll'), { all: true }, t('notifications.deleteAll'))
          }
        >
          {t('notifications.deleteAll')}
        </button>
      </div>
      <ul className="notifications-list" aria-labelledby={`${id}-count`}>
        {results.map((notification) => (
          <NotificationRow
            key={notification._id}
            notification={notification}
            date={dateFormat.format(new Date(notification.createdAt))}
            checked={selected.has(notification._id)}
            onCheck={(on) => toggle(notification._id, on)}
            onAction={(kind) =>
              kind === 'delete'
                ? confirmDelete(
                    t('notifications.confirmDelete', { count: 1 }),
                    { ids: [notification._id] },
                    t('notifications.delete'),
                  )
                : run(kind, { ids: [notification._id] })
            }
          />
        ))}
      </ul>
      <Pager
        page={page}
        pageCount={pages}
        onPage={setPage}
        statusId={`${id}-count`}
        alwaysShown
        labels={{
          nav: t('notifications.pagination'),
          previous: t('notifications.previous'),
          next: t('notifications.next'),
          status: t('notifications.page', { page, pages, count: totalCount }),
        }}
      />
      {confirm.dialog}
    </div>
  );
}

function NotificationRow({
  notification,
  date,
  checked,
  onCheck,
  onAction,
}: {
  notification: Notification;
  date: string;
  checked: boolean;
  onCheck: (on: boolean) => void;
  onAction: (action: NotificationAction) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const message = notificationMessage(t, notification, language);
  return (
    <li className={`notification${notification.isRead ? '' : ' notification--unread'}`}>
      <input
        type="checkbox"
        checked={checked}
        aria-label={t('notifications.select', { message })}
        onChange={(event) => onCheck(event.currentTarget.checked)}
      />
      <div className="notification__body">
        <p className="notification__message">
          {notification.isRead ? null : <span className="visually-hidden">{t('notifications.unread')}: </span>}
          {message}
        </p>
        <p className="notification__date">{date}</p>
      </div>
      <div className="notification__actions">
        {notification.bookingId && deskPage(notification) ? (
          <a
            className="button button--secondary"
            href={deskPage(notification) ?? ''}
            onClick={() => {
              if (!notification.isRead) onAction('read');
            }}
          >
            {t('notifications.view')}
          </a>
        ) : notification.bookingId ? (
          <Link
            className="button button--secondary"
            to={`/booking?b=${notification.bookingId}`}
            onClick={() => {
              if (!notification.isRead) onAction('read');
            }}
          >
            {t('notifications.view')}
          </Link>
        ) : null}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onAction(notification.isRead ? 'unread' : 'read')}
        >
          {notification.isRead ? t('notifications.markUnread') : t('notifications.markRead')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onAction('delete')}>
          {t('notifications.delete')}
        </button>
      </div>
    </li>
  );
}

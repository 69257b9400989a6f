import type { NotificationCounter, NotificationIds, NotificationPage } from '@roam/contract/notifications';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The notifications calls of spec §7, at their exact paths. Every change refreshes the list and the header's counter.

export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const notificationCounterQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'counter', userId],
    queryFn: ({ signal }) => api.get<NotificationCounter>(`/api/notification-counter/${userId}`, { signal }),
  });

export const notificationPageQueryOptions = (userId: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'page', userId, page, pageSize],
    queryFn: ({ signal }) => api.get<NotificationPage>(`/api/Notifications/${userId}/${page}/${pageSize}`, { signal }),
    placeholderData: keepPreviousData,
  });

export type NotificationAction = 'read' | 'unread' | 'delete';

const PATHS: Record<NotificationAction, string> = {
  read: 'mark-Notifications-as-read',
  unread: 'mark-Notifications-as-unread',
  delete: 'delete-Notifications',
};

/** Marks read/unread or deletes the given ids, or every notification with `{ all: true }`. */
export function useNotificationAction(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, selection }: { action: NotificationAction; selection: NotificationIds }) =>
      api.post<{ count: number }>(`/api/${PATHS[action]}/${userId}`, selection),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
    onError: () => {},
  });
}

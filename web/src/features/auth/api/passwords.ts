import type { ChangePassword } from '@roam/contract/auth';
import { api } from '#web/lib/api-client';

const segment = encodeURIComponent;

export const hasPassword = (userId: string, signal?: AbortSignal) =>
  api.get<{ hasPassword: boolean }>(`/api/has-password/${segment(userId)}`, { signal });

/** `GET /api/check-password/{userId}/{password}` (spec §7 puts it in the URL; the server log redacts it). */
export const checkPassword = (userId: string, password: string) =>
  api.get(`/api/check-password/${segment(userId)}/${segment(password)}`);

export const changePassword = (input: ChangePassword) => api.post('/api/change-password', input);

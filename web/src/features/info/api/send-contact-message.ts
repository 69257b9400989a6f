import type { Accepted, ContactMessage } from '@roam/contract/contact';
import { api } from '#web/lib/api-client';

/** `POST /api/send-email` (spec §7): the server delivers it to CONTACT_EMAIL. */
export function sendContactMessage(message: ContactMessage): Promise<Accepted> {
  return api.post<Accepted>('/api/send-email', message);
}

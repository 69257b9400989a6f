import type { Accepted, NewsletterSubscribe } from '@roam/contract/contact';
import { api } from '#web/lib/api-client';

// The newsletter calls. Kept free of zod: the footer form is part of the entry chunk.

export function subscribeToNewsletter(body: NewsletterSubscribe): Promise<Accepted> {
  return api.post<Accepted>('/api/newsletter/subscribe', body);
}

export function confirmNewsletter(token: string): Promise<Accepted> {
  return api.post<Accepted>('/api/newsletter/confirm', { token });
}

export function unsubscribeFromNewsletter(token: string): Promise<Accepted> {
  return api.post<Accepted>('/api/newsletter/unsubscribe', { token });
}

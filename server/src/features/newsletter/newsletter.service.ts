import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@roam/contract/enums';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import {
  confirmSubscriber,
  deleteSubscriber,
  findSubscriberByTokenHash,
  upsertSubscriber,
} from './newsletter.repository.ts';
import { newsletterMail } from './newsletter-mail.ts';

export type NewsletterDeps = { db: Db; mailer: Mailer; publicUrl: string; websiteName: string };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Double opt-in (issue #6): every request e-mails the address, never the caller, so the answer is the same whether the
 * address was new, pending or confirmed and nothing leaks. A pending address gets a fresh confirmation link; a
 * confirmed one a note with its unsubscribe link. Only the token's hash is stored.
 */
export async function subscribe(deps: NewsletterDeps, email: string, language: Language): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const subscriber = await upsertSubscriber(deps.db, {
    email: email.toLowerCase(),
    language,
    tokenHash: hashToken(token),
  });
  const link = (screen: string) => `${deps.publicUrl}/newsletter/${screen}?t=${token}`;
  const mail = newsletterMail(language, subscriber.confirmedAt !== null, {
    websiteName: deps.websiteName,
    confirmUrl: link('confirm'),
    unsubscribeUrl: link('unsubscribe'),
  });
  await deps.mailer.send({ to: subscriber.email, ...mail });
}

/** Confirms the subscription the token belongs to; confirming twice is harmless. */
export async function confirm(db: Db, token: string): Promise<void> {
  const subscriber = await findSubscriberByTokenHash(db, hashToken(token));
  if (!subscriber) throw new AppError('NOT_FOUND', 'This link is not valid any more.');
  if (!subscriber.confirmedAt) await confirmSubscriber(db, subscriber.id, new Date());
}

/** Removes the subscriber the token belongs to; the address is forgotten entirely. */
export async function unsubscribe(db: Db, token: string): Promise<void> {
  const subscriber = await findSubscriberByTokenHash(db, hashToken(token));
  if (!subscriber) throw new AppError('NOT_FOUND', 'This link is not valid any more.');
  await deleteSubscriber(db, subscriber.id);
}

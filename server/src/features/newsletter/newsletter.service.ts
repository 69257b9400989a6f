import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@roam/contract/languages';
import type { AppContext } from '#server/context.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { newsletterMail } from './newsletter.mail.ts';
import {
  confirmSubscriber,
  deleteSubscriber,
  findSubscriberByTokenHash,
  upsertSubscriber,
} from './newsletter.repository.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Double opt-in: every request e-mails the address, never the caller, so the answer is the same whether the
 * address was new, pending or confirmed and nothing leaks. A pending address gets a fresh confirmation link; a
 * confirmed one a note with its unsubscribe link. Only the token's hash is stored.
 */
export async function subscribe(ctx: AppContext, email: string, language: Language): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const subscriber = await upsertSubscriber(ctx.db, {
    email: email.toLowerCase(),
    language,
    tokenHash: hashToken(token),
  });
  // `l`: the screen opens in the e-mail's language, whichever browser opens it.
  const link = (screen: string) => `${ctx.config.PUBLIC_URL}/newsletter/${screen}?t=${token}&l=${language}`;
  const mail = newsletterMail(language, subscriber.confirmedAt !== null, {
    websiteName: await siteName(ctx),
    confirmUrl: link('confirm'),
    unsubscribeUrl: link('unsubscribe'),
  });
  await ctx.mailer.send({ to: subscriber.email, ...mail });
}

/** Confirms the subscription the token belongs to; confirming twice is harmless. */
export async function confirm(ctx: AppContext, token: string): Promise<void> {
  const subscriber = await findSubscriberByTokenHash(ctx.db, hashToken(token));
  if (!subscriber) throw new AppError('NOT_FOUND', 'This link is not valid any more.');
  if (!subscriber.confirmedAt) await confirmSubscriber(ctx.db, subscriber.id, new Date());
}

/** Removes the subscriber the token belongs to; the address is forgotten entirely. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<void> {
  const subscriber = await findSubscriberByTokenHash(ctx.db, hashToken(token));
  if (!subscriber) throw new AppError('NOT_FOUND', 'This link is not valid any more.');
  await deleteSubscriber(ctx.db, subscriber.id);
}

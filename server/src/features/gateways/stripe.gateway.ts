import Stripe from 'stripe';
import type { Config } from '#server/config.ts';
import { cardEventRecord } from './stripe-events.ts';

// Card provider (docs/architecture.md §5): the official stripe SDK, Checkout Session + signed webhook + return check.
// STRIPE_API_BASE points the SDK at another host (a local test server in tests).

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes from now. */
const MIN_SESSION_MS = 30 * 60_000 + 60_000;

export type CardSession = {
  id: string;
  url: string | null;
  paid: boolean;
  /** 'open' | 'complete' | 'expired' */
  status: string | null;
  bookingId: string | null;
  /** A dearer change's difference, not the booking's own payment. */
  amendmentId: string | null;
  amount: number | null;
  currency: string | null;
  /** The session's payment intent, once the payer paid or authorised. */
  paymentIntent: string | null;
  /**
   * Authorised, not paid: a session opened with manual capture (the security deposit held) that the payer completed;
   * Stripe leaves its `payment_status` `unpaid` until a capture.
   */
  held: boolean;
};

/** A payment intent as the holds read it (docs/decisions/0012-deposit-holds.md). */
export type CardIntent = {
  id: string;
  /** 'requires_capture' (held), 'succeeded' (captured), 'canceled' (released or lapsed), … */
  status: string;
  amountCapturable: number;
  amountReceived: number;
  /** The saved card, when the payer agreed to keep it for later charges. */
  customer: string | null;
  paymentMethod: string | null;
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function toCardIntent(intent: Stripe.PaymentIntent): CardIntent {
  return {
    id: intent.id,
    status: intent.status,
    amountCapturable: intent.amount_capturable,
    amountReceived: intent.amount_received,
    customer: idOf(intent.customer),
    paymentMethod: idOf(intent.payment_method),
  };
}

export type StripeGateway = NonNullable<ReturnType<typeof createStripeGateway>>;

function toCardSession(session: Stripe.Checkout.Session): CardSession {
  return {
    id: session.id,
    url: session.url,
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    status: session.status,
    bookingId: session.metadata?.bookingId ?? session.client_reference_id ?? null,
    amendmentId: session.metadata?.amendmentId || null,
    amount: session.amount_total,
    currency: session.currency ? session.currency.toUpperCase() : null,
    paymentIntent: idOf(session.payment_intent),
    held: session.status === 'complete' && session.payment_status === 'unpaid' && Boolean(session.payment_intent),
  };
}

export function createStripeGateway(config: Config) {
  const secretKey = config.STRIPE_SECRET_KEY;
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          protocol: base.protocol === 'http:' ? 'http' : 'https',
          ...(base.port ? { port: Number(base.port) } : {}),
        }
      : {}),
  });
  return {
    async createSession(input: {
      bookingId: string;
      amendmentId?: string;
      amount: number;
      currency: string;
      name: string;
      holdExpiresAt: Date;
      /** Authorise, not charge: the security deposit held (docs/decisions/0012-deposit-holds.md). */
      hold?: boolean;
      /**
       * Keep the card for payments without the payer (docs/decisions/0014-charges-after-the-rental.md): the intent's
       * `setup_future_usage=off_session`, and a customer the card is attached to.
       */
      saveCard?: boolean;
    }): Promise<CardSession> {
      const expiresAt = Math.max(input.holdExpiresAt.getTime(), Date.now() + MIN_SESSION_MS);
      // A booking's payment comes back to the result page; a change's difference to its booking.
      const back = input.amendmentId
        ? `${config.PUBLIC_URL}/booking?b=${input.bookingId}&session={CHECKOUT_SESSION_ID}`
        : `${config.PUBLIC_URL}/checkout-session/{CHECKOUT_SESSION_ID}`;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amount,
                product_data: { name: input.name.slice(0, 200) },
              },
            },
          ],
          metadata: { bookingId: input.bookingId, ...(input.amendmentId ? { amendmentId: input.amendmentId } : {}) },
          client_reference_id: input.bookingId,
          ...(input.hold || input.saveCard
            ? {
                payment_intent_data: {
                  metadata: { bookingId: input.bookingId },
                  ...(input.hold ? { capture_method: 'manual' as const } : {}),
                  ...(input.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
                },
              }
            : {}),
          ...(input.saveCard ? { customer_creation: 'always' as const } : {}),
          success_url: back,
          cancel_url: back,
          expires_at: Math.floor(expiresAt / 1000),
        },
        // One session per booking (per change's difference), even when the call is retried.
        { idempotencyKey: input.amendmentId ? `amendment-${input.amendmentId}` : `checkout-${input.bookingId}` },
      );
      return toCardSession(session);
    },
    async retrieveSession(sessionId: string): Promise<CardSession> {
      return toCardSession(await stripe.checkout.sessions.retrieve(sessionId));
    },
    /**
     * Refunds `amount` of a paid Checkout Session's payment (cancellation queue) through the Refunds API.
     * A retry under the same idempotency key (one per refund: refunds.service.ts) gets the first refund back.
     */
    async refund(input: { sessionId: string; amount: number; bookingId: string; key: string }) {
      const session = await stripe.checkout.sessions.retrieve(input.sessionId);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`card session ${input.sessionId} has no payment to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: input.amount, metadata: { bookingId: input.bookingId } },
        { idempotencyKey: input.key },
      );
      return { id: refund.id, status: refund.status };
    },
    async retrieveIntent(intentId: string): Promise<CardIntent> {
      return toCardIntent(await stripe.paymentIntents.retrieve(intentId));
    },
    /**
     * Captures `amount` of a held intent (Stripe captures once: what is not captured is released). A retry under
     * `key` gets the first answer back.
     */
    async captureIntent(input: { intentId: string; amount: number; key: string }): Promise<CardIntent> {
      const intent = await stripe.paymentIntents.capture(
        input.intentId,
        { amount_to_capture: input.amount },
        { idempotencyKey: input.key },
      );
      return toCardIntent(intent);
    },
    /** Releases a held intent whole (cancels it); a retry under `key` gets the first answer back. */
    async cancelIntent(input: { intentId: string; key: string }): Promise<CardIntent> {
      return toCardIntent(await stripe.paymentIntents.cancel(input.intentId, {}, { idempotencyKey: input.key }));
    },
    /** Authorises `amount` again on the saved card, without the customer (a hold about to lapse). */
    async authorizeSavedCard(input: {
      customer: string;
      paymentMethod: string;
      amount: number;
      currency: string;
      bookingId: string;
      key: string;
    }): Promise<CardIntent> {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          customer: input.customer,
          payment_method: input.paymentMethod,
          capture_method: 'manual',
          confirm: true,
          off_session: true,
          metadata: { bookingId: input.bookingId },
        },
        { idempotencyKey: input.key },
      );
      return toCardIntent(intent);
    },
    /**
     * Charges `amount` to the saved card without the payer (`off_session`, confirmed at once): a charge after the
     * rental. A card the issuer refuses, or that asks for the payer's authentication, answers `declined` with
     * Stripe's code (`card_declined`, `authentication_required`, …) instead of throwing; a retry under `key` gets the
     * first answer back.
     */
    async chargeSavedCard(input: {
      customer: string;
      paymentMethod: string;
      amount: number;
      currency: string;
      bookingId: string;
      key: string;
    }): Promise<{ charged: CardIntent } | { declined: string }> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            customer: input.customer,
            payment_method: input.paymentMethod,
            confirm: true,
            off_session: true,
            metadata: { bookingId: input.bookingId },
          },
          { idempotencyKey: input.key },
        );
        return intent.status === 'succeeded' ? { charged: toCardIntent(intent) } : { declined: intent.status };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) return { declined: error.code ?? 'card_declined' };
        throw error;
      }
    },
    /** @throws when the signature does not verify. */
    parseWebhook(rawBody: Buffer | string, signature: string) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      return { ...eventKind(event), record: cardEventRecord(event) };
    },
  };
}

/** What a signed event asks of Roam: settle a session, note a hold the provider ended, or nothing. */
function eventKind(event: Stripe.Event) {
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    return { kind: 'completed' as const, session: toCardSession(event.data.object) };
  }
  if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
    return { kind: 'expired' as const, session: toCardSession(event.data.object) };
  }
  if (event.type === 'payment_intent.canceled') {
    const intent = event.data.object;
    return {
      kind: 'intentCanceled' as const,
      intentId: intent.id,
      automatic: intent.cancellation_reason === 'automatic',
    };
  }
  return { kind: 'ignored' as const, type: event.type };
}

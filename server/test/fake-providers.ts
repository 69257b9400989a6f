import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Local test servers speaking the card provider's and the wallet provider's protocols (docs/architecture.md §5, §6):
// the real stripe SDK and our PayPal REST client talk to them over HTTP on 127.0.0.1. For browser tests they also
// play the provider's side a payer sees: Stripe's hosted payment page (which then sends the signed webhook and
// returns to the success URL) and the PayPal JS SDK's button (whose click approves the order, as the payer would).

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export type FakeStripeSession = {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  metadata: Record<string, string>;
  client_reference_id: string | null;
  amount_total: number;
  currency: string;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  /** The payment's id, once paid (Stripe sets it when the payer pays). */
  payment_intent?: string | null;
};

/** A Stripe refund (`POST /v1/refunds`). */
export type FakeStripeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
};

/**
 * A PaymentIntent of a session paid with `payment_intent_data[capture_method]=manual` (a hold), or created
 * server-side to authorise again (`POST /v1/payment_intents`, confirm + off_session): `requires_capture` until it is
 * captured (`succeeded`, at most `amount_capturable`; what is not captured is released) or cancelled (`canceled`).
 */
export type FakeStripeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  capture_method: 'manual' | 'automatic';
  currency: string;
  status: 'requires_capture' | 'succeeded' | 'canceled';
  cancellation_reason: string | null;
  created: number;
  customer: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
};

/** Stripe's webhook signature: `t=<unix>,v1=<HMAC-SHA256 of "<t>.<payload>">` with the endpoint secret. */
function stripeSignature(payload: string, secret: string): string {
  const timestamp = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A paid session's payment intent (`cs_test_7` → `pi_test_7`), as Stripe links the two once the payer paid. */
function paymentIntentOf(session: FakeStripeSession): string | null {
  if (session.payment_status !== 'paid') return null;
  session.payment_intent ??= session.id.replace(/^cs_/, 'pi_');
  return session.payment_intent;
}

/**
 * Stripe: POST /v1/checkout/sessions (form-encoded), GET /v1/checkout/sessions/:id, POST /v1/refunds (a paid
 * session's payment intent, at most what it captured; the Idempotency-Key header answers a replay with the first
 * refund, as Stripe does); the hosted page GET/POST /pay/:id, which completes the session, sends
 * `checkout.session.completed` to `webhook.url` when given, and redirects to the success URL.
 */
export async function startFakeStripe(options: { webhook?: { url: string; secret: string } } = {}) {
  const sessions = new Map<string, FakeStripeSession>();
  const refunds = new Map<string, FakeStripeRefund>();
  const idempotent = new Map<string, FakeStripeRefund>();
  const intents = new Map<string, FakeStripeIntent>();
  /** Sessions opened with manual capture, and the saved card (customer, payment method) of those set up for later. */
  const manual = new Set<string>();
  const savedCards = new Map<string, { customer: string; payment_method: string }>();
  /** Answers given to an Idempotency-Key on the intents' endpoints: a replay gets the first answer again. */
  const intentReplies = new Map<string, { status: number; json: unknown }>();
  /**
   * Tests turn refunds into server errors, as an outage at the provider would answer, or hold them until a promise
   * settles (a slow provider: what else happens meanwhile).
   */
  const control = {
    failRefunds: false,
    holdRefunds: null as Promise<void> | null,
    declineOffSession: false,
    /**
     * How the issuer answers the next payments without the payer (`off_session`, confirm): Stripe's card errors for a
     * card refused (`card_declined`) or one that needs the payer to authenticate (`authentication_required`).
     */
    offSessionError: null as null | 'card_declined' | 'authentication_required',
    /**
     * Run when a new payment intent is asked for (`POST /v1/payment_intents`), before the provider answers: what
     * else happens while the issuer is asked (a slow provider).
     */
    whileCreatingIntent: null as null | (() => Promise<void>),
  };
  const requests: { method: string; path: string; form: URLSearchParams; headers: IncomingMessage['headers'] }[] = [];
  /** The HTTP status the webhook endpoint answered to each event sent. */
  const webhookAnswers: number[] = [];
  let counter = 0;
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const path = (request.url ?? '').split('?')[0]!;
    const form = new URLSearchParams(body);
    requests.push({ method: request.method ?? '', path, form, headers: request.headers });
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      response.end(JSON.stringify(json));
    };
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      counter += 1;
      const id = `cs_test_${counter}`;
      const session: FakeStripeSession = {
        id,
        object: 'checkout.session',
        url: `${base}/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        metadata: {
          bookingId: form.get('metadata[bookingId]') ?? '',
          ...(form.get('metadata[amendmentId]') ? { amendmentId: form.get('metadata[amendmentId]')! } : {}),
        },
        client_reference_id: form.get('client_reference_id'),
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        expires_at: Number(form.get('expires_at')),
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
      };
      sessions.set(id, session);
      if (form.get('payment_intent_data[capture_method]') === 'manual') manual.add(id);
      if (form.get('payment_intent_data[setup_future_usage]') === 'off_session') {
        savedCards.set(id, { customer: `cus_test_${counter}`, payment_method: `pm_test_${counter}` });
      }
      return send(200, session);
    }
    const page = /^\/pay\/([^/]+)$/.exec(path);
    const paying = page ? sessions.get(decodeURIComponent(page[1]!)) : undefined;
    if (page && !paying) return send(404, { error: { message: 'No such payment page' } });
    const back = (url: string) => url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(paying!.id));
    if (request.method === 'GET' && paying) {
      const amount = `${(paying.amount_total / 100).toFixed(2)} ${paying.currency.toUpperCase()}`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(
        `<!doctype html><html lang="en"><title>Test payment</title><link rel="icon" href="data:,"><main><h1>Pay ${escapeHtml(amount)}</h1>` +
          `<form method="post"><button type="submit">Pay</button></form>` +
          `<a href="${escapeHtml(back(paying.cancel_url))}">Cancel</a></main></html>`,
      );
    }
    if (request.method === 'POST' && paying) {
      if (manual.has(paying.id)) authorizeSession(paying);
      else payInFull(paying);
      if (options.webhook) {
        const event = JSON.stringify({
          id: `evt_${paying.id}`,
          object: 'event',
          type: 'checkout.session.completed',
          data: { object: paying },
        });
        const delivered = await fetch(options.webhook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': stripeSignature(event, options.webhook.secret),
          },
          body: event,
        });
        webhookAnswers.push(delivered.status);
      }
      response.writeHead(303, { location: back(paying.success_url) });
      return response.end();
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      if (control.holdRefunds) await control.holdRefunds;
      if (control.failRefunds) return send(500, { error: { type: 'api_error', message: 'Temporarily unavailable' } });
      const key = String(request.headers['idempotency-key'] ?? '');
      const replay = key ? idempotent.get(key) : undefined;
      if (replay) return send(200, replay);
      const intent = form.get('payment_intent');
      const paid = [...sessions.values()].find((session) => paymentIntentOf(session) === intent);
      if (!paid) return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      const refunded = [...refunds.values()]
        .filter((refund) => refund.payment_intent === intent)
        .reduce((sum, refund) => sum + refund.amount, 0);
      const amount = form.has('amount') ? Number(form.get('amount')) : paid.amount_total - refunded;
      if (!(amount > 0) || refunded + amount > paid.amount_total) {
        return send(400, {
          error: { type: 'invalid_request_error', code: 'charge_exceeds_refundable_amount', message: 'Too much' },
        });
      }
      counter += 1;
      const refund: FakeStripeRefund = {
        id: `re_test_${counter}`,
        object: 'refund',
        amount,
        currency: paid.currency,
        payment_intent: intent!,
        status: 'succeeded',
        metadata: { bookingId: form.get('metadata[bookingId]') ?? '' },
      };
      refunds.set(refund.id, refund);
      if (key) idempotent.set(key, refund);
      return send(200, refund);
    }
    if (path.startsWith('/v1/payment_intents')) {
      const key = String(request.headers['idempotency-key'] ?? '');
      const replay = request.method === 'POST' && key ? intentReplies.get(`${path}|${key}`) : undefined;
      if (replay) return send(replay.status, replay.json);
      if (request.method === 'POST' && path === '/v1/payment_intents' && control.whileCreatingIntent) {
        await control.whileCreatingIntent();
      }
      const [status, json] = intentRequest(request.method ?? '', path, form);
      if (request.method === 'POST' && key) intentReplies.set(`${path}|${key}`, { status, json });
      return send(status, json);
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (session) return send(200, { ...session, payment_intent: session.payment_intent ?? paymentIntentOf(session) });
      return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } });
  });
  /**
   * The payer completes a manual-capture session: Stripe authorises the amount (the intent `requires_capture`), and
   * the session is `complete` but its `payment_status` stays `unpaid` until a capture.
   */
  function authorizeSession(session: FakeStripeSession) {
    const id = session.id.replace(/^cs_/, 'pi_');
    const saved = savedCards.get(session.id);
    intents.set(id, {
      id,
      object: 'payment_intent',
      amount: session.amount_total,
      amount_capturable: session.amount_total,
      amount_received: 0,
      capture_method: 'manual',
      currency: session.currency,
      status: 'requires_capture',
      cancellation_reason: null,
      created: Math.floor(Date.now() / 1000),
      customer: saved?.customer ?? null,
      payment_method: saved?.payment_method ?? null,
      metadata: session.metadata,
    });
    Object.assign(session, { status: 'complete', payment_status: 'unpaid', payment_intent: id });
  }

  /**
   * The payer pays a session: `complete` and `paid`. One set up for later payments (`setup_future_usage`) leaves its
   * intent with the customer and the payment method Stripe attached the card to.
   */
  function payInFull(session: FakeStripeSession) {
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    const saved = savedCards.get(session.id);
    const id = paymentIntentOf(session)!;
    if (!saved) return;
    intents.set(id, {
      id,
      object: 'payment_intent',
      amount: session.amount_total,
      amount_capturable: 0,
      amount_received: session.amount_total,
      capture_method: 'automatic',
      currency: session.currency,
      status: 'succeeded',
      cancellation_reason: null,
      created: Math.floor(Date.now() / 1000),
      customer: saved.customer,
      payment_method: saved.payment_method,
      metadata: session.metadata,
    });
  }

  const stripeError = (status: number, code: string, message: string): [number, unknown] => [
    status,
    { error: { type: 'invalid_request_error', code, message } },
  ];

  /** GET/POST /v1/payment_intents[/:id[/capture|/cancel]], as the Payment Intents API answers them. */
  function intentRequest(method: string, path: string, form: URLSearchParams): [number, unknown] {
    if (method === 'POST' && path === '/v1/payment_intents') {
      // A server-side authorisation with a saved card (off_session, confirm): a new hold, or a decline.
      const customer = form.get('customer');
      const paymentMethod = form.get('payment_method');
      const known = [...savedCards.values()].some((c) => c.customer === customer && c.payment_method === paymentMethod);
      if (!known) return stripeError(400, 'resource_missing', 'No such PaymentMethod');
      if (control.declineOffSession) {
        return [402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } }];
      }
      if (control.offSessionError) {
        // Stripe's answer to a refused off-session confirmation: a card error naming the intent, left needing a
        // payment method (the payer must come back to pay or authenticate).
        counter += 1;
        const code = control.offSessionError;
        const failed = { id: `pi_test_${counter}`, object: 'payment_intent', status: 'requires_payment_method' };
        const message =
          code === 'authentication_required'
            ? 'Your card was declined. This transaction requires authentication.'
            : 'Your card was declined.';
        return [
          402,
          {
            error: {
              type: 'card_error',
              code,
              decline_code: code === 'card_declined' ? 'generic_decline' : code,
              message,
              payment_intent: failed,
            },
          },
        ];
      }
      counter += 1;
      const amount = Number(form.get('amount'));
      const intent: FakeStripeIntent = {
        id: `pi_test_${counter}`,
        object: 'payment_intent',
        amount,
        amount_capturable: form.get('capture_method') === 'manual' ? amount : 0,
        amount_received: form.get('capture_method') === 'manual' ? 0 : amount,
        capture_method: form.get('capture_method') === 'manual' ? 'manual' : 'automatic',
        currency: form.get('currency') ?? '',
        status: form.get('capture_method') === 'manual' ? 'requires_capture' : 'succeeded',
        cancellation_reason: null,
        created: Math.floor(Date.now() / 1000),
        customer,
        payment_method: paymentMethod,
        metadata: Object.fromEntries(
          [...form].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]),
        ),
      };
      intents.set(intent.id, intent);
      return [200, intent];
    }
    const found = /^\/v1\/payment_intents\/([^/]+)(\/capture|\/cancel)?$/.exec(path);
    const intent = found ? intents.get(decodeURIComponent(found[1]!)) : undefined;
    if (!found || !intent) return stripeError(404, 'resource_missing', 'No such payment_intent');
    if (method === 'GET' && !found[2]) return [200, intent];
    if (method !== 'POST' || !found[2]) return stripeError(404, 'resource_missing', 'Unrecognized request URL');
    if (intent.status !== 'requires_capture') {
      return stripeError(
        400,
        'payment_intent_unexpected_state',
        `This PaymentIntent could not be ${found[2] === '/capture' ? 'captured' : 'canceled'} because it has a status of ${intent.status}.`,
      );
    }
    if (found[2] === '/cancel') {
      Object.assign(intent, {
        status: 'canceled',
        amount_capturable: 0,
        cancellation_reason: form.get('cancellation_reason') ?? 'requested_by_customer',
      });
      return [200, intent];
    }
    const amount = form.has('amount_to_capture') ? Number(form.get('amount_to_capture')) : intent.amount_capturable;
    if (!(amount > 0) || amount > intent.amount_capturable) {
      return stripeError(400, 'amount_too_large', 'The amount to capture is more than the amount capturable.');
    }
    // A partial capture releases the rest (no multicapture): the intent is done.
    Object.assign(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
    return [200, intent];
  }

  /** The hold lapses at the provider (Stripe cancels an uncaptured intent after 7 days). */
  function expireIntent(id: string) {
    Object.assign(intents.get(id)!, { status: 'canceled', amount_capturable: 0, cancellation_reason: 'automatic' });
  }

  const base: string = await listen(server);
  return {
    base,
    sessions,
    refunds,
    intents,
    savedCards,
    expireIntent,
    authorizeSession,
    payInFull,
    control,
    requests,
    webhookAnswers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type PaypalAmount = { currency_code: string; value: string };

/** An authorization of an order made with intent AUTHORIZE (Payments v2 `/v2/payments/authorizations/{id}`). */
export type FakePaypalAuthorization = {
  id: string;
  status: 'CREATED' | 'CAPTURED' | 'VOIDED';
  amount: PaypalAmount;
  custom_id?: string;
  expiration_time: string;
};

export type FakePaypalOrder = {
  id: string;
  /** CAPTURE when not given. */
  intent?: 'CAPTURE' | 'AUTHORIZE';
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  /**
   * As asked (`paypal.attributes.vault`: keep the payer's PayPal once the order completes; `paypal.vault_id`: a charge
   * to a PayPal kept before), and as answered once completed (`paypal.attributes.vault` with the vault's id).
   */
  payment_source?: { paypal?: FakePaypalSource };
  purchase_units: {
    reference_id?: string;
    custom_id?: string;
    description?: string;
    amount: PaypalAmount;
    items?: { name: string }[];
    /** Set by the capture, as PayPal's Orders v2 answer carries it. */
    payments?: {
      captures?: { id: string; status: 'COMPLETED'; amount: PaypalAmount; custom_id?: string }[];
      authorizations?: FakePaypalAuthorization[];
    };
  }[];
};

type FakePaypalSource = {
  vault_id?: string;
  stored_credential?: { payment_initiator?: string; usage?: string; usage_pattern?: string };
  attributes?: {
    vault?: {
      store_in_vault?: string;
      usage_type?: string;
      usage_pattern?: string;
      id?: string;
      status?: 'VAULTED';
      customer?: { id: string };
    };
  };
};

/** A PayPal kept in the vault (a payment token), by its id. */
export type FakePaypalVault = { id: string; customer: string; orderId: string };

/** A refund of a capture (`POST /v2/payments/captures/{id}/refund`). */
export type FakePaypalRefund = { id: string; status: 'COMPLETED'; captureId: string; amount: PaypalAmount };

/**
 * The PayPal JS SDK's part in the browser: `paypal.Buttons({createOrder, onApprove, onError}).render(el)` draws a
 * "PayPal" button; its click creates the order through the page, approves it here (the payer's consent on PayPal)
 * and hands the order id to onApprove.
 */
function paypalSdkScript(base: string): string {
  return `window.paypal = { Buttons(options) { return { render(container) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'PayPal';
  button.addEventListener('click', async () => {
    try {
      const id = await options.createOrder();
      const approved = await fetch(${JSON.stringify(base)} + '/test/approve/' + encodeURIComponent(id), { method: 'POST' });
      if (!approved.ok) throw new Error('approval failed');
      await options.onApprove({ orderID: id });
    } catch (error) { options.onError(error); }
  });
  container.append(button);
  return Promise.resolve();
} }; } };`;
}

/**
 * PayPal: /v1/oauth2/token, /v2/checkout/orders, /v2/checkout/orders/:id, /v2/checkout/orders/:id/capture,
 * /v2/payments/captures/:id/refund (an order's capture or an authorization's, at most what was captured; the PayPal-Request-Id header answers a replay with the
 * first refund, as PayPal does); the vault: an order asking `payment_source.paypal.attributes.vault.store_in_vault:
 * ON_SUCCESS` keeps the payer's PayPal when it completes (its vault id on the answer), and an order naming
 * `payment_source.paypal.vault_id` (merchant-initiated) is captured at once or refused; for browsers, the SDK script
 * at /sdk/js and the payer's approval at POST /test/approve/:id.
 */
export async function startFakePaypal(clientId: string, secret: string) {
  const orders = new Map<string, FakePaypalOrder>();
  const refunds = new Map<string, FakePaypalRefund>();
  const byRequestId = new Map<string, FakePaypalRefund>();
  const authorizations = new Map<string, FakePaypalAuthorization>();
  /** The captures taken from authorizations, and the first answer to each PayPal-Request-Id of their calls. */
  const authCaptures = new Map<
    string,
    { id: string; status: 'COMPLETED'; amount: PaypalAmount; final_capture: boolean; authorizationId: string }
  >();
  const authReplies = new Map<string, { status: number; json: unknown }>();
  const vaults = new Map<string, FakePaypalVault>();
  /** The first answer to each PayPal-Request-Id of a charge to a vaulted PayPal. */
  const vaultReplies = new Map<string, { status: number; json: unknown }>();
  /**
   * `vaultError`: the issue a charge to a vaulted PayPal is refused with (422), e.g. INSTRUMENT_DECLINED.
   * `vaultDisabled`: the app may not save payment methods — an order asking to keep the payer's PayPal is refused (403
   * NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE), as PayPal does until vaulting is enabled in its developer dashboard.
   */
  const control = { vaultError: null as string | null, vaultDisabled: false };
  const requests: { method: string; path: string; body: string; headers: IncomingMessage['headers'] }[] = [];
  let counter = 0;
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const path = (request.url ?? '').split('?')[0]!;
    requests.push({ method: request.method ?? '', path, body, headers: request.headers });
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    if (request.method === 'GET' && path === '/sdk/js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      return response.end(paypalSdkScript(base));
    }
    const approve = /^\/test\/approve\/([^/]+)$/.exec(path);
    if (request.method === 'POST' && approve) {
      const order = orders.get(decodeURIComponent(approve[1]!));
      response.setHeader('access-control-allow-origin', '*');
      if (order?.status !== 'CREATED') return send(404, { name: 'RESOURCE_NOT_FOUND' });
      order.status = 'APPROVED';
      return send(200, order);
    }
    if (request.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
      if (request.headers.authorization !== expected || body !== 'grant_type=client_credentials') {
        return send(401, { error: 'invalid_client' });
      }
      return send(200, { access_token: 'A21-test-token', token_type: 'Bearer', expires_in: 32400 });
    }
    if (request.headers.authorization !== 'Bearer A21-test-token') return send(401, { name: 'AUTHENTICATION_FAILURE' });
    if (request.method === 'POST' && path === '/v2/checkout/orders') {
      const parsed = JSON.parse(body) as Pick<FakePaypalOrder, 'intent' | 'purchase_units' | 'payment_source'>;
      if (control.vaultDisabled && parsed.payment_source?.paypal?.attributes?.vault) {
        return send(403, {
          name: 'NOT_AUTHORIZED',
          details: [{ issue: 'NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE' }],
        });
      }
      if (parsed.payment_source?.paypal?.vault_id) {
        // A charge without the payer, to the PayPal they kept: completed at once, or refused; a replay under the same
        // PayPal-Request-Id gets the first answer (PayPal keeps each request id's answer).
        const requestId = String(request.headers['paypal-request-id'] ?? '');
        const replay = requestId ? vaultReplies.get(requestId) : undefined;
        if (replay) return send(replay.status, replay.json);
        const [status, json] = vaultCharge(parsed);
        if (requestId) vaultReplies.set(requestId, { status, json });
        return send(status, json);
      }
      counter += 1;
      const order: FakePaypalOrder = {
        id: `ORDER${counter}`,
        intent: parsed.intent === 'AUTHORIZE' ? 'AUTHORIZE' : 'CAPTURE',
        status: 'CREATED',
        purchase_units: parsed.purchase_units,
        ...(parsed.payment_source ? { payment_source: parsed.payment_source } : {}),
      };
      orders.set(order.id, order);
      return send(201, order);
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (request.method === 'POST' && refund) {
      const requestId = String(request.headers['paypal-request-id'] ?? '');
      const replay = requestId ? byRequestId.get(requestId) : undefined;
      if (replay) return send(201, replay);
      const captureId = decodeURIComponent(refund[1]!);
      const capture =
        [...orders.values()]
          .flatMap((o) => o.purchase_units[0]?.payments?.captures ?? [])
          .find((c) => c.id === captureId) ?? authCaptures.get(captureId);
      if (!capture) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      const asked = (JSON.parse(body || '{}') as { amount?: PaypalAmount }).amount ?? capture.amount;
      const refunded = [...refunds.values()]
        .filter((r) => r.captureId === captureId)
        .reduce((sum, r) => sum + Number(r.amount.value), 0);
      if (
        asked.currency_code !== capture.amount.currency_code ||
        refunded + Number(asked.value) > Number(capture.amount.value) + 1e-9
      )
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] });
      counter += 1;
      const made: FakePaypalRefund = { id: `REFUND${counter}`, status: 'COMPLETED', captureId, amount: asked };
      refunds.set(made.id, made);
      if (requestId) byRequestId.set(requestId, made);
      return send(201, made);
    }
    const held = /^\/v2\/payments\/authorizations\/([^/]+)(\/capture|\/void)?$/.exec(path);
    if (held) {
      const requestId = String(request.headers['paypal-request-id'] ?? '');
      const replay = request.method === 'POST' && requestId ? authReplies.get(`${path}|${requestId}`) : undefined;
      if (replay) return send(replay.status, replay.json);
      const [status, json] = authorizationRequest(request.method ?? '', decodeURIComponent(held[1]!), held[2], body);
      if (request.method === 'POST' && requestId) authReplies.set(`${path}|${requestId}`, { status, json });
      if (status === 204) {
        response.writeHead(204);
        return response.end();
      }
      return send(status, json);
    }
    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture|\/authorize)?$/.exec(path);
    const order = match ? orders.get(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
    if (request.method === 'GET' && !match[2]) return send(200, order);
    if (request.method === 'POST' && match[2] === '/authorize') {
      if (order.intent !== 'AUTHORIZE' || order.status !== 'APPROVED')
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      order.status = 'COMPLETED';
      const unit = order.purchase_units[0]!;
      unit.payments = { authorizations: [authorize(order.id, unit)] };
      keepInVault(order);
      return send(201, order);
    }
    if (request.method === 'POST' && match[2]) {
      if (order.intent === 'AUTHORIZE' || order.status !== 'APPROVED')
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      order.status = 'COMPLETED';
      const unit = order.purchase_units[0]!;
      unit.payments = {
        captures: [{ id: `CAPTURE${order.id}`, status: 'COMPLETED', amount: unit.amount, custom_id: unit.custom_id }],
      };
      keepInVault(order);
      return send(201, order);
    }
    send(405, {});
  });
  /** The authorization of order `orderId`'s purchase unit: the hold, kept to be captured or voided. */
  function authorize(orderId: string, unit: FakePaypalOrder['purchase_units'][number]) {
    const authorization: FakePaypalAuthorization = {
      id: `AUTH${orderId}`,
      status: 'CREATED',
      amount: unit.amount,
      custom_id: unit.custom_id,
      // PayPal honours an authorization for 3 days and lets it be captured for 29.
      expiration_time: new Date(Date.now() + 29 * 86_400_000).toISOString(),
    };
    authorizations.set(authorization.id, authorization);
    return authorization;
  }
  /** An order that asked for it (`store_in_vault: ON_SUCCESS`) keeps the payer's PayPal once it completes. */
  function keepInVault(order: FakePaypalOrder) {
    const asked = order.payment_source?.paypal?.attributes?.vault;
    if (asked?.store_in_vault !== 'ON_SUCCESS') return;
    counter += 1;
    const vault: FakePaypalVault = { id: `VAULT${counter}`, customer: `CUSTOMER${counter}`, orderId: order.id };
    vaults.set(vault.id, vault);
    const answered = { ...asked, id: vault.id, status: 'VAULTED' as const, customer: { id: vault.customer } };
    order.payment_source = { paypal: { attributes: { vault: answered } } };
  }
  /**
   * An order naming a vault id, the merchant without the payer: captured at once (intent CAPTURE) or authorised at once
   * (intent AUTHORIZE: a hold), or refused (422).
   */
  function vaultCharge(
    parsed: Pick<FakePaypalOrder, 'intent' | 'purchase_units' | 'payment_source'>,
  ): [number, unknown] {
    const source = parsed.payment_source!.paypal!;
    if (!vaults.has(source.vault_id!) || source.stored_credential?.payment_initiator !== 'MERCHANT') {
      return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED' }] }];
    }
    if (control.vaultError) return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: control.vaultError }] }];
    counter += 1;
    const unit = parsed.purchase_units[0]!;
    const id = `ORDER${counter}`;
    if (parsed.intent === 'AUTHORIZE') {
      const held: FakePaypalOrder = {
        id,
        intent: 'AUTHORIZE',
        status: 'COMPLETED',
        payment_source: { paypal: source },
        purchase_units: [{ ...unit, payments: { authorizations: [authorize(id, unit)] } }],
      };
      orders.set(id, held);
      return [201, held];
    }
    const order: FakePaypalOrder = {
      id,
      intent: 'CAPTURE',
      status: 'COMPLETED',
      payment_source: { paypal: source },
      purchase_units: [
        {
          ...unit,
          payments: {
            captures: [{ id: `CAPTURE${id}`, status: 'COMPLETED', amount: unit.amount, custom_id: unit.custom_id }],
          },
        },
      ],
    };
    orders.set(id, order);
    return [201, order];
  }
  /** GET an authorization; POST …/capture (at most its amount, `final_capture` releasing the rest); POST …/void (204). */
  function authorizationRequest(
    method: string,
    id: string,
    action: string | undefined,
    body: string,
  ): [number, unknown] {
    const authorization = authorizations.get(id);
    if (!authorization) return [404, { name: 'RESOURCE_NOT_FOUND' }];
    if (method === 'GET' && !action) return [200, authorization];
    if (method !== 'POST' || !action) return [405, {}];
    if (authorization.status !== 'CREATED') {
      const issue = authorization.status === 'VOIDED' ? 'AUTHORIZATION_VOIDED' : 'AUTHORIZATION_ALREADY_CAPTURED';
      return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue }] }];
    }
    if (action === '/void') {
      authorization.status = 'VOIDED';
      return [204, null];
    }
    const asked = (JSON.parse(body || '{}') as { amount?: PaypalAmount; final_capture?: boolean }) ?? {};
    const amount = asked.amount ?? authorization.amount;
    if (
      amount.currency_code !== authorization.amount.currency_code ||
      Number(amount.value) > Number(authorization.amount.value) + 1e-9
    )
      return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'MAX_CAPTURE_AMOUNT_EXCEEDED' }] }];
    counter += 1;
    const capture = {
      id: `CAPTURE${counter}`,
      status: 'COMPLETED' as const,
      amount,
      final_capture: asked.final_capture !== false,
      authorizationId: id,
    };
    authCaptures.set(capture.id, capture);
    // A final capture (the default) ends the authorization: what it did not take is released.
    authorization.status = 'CAPTURED';
    return [201, capture];
  }

  const base = await listen(server);
  return {
    base,
    orders,
    refunds,
    authorizations,
    authCaptures,
    vaults,
    control,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

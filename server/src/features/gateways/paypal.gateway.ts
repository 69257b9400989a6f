import { minorUnitDigits } from '@roam/contract/money';
import type { Config } from '#server/config.ts';

// Wallet provider (docs/architecture.md §5): PayPal Orders v2 over fetch — OAuth2 client credentials, create, get, capture,
// authorisations, refunds, and the vault (the payer's PayPal kept for charges after the rental, then charged by its
// vault id: docs/decisions/0014-charges-after-the-rental.md). PAYPAL_API_BASE points it at the sandbox, production, or
// a local test server.

export type PaypalOrder = {
  id: string;
  status: string;
  /** reference_id / custom_id of the first purchase unit: our booking id. */
  bookingId: string | null;
  /** Minor units, or null when missing. */
  amount: number | null;
  currency: string | null;
  /** Of an order authorised (intent AUTHORIZE): its authorization, the hold, and when it lapses. */
  authorizationId: string | null;
  authorizationExpiresAt: string | null;
  /** Of an order captured: its capture, what the wallet confirmed it took. */
  captureId: string | null;
  /**
   * Of an order that asked to keep the payer's PayPal in the vault, once it completed: the vault id (a payment token
   * later charges name) and the wallet's customer it belongs to (docs/decisions/0014-charges-after-the-rental.md).
   */
  vault: { id: string; customer: string | null } | null;
};

export class PaypalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The first `details[].issue` of PayPal's error answer (INSTRUMENT_DECLINED, PAYER_ACTION_REQUIRED…). */
    readonly issue: string | null = null,
  ) {
    super(message);
    this.name = 'PaypalError';
  }
}

export type PaypalGateway = NonNullable<ReturnType<typeof createPaypalGateway>>;

/** PayPal amounts are decimal strings in major units ("57.50", "1200" for JPY). */
export function paypalValue(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

function parseMinor(value: unknown, currency: string): number | null {
  if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value)) return null;
  return Math.round(Number(value) * 10 ** minorUnitDigits(currency));
}

type RawOrder = {
  id: string;
  status: string;
  payment_source?: {
    paypal?: { attributes?: { vault?: { id?: string; status?: string; customer?: { id?: string } } } };
  };
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    amount?: { currency_code?: string; value?: string };
    payments?: {
      captures?: {
        id?: string;
        status?: string;
        custom_id?: string;
        amount?: { currency_code?: string; value?: string };
      }[];
      authorizations?: { id?: string; status?: string; custom_id?: string; expiration_time?: string }[];
    };
  }[];
};

function toOrder(raw: RawOrder): PaypalOrder {
  const unit = raw.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const authorization = unit?.payments?.authorizations?.[0];
  const amount = unit?.amount ?? capture?.amount;
  const currency = amount?.currency_code ?? null;
  const vault = raw.payment_source?.paypal?.attributes?.vault;
  return {
    id: raw.id,
    status: raw.status,
    bookingId: unit?.custom_id ?? unit?.reference_id ?? capture?.custom_id ?? null,
    amount: currency ? parseMinor(amount?.value, currency) : null,
    currency,
    authorizationId: authorization?.id ?? null,
    authorizationExpiresAt: authorization?.expiration_time ?? null,
    captureId: capture?.id ?? null,
    vault: vault?.id && vault.status === 'VAULTED' ? { id: vault.id, customer: vault.customer?.id ?? null } : null,
  };
}

/** A merchant-initiated order on the payer's vaulted PayPal: under `key` (PayPal-Request-Id) a retry gets the first. */
type VaultOrderInput = { vaultId: string; amount: number; currency: string; bookingId: string; key: string };

/** What the vault is asked to keep, and how later charges use it: by this merchant, after the service (post-paid). */
const VAULT_ON_SUCCESS = {
  store_in_vault: 'ON_SUCCESS',
  usage_type: 'MERCHANT',
  usage_pattern: 'DEFERRED',
  customer_type: 'CONSUMER',
} as const;

export function createPaypalGateway(config: Config, fetchImpl: typeof fetch = fetch) {
  const clientId = config.PAYPAL_CLIENT_ID;
  const secret = config.PAYPAL_CLIENT_SECRET;
  if (!clientId || !secret) return null;
  const base = config.PAYPAL_API_BASE.replace(/\/$/, '');
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const res = await fetchImpl(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(20_000),
    });
    if (!res.ok) throw new PaypalError(`PayPal token request failed (${res.status})`, res.status);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return token.value;
  }

  async function call<T = RawOrder>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<T> {
    const res = await fetchImpl(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(20_000),
    });
    if (!res.ok) {
      const answer = (await res.json().catch(() => null)) as { details?: { issue?: string }[] } | null;
      const issue = answer?.details?.[0]?.issue ?? null;
      throw new PaypalError(
        `PayPal ${method} ${path} failed (${res.status}${issue ? ` ${issue}` : ''})`,
        res.status,
        issue,
      );
    }
    // A void answers 204 No Content.
    return (res.status === 204 ? {} : await res.json()) as T;
  }

  /** An order naming the vault id (the merchant without the payer), or PayPal's refusal (422) as `declined`. */
  async function vaultOrder(
    intent: 'CAPTURE' | 'AUTHORIZE',
    input: VaultOrderInput,
  ): Promise<{ raw: RawOrder } | { declined: string }> {
    const value = paypalValue(input.amount, input.currency);
    const unit = { reference_id: input.bookingId, custom_id: input.bookingId };
    const body = {
      intent,
      purchase_units: [{ ...unit, amount: { currency_code: input.currency, value } }],
      payment_source: {
        paypal: {
          vault_id: input.vaultId,
          stored_credential: { payment_initiator: 'MERCHANT', usage: 'SUBSEQUENT', usage_pattern: 'DEFERRED' },
        },
      },
    };
    try {
      return { raw: await call('POST', '/v2/checkout/orders', body, input.key) };
    } catch (error) {
      if (error instanceof PaypalError && error.status === 422) return { declined: error.issue ?? 'UNPROCESSABLE' };
      throw error;
    }
  }

  /**
   * Refunds `amount` (minor units) of a capture: Payments v2 `captures/{id}/refund`, the same for an order's capture
   * and an authorization's (a deposit hold's). A retry under the same `key` (PayPal-Request-Id) gets the first back.
   */
  async function refundCapture(input: { captureId: string; amount: number; currency: string; key: string }) {
    const refund = await call<{ id: string; status: string }>(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`,
      { amount: { value: paypalValue(input.amount, input.currency), currency_code: input.currency } },
      input.key,
    );
    return { id: refund.id, status: refund.status };
  }

  return {
    async createOrder(input: {
      bookingId: string;
      /** A dearer change's difference: its own order, besides the booking's. */
      amendmentId?: string;
      amount: number;
      currency: string;
      name: string;
      description: string;
      /** Authorise, not capture: the security deposit held (docs/decisions/0012-deposit-holds.md). */
      hold?: boolean;
      /**
       * Keep the payer's PayPal in the vault once the order completes, for charges after the rental: the payer agreed
       * at checkout (docs/decisions/0014-charges-after-the-rental.md).
       */
      vault?: boolean;
    }) {
      const value = paypalValue(input.amount, input.currency);
      const order = await call(
        'POST',
        '/v2/checkout/orders',
        {
          intent: input.hold ? 'AUTHORIZE' : 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.bookingId,
              custom_id: input.bookingId,
              description: input.description.slice(0, 1000),
              amount: {
                currency_code: input.currency,
                value,
                breakdown: { item_total: { currency_code: input.currency, value } },
              },
              items: [
                {
                  name: input.name.slice(0, 200),
                  quantity: '1',
                  unit_amount: { currency_code: input.currency, value },
                },
              ],
            },
          ],
          ...(input.vault ? { payment_source: { paypal: { attributes: { vault: VAULT_ON_SUCCESS } } } } : {}),
        },
        // The order asked again without the vault (PayPal refused it) is another request, with its own id.
        `${input.amendmentId ? `amendment-${input.amendmentId}` : `order-${input.bookingId}`}${input.vault ? '-vault' : ''}`,
      );
      return toOrder(order);
    },
    async getOrder(orderId: string) {
      return toOrder(await call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`));
    },
    refundCapture,
    /** Refunds `amount` of a captured order: its capture, looked up on the order (the ledger keeps the order's id). */
    async refundOrder(input: { orderId: string; amount: number; currency: string; key: string }) {
      const order = await call('GET', `/v2/checkout/orders/${encodeURIComponent(input.orderId)}`);
      const captureId = order.purchase_units?.[0]?.payments?.captures?.[0]?.id;
      if (!captureId) throw new PaypalError(`PayPal order ${input.orderId} has no capture to refund`, 422);
      return refundCapture({ captureId, amount: input.amount, currency: input.currency, key: input.key });
    },
    /** Authorises an approved AUTHORIZE order: the hold, its authorization's id on the answer. */
    async authorizeOrder(orderId: string) {
      return toOrder(
        await call('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/authorize`, {}, `authorize-${orderId}`),
      );
    },
    /**
     * Captures `amount` of an authorization, the final capture: PayPal releases what it did not take. A retry under
     * `key` (PayPal-Request-Id) gets the first capture back.
     */
    async captureAuthorization(input: { authorizationId: string; amount: number; currency: string; key: string }) {
      const capture = await call<{ id: string; status: string }>(
        'POST',
        `/v2/payments/authorizations/${encodeURIComponent(input.authorizationId)}/capture`,
        {
          amount: { value: paypalValue(input.amount, input.currency), currency_code: input.currency },
          final_capture: true,
        },
        input.key,
      );
      return { id: capture.id, status: capture.status };
    },
    /** Releases an authorization whole (void); a retry under `key` gets the first answer back. */
    async voidAuthorization(input: { authorizationId: string; key: string }) {
      await call(
        'POST',
        `/v2/payments/authorizations/${encodeURIComponent(input.authorizationId)}/void`,
        {},
        input.key,
      );
    },
    async getAuthorization(authorizationId: string) {
      return call<{ id: string; status: string }>(
        'GET',
        `/v2/payments/authorizations/${encodeURIComponent(authorizationId)}`,
      );
    },
    /**
     * Charges `amount` to the PayPal the payer kept in the vault, without them (a merchant-initiated payment): an order
     * naming the vault id, which PayPal completes at once. Under `key` (PayPal-Request-Id) a retry gets the first
     * order back, so nothing is taken twice. A refusal answers `declined` with PayPal's issue; an unreachable wallet
     * throws.
     */
    async chargeVault(input: VaultOrderInput): Promise<{ charged: PaypalOrder } | { declined: string }> {
      const answer = await vaultOrder('CAPTURE', input);
      if ('declined' in answer) return answer;
      // A completed order may carry a declined capture: only a capture COMPLETED took the money.
      const captured = answer.raw.purchase_units?.[0]?.payments?.captures?.[0]?.status;
      if (answer.raw.status === 'COMPLETED' && captured === 'COMPLETED') return { charged: toOrder(answer.raw) };
      return { declined: captured ?? answer.raw.status };
    },
    /**
     * Holds `amount` on the PayPal the payer kept in the vault, without them: an order with intent AUTHORIZE naming the
     * vault id, authorised at once (the security deposit beside a payment in full). Replays and refusals as
     * `chargeVault`'s.
     */
    async authorizeVault(input: VaultOrderInput): Promise<{ held: PaypalOrder } | { declined: string }> {
      const answer = await vaultOrder('AUTHORIZE', input);
      if ('declined' in answer) return answer;
      const held = toOrder(answer.raw);
      const status = answer.raw.purchase_units?.[0]?.payments?.authorizations?.[0]?.status;
      if (answer.raw.status === 'COMPLETED' && held.authorizationId && status === 'CREATED') return { held };
      return { declined: status ?? answer.raw.status };
    },
    async captureOrder(orderId: string) {
      return toOrder(
        await call('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, `capture-${orderId}`),
      );
    },
  };
}

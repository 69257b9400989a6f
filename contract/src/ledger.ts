import { type BookingStatus, PAYMENT_PROVIDERS } from './bookings.ts';

// The money ledger (docs/architecture.md §5 "Money rules", docs/decisions/0009-the-money-ledger.md): what a booking
// actually took in (`payments`: one row per movement of money in) and gave back (`refunds`, each pointing at the
// payment it refunds), and the one rule every screen, e-mail, settlement and statement reads them by:
// `bookingBalance`. No zod here: the web reads the balance on every booking screen.

/**
 * How money came in: `charge` taken online at once; `authorization` a hold on the card (not taken: held);
 * `capture` taken from an authorization (its `parentId`); `counter` recorded at the desk by an operator.
 */
export const PAYMENT_KINDS = ['charge', 'authorization', 'capture', 'counter'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** What the money was for. Only `deposit` (the car's security deposit) is not paid towards the booking's total. */
export const PAYMENT_PURPOSES = [
  'rental',
  'amendment',
  'deposit',
  'return_charges',
  'later_charges',
  'no_show',
] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** Who took it: an online gateway (demo, the card provider, the wallet provider) or the desk (`counter`). */
export const LEDGER_PROVIDERS = [...PAYMENT_PROVIDERS, 'counter'] as const;
export type LedgerProvider = (typeof LEDGER_PROVIDERS)[number];

/**
 * `pending` asked, not answered; `succeeded` taken (or, for an authorization, held); `failed`; `released` an
 * authorization given back (`releasedAmount` of it); `expired` an authorization that lapsed before it was captured.
 */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'released', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How a `counter` payment was made. */
export const COUNTER_METHODS = ['cash', 'card_terminal', 'bank_transfer'] as const;
export type CounterMethod = (typeof COUNTER_METHODS)[number];

/** A payment as the balance reads it (minor units of the booking's currency: every row of a booking is in it). */
export interface LedgerPayment {
  id: string;
  kind: PaymentKind;
  purpose: PaymentPurpose;
  provider: LedgerProvider;
  status: PaymentStatus;
  amount: number;
  /** Of an authorization: the part given back. */
  releasedAmount: number;
  /** Of a capture: the authorization it was taken from. */
  parentId: string | null;
}

/** A refund as the balance reads it: money out, from the payment `paymentId`. */
export interface LedgerRefund {
  paymentId: string | null;
  status: 'pending' | 'succeeded';
  amount: number;
}

/**
 * What holds a security deposit: a card (the card provider's or the demo's), the payer's PayPal (the wallet's), or
 * the desk (recorded at the counter).
 */
export type DepositHolder = 'card' | 'paypal' | 'desk';

export interface BookingBalance {
  /**
   * What the booking costs now: its total after changes and the return charges not waived — 0 for a booking that
   * never became one (`void`), what was kept for a cancelled one (nothing more is due on it), and for a no-show what
   * was kept or its fee, whichever is more.
   */
  total: number;
  /** Paid towards the total: every charge, capture and counter payment but the security deposit, less refunds. */
  paid: number;
  /** The security deposit taken (charged, not held), less what was given back of it. */
  depositPaid: number;
  /** Of `paid` and `depositPaid`, what came through an online gateway: what the booking shows as paid online. */
  paidOnline: number;
  /** What the booking's online payments towards the total can still give back through their gateways. */
  refundable: number;
  /** Open authorizations: held on the card, neither captured nor released. Not paid. */
  held: number;
  /**
   * Being taken: of `due`, what charges and captures asked of a gateway and not answered yet (`pending`) are taking.
   * Not paid yet, but not to be taken again: a desk payment takes at most `due − charging`
   * (docs/decisions/0014-charges-after-the-rental.md).
   */
  charging: number;
  /** `total − paid` when positive: due at the counter, or through a payment link. */
  due: number;
  /** `paid − total` when positive: paid beyond the total, owed back. */
  excess: number;
  /**
   * Money was taken or held at some time (a payment succeeded, or an authorization was held): the booking and its
   * ledger are kept — cancelled, never deleted.
   */
  tookMoney: boolean;
  /**
   * What holds (or held) the security deposit: its latest authorization's — the wallet's on the payer's PayPal
   * (docs/decisions/0014-charges-after-the-rental.md), the desk's at the desk, any other gateway's on a card; null
   * when none was held.
   */
  depositOn: DepositHolder | null;
}

const TAKEN: readonly PaymentKind[] = ['charge', 'capture', 'counter'];

/**
 * The booking's balance from its ledger: the one function screens, e-mails, settlements and statements use.
 * `charges`: the return charges not waived (minor units of the booking's currency; 0 until the counter records any).
 */
export function bookingBalance(input: {
  status: BookingStatus;
  totalAmount: number;
  charges?: number;
  payments: readonly LedgerPayment[];
  refunds: readonly LedgerRefund[];
}): BookingBalance {
  const byId = new Map(input.payments.map((payment) => [payment.id, payment]));
  let paid = 0;
  let depositPaid = 0;
  let paidOnline = 0;
  let refundable = 0;
  const tookMoney = input.payments.some((payment) => payment.status === 'succeeded' || payment.status === 'released');
  let charging = 0;
  for (const payment of input.payments) {
    if (payment.status === 'pending' && TAKEN.includes(payment.kind) && payment.purpose !== 'deposit') {
      charging += payment.amount;
    }
    if (payment.status !== 'succeeded' || !TAKEN.includes(payment.kind)) continue;
    const online = payment.provider !== 'counter';
    if (payment.purpose === 'deposit') depositPaid += payment.amount;
    else {
      paid += payment.amount;
      if (online) refundable += payment.amount;
    }
    if (online) paidOnline += payment.amount;
  }
  for (const refund of input.refunds) {
    if (refund.status !== 'succeeded') continue;
    const payment = refund.paymentId ? byId.get(refund.paymentId) : undefined;
    if (payment?.purpose === 'deposit') depositPaid -= refund.amount;
    else {
      paid -= refund.amount;
      if (payment?.provider !== 'counter') refundable -= refund.amount;
    }
    if (payment?.provider !== 'counter') paidOnline -= refund.amount;
  }
  let held = 0;
  for (const hold of input.payments) {
    if (hold.kind !== 'authorization' || hold.status !== 'succeeded') continue;
    const captured = input.payments
      .filter((capture) => capture.parentId === hold.id && capture.status === 'succeeded')
      .reduce((sum, capture) => sum + capture.amount, 0);
    held += Math.max(0, hold.amount - hold.releasedAmount - captured);
  }
  // A no-show owes its charges (the supplier's no-show fee) and keeps what was paid after its rule's refund
  // (docs/decisions/0008-counter-documents-stored-as-signed.md, "Settlement"): the rental itself is not due.
  const total =
    input.status === 'void'
      ? 0
      : input.status === 'cancelled'
        ? Math.max(0, paid)
        : input.status === 'no_show'
          ? Math.max(paid, input.charges ?? 0)
          : input.totalAmount + (input.charges ?? 0);
  return {
    total,
    paid,
    depositPaid,
    paidOnline,
    refundable: Math.max(0, refundable),
    held,
    charging,
    due: Math.max(0, total - paid),
    excess: Math.max(0, paid - total),
    tookMoney,
    depositOn: depositHolder(input.payments),
  };
}

/** What holds (or held) the security deposit: its latest authorization's holder (`payments` oldest first). */
export function depositHolder(payments: readonly LedgerPayment[]): DepositHolder | null {
  let holder: DepositHolder | null = null;
  for (const hold of payments) {
    if (hold.kind !== 'authorization' || hold.purpose !== 'deposit' || hold.status === 'failed') continue;
    holder = hold.provider === 'paypal' ? 'paypal' : hold.provider === 'counter' ? 'desk' : 'card';
  }
  return holder;
}

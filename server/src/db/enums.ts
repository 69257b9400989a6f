import { TOKEN_PURPOSES } from '@roam/contract/auth';
import { BOOKING_STATUSES, PAYMENT_OPTIONS, PAYMENT_PROVIDERS } from '@roam/contract/bookings';
import { BLOCK_REASONS, BOOKING_KINDS } from '@roam/contract/car-blocks';
import { CAR_RANGES, FUEL_POLICIES, FUEL_TYPES, GEARBOXES } from '@roam/contract/cars';
import {
  BOOKING_DOCUMENT_KINDS,
  CHARGE_KINDS,
  DAMAGE_SEVERITIES,
  INSPECTION_KINDS,
  NO_SHOW_RULES,
  SIGNATURE_METHODS,
} from '@roam/contract/counter';
import { INVOICE_KINDS } from '@roam/contract/invoices';
import {
  COUNTER_METHODS,
  LEDGER_PROVIDERS,
  PAYMENT_KINDS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
} from '@roam/contract/ledger';
import { PROMO_KINDS } from '@roam/contract/promo-codes';
import { MEMBER_STATUSES, OPERATOR_ROLES } from '@roam/contract/team';
import { USER_TYPES } from '@roam/contract/users';
import { pgEnum } from 'drizzle-orm/pg-core';

// The PostgreSQL enums of the schema (schema.ts), made from the contract's arrays where the API shares them (issue
// #20: enums once). drizzle-kit reads this file with schema.ts (drizzle.config.ts).

export const userType = pgEnum('user_type', USER_TYPES);
/** A member's role in a business or on the platform (contract team.ts). */
export const operatorRole = pgEnum('operator_role', OPERATOR_ROLES);
/** 'invited' until the person chose their password; 'suspended' by an owner or the admin. */
export const memberStatus = pgEnum('member_status', MEMBER_STATUSES);
export const fuelType = pgEnum('fuel_type', FUEL_TYPES);
export const gearbox = pgEnum('gearbox', GEARBOXES);
export const fuelPolicy = pgEnum('fuel_policy', FUEL_POLICIES);
export const carRange = pgEnum('car_range', CAR_RANGES);
export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES);
export const paymentOption = pgEnum('payment_option', PAYMENT_OPTIONS);
export const paymentProvider = pgEnum('payment_provider', PAYMENT_PROVIDERS);
/** A rental, or a period its operator took the car out of service. */
export const bookingKind = pgEnum('booking_kind', BOOKING_KINDS);
export const blockReason = pgEnum('block_reason', BLOCK_REASONS);
/** A refund asked of a gateway: pending until the gateway answered (a retry resends it under the same key). */
export const refundStatus = pgEnum('refund_status', ['pending', 'succeeded']);
/** A dearer change's payment: waiting, applied to the booking, refunded (period taken), lapsed. */
export const amendmentStatus = pgEnum('amendment_status', ['pending', 'applied', 'refunded', 'expired']);
/** The money ledger (contract ledger.ts): how a payment came in, what for, who took it, where it stands. */
export const paymentKind = pgEnum('payment_kind', PAYMENT_KINDS);
export const paymentPurpose = pgEnum('payment_purpose', PAYMENT_PURPOSES);
export const ledgerProvider = pgEnum('ledger_provider', LEDGER_PROVIDERS);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const counterMethod = pgEnum('counter_method', COUNTER_METHODS);
export const tokenPurpose = pgEnum('token_purpose', TOKEN_PURPOSES);
/**
 * The counter's files (docs/architecture.md §5 "After the booking") are private to their booking: an inspection's
 * photo, a signature, a document's PDF.
 */
export const fileKind = pgEnum('file_kind', [
  'avatar',
  'license',
  'carImage',
  'supplierLogo',
  'inspectionPhoto',
  'signature',
  'document',
]);
/**
 * pending: recorded, not yet handed to SMTP (or waiting for its next attempt); sending: claimed by one process that
 * is handing it to SMTP now; sent; failed: given up after the last attempt; logged: no SMTP_URL, went to the log.
 */
export const outboxStatus = pgEnum('outbox_status', ['pending', 'sending', 'sent', 'failed', 'logged']);

// The counter's (docs/architecture.md §5 "After the booking"), from the contract's arrays.
export const inspectionKind = pgEnum('inspection_kind', INSPECTION_KINDS);
export const damageSeverity = pgEnum('damage_severity', DAMAGE_SEVERITIES);
export const chargeKind = pgEnum('charge_kind', CHARGE_KINDS);
export const bookingDocumentKind = pgEnum('booking_document_kind', BOOKING_DOCUMENT_KINDS);
export const signatureMethod = pgEnum('signature_method', SIGNATURE_METHODS);
export const noShowRule = pgEnum('no_show_rule', NO_SHOW_RULES);
/** An invoice or a credit note (contract invoices.ts): each its own number series. */
export const invoiceKind = pgEnum('invoice_kind', INVOICE_KINDS);
/** A promo code's discount: a percentage or an amount off (contract promo-codes.ts). */
export const promoKind = pgEnum('promo_kind', PROMO_KINDS);

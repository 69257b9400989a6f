import type { DemoPaymentBody } from '@roam/contract/checkout';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/lib/app-error.ts';

// The demo gateway (docs/architecture.md §5 "Payment gateways"): takes cards in test mode, with no real charge, where
// no card provider is configured and outside production (config.ts `cardGateway`). A payment it accepts is recorded
// under `demo_<id>`; its refunds are the refunds table's own records (refunds.service.ts).

/** The one number the demo gateway accepts, as the card provider's test card; any other is declined. */
const DEMO_SUCCEEDS = '4242424242424242';

/** Whether the demo gateway accepts `card` (4242…; any other number is declined); refused where it is off. */
export function demoCardAccepted(ctx: AppContext, card: DemoPaymentBody): boolean {
  if (ctx.config.NODE_ENV === 'production') throw new AppError('FORBIDDEN', 'The demo gateway is off in production.');
  if (ctx.payments.stripe) throw new AppError('FORBIDDEN', 'The demo gateway is off: a card provider is configured.');
  return card.cardNumber.replace(/\s+/g, '') === DEMO_SUCCEEDS;
}

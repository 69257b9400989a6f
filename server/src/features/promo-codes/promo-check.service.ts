import type { CheckPromoCodeBody, PromoDiscount } from '@roam/contract/promo-codes';
import type { AppContext } from '#server/context.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { findCarForBooking } from '#server/lib/car-pricing.repository.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import * as repository from './promo-codes.repository.ts';
import { applyPromo } from './promo-rules.service.ts';

// `POST /api/check-promo-code`: the checkout's code field asks whether a code applies to the rental on screen, and
// shows its line priced by the contract's price engine; checkout checks it again and holds its use.

export async function checkPromoCode(
  ctx: AppContext,
  user: SessionUser | null,
  body: CheckPromoCodeBody,
): Promise<PromoDiscount> {
  const found = await findCarForBooking(ctx.db, body.carId);
  if (!found) throw new AppError('NOT_FOUND', 'Car not found.');
  const [place] = await repository.placesOf(ctx.db, [body.pickupLocationId]);
  if (!place) throw validationFailed({ pickupLocationId: ['Unknown pick-up location.'] });
  const { car } = found;
  const applied = await applyPromo(ctx, body.code, {
    car: { id: car.id, range: car.range, supplierId: car.supplierId },
    pickupPlace: place,
    pickupAt: new Date(body.pickupAt),
    dropoffAt: new Date(body.dropoffAt),
    driverId: user?.id ?? null,
  });
  return { code: applied.code, kind: applied.kind, value: applied.value };
}

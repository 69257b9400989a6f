import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { carChargeRules, carReadings, cars, chargeRules, counterSettings } from '#server/db/schema.ts';

// The only Drizzle code of the counter's settings (docs/architecture.md §5 "After the booking"): a supplier's counter
// settings and charge rules, a car's overrides, tank and odometer. A missing row is the contract's defaults.

export async function counterSettingsOf(db: DbOrTx, supplierId: string) {
  const [row] = await db.select().from(counterSettings).where(eq(counterSettings.supplierId, supplierId));
  return row ?? null;
}

export async function upsertCounterSettings(tx: DbOrTx, values: typeof counterSettings.$inferInsert) {
  const { supplierId: _key, ...set } = values;
  await tx
    .insert(counterSettings)
    .values(values)
    .onConflictDoUpdate({ target: counterSettings.supplierId, set: { ...set, updatedAt: new Date() } });
}

export async function chargeRulesOf(db: DbOrTx, supplierId: string) {
  const [row] = await db.select().from(chargeRules).where(eq(chargeRules.supplierId, supplierId));
  return row ?? null;
}

export async function upsertChargeRules(tx: DbOrTx, values: typeof chargeRules.$inferInsert) {
  const { supplierId: _key, ...set } = values;
  await tx
    .insert(chargeRules)
    .values(values)
    .onConflictDoUpdate({ target: chargeRules.supplierId, set: { ...set, updatedAt: new Date() } });
}

/** The car's supplier, tank, odometers and overrides (null overrides: none set); null when there is no such car. */
export async function carRulesOf(db: DbOrTx, carId: string) {
  const [row] = await db
    .select({
      carId: cars.id,
      supplierId: cars.supplierId,
      tankLitres: carReadings.tankLitres,
      odometer: carReadings.odometer,
      serviceOdometer: carReadings.serviceOdometer,
      overrides: carChargeRules,
    })
    .from(cars)
    .leftJoin(carChargeRules, eq(carChargeRules.carId, cars.id))
    .leftJoin(carReadings, eq(carReadings.carId, cars.id))
    .where(eq(cars.id, carId));
  return row ?? null;
}

export async function upsertCarOverrides(tx: DbOrTx, values: typeof carChargeRules.$inferInsert) {
  const { carId: _key, ...set } = values;
  await tx
    .insert(carChargeRules)
    .values(values)
    .onConflictDoUpdate({ target: carChargeRules.carId, set: { ...set, updatedAt: new Date() } });
}

/** The odometer readings of `carIds` that have any (by primary key: a page of the cars list). */
export async function odometersOf(db: DbOrTx, carIds: string[]) {
  if (carIds.length === 0) return [];
  return db
    .select({ carId: carReadings.carId, odometer: carReadings.odometer, serviceOdometer: carReadings.serviceOdometer })
    .from(carReadings)
    .where(inArray(carReadings.carId, carIds));
}

/** Sets the readings carried (the others stay), making the car's row when it has none. */
export async function updateCarReadings(
  tx: DbOrTx,
  carId: string,
  values: Partial<Pick<typeof carReadings.$inferInsert, 'tankLitres' | 'odometer' | 'serviceOdometer'>>,
) {
  await tx
    .insert(carReadings)
    .values({ carId, ...values })
    .onConflictDoUpdate({ target: carReadings.carId, set: { ...values, updatedAt: new Date() } });
}

import {
  CAR_OVERRIDABLE_RULES,
  type CarChargeOverrides,
  type ChargeRules,
  DEFAULT_CHARGE_RULES,
  DEFAULT_COUNTER_SETTINGS,
  effectiveChargeRules,
} from '@roam/contract/counter';
import type {
  CarChargeRules,
  CounterSettings,
  UpdateCarChargeRulesBodySchema,
  UpdateCounterSettingsBodySchema,
} from '@roam/contract/counter.schema';
import { LANGUAGES, type Language } from '@roam/contract/languages';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { changesBetween, recordAudit } from '#server/features/audit/audit.service.ts';
import { type Operator, operates } from '#server/features/fleet/fleet.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import * as repository from './counter-settings.repository.ts';

// A supplier's counter settings and charge rules, a car's overrides (docs/api.md "The counter"): read by the
// supplier's counter staff, changed by whoever may change the business (`business.write`) or its prices
// (`prices.write`); the admin for any supplier. Every change audited. A supplier without a row has the defaults.

const FORBIDDEN = () => new AppError('FORBIDDEN', 'Not allowed.');
const emptyTerms = () => Object.fromEntries(LANGUAGES.map((language) => [language, ''])) as Record<Language, string>;

function settingsOf(
  supplierId: string,
  row: Awaited<ReturnType<typeof repository.counterSettingsOf>>,
  rules: ChargeRules,
): CounterSettings {
  return {
    supplierId,
    checklist: row?.checklist ?? [],
    terms: { ...emptyTerms(), ...(row?.terms ?? {}) },
    earlyCheckOutHours: row?.earlyCheckOutHours ?? DEFAULT_COUNTER_SETTINGS.earlyCheckOutHours,
    noShowGraceMinutes: row?.noShowGraceMinutes ?? DEFAULT_COUNTER_SETTINGS.noShowGraceMinutes,
    noShowRule: row?.noShowRule ?? DEFAULT_COUNTER_SETTINGS.noShowRule,
    noShowFee: row?.noShowFee ?? DEFAULT_COUNTER_SETTINGS.noShowFee,
    chargeRules: rules,
  };
}

/** The supplier's charge rules (EUR minor units), or the defaults. */
export async function supplierChargeRules(db: DbOrTx, supplierId: string): Promise<ChargeRules> {
  const row = await repository.chargeRulesOf(db, supplierId);
  if (!row) return { ...DEFAULT_CHARGE_RULES, oneWayFees: [] };
  const { supplierId: _id, updatedAt: _at, ...rules } = row;
  return rules;
}

/** The supplier's settings as the counter applies them (no ownership check: the caller's). */
export async function counterSettingsFor(db: DbOrTx, supplierId: string): Promise<CounterSettings> {
  const [row, rules] = await readTogether(db, [
    () => repository.counterSettingsOf(db, supplierId),
    () => supplierChargeRules(db, supplierId),
  ]);
  return settingsOf(supplierId, row, rules);
}

/** The car's own rules (its overrides and tank), read beside the supplier's by a caller that has those already. */
export const carRulesOf = repository.carRulesOf;

/** The rules a booking of a car is charged by (the car's overrides on its supplier's) and the car's tank. */
export function rulesOfCar(supplierRules: ChargeRules, car: Awaited<ReturnType<typeof carRulesOf>>) {
  const rules = effectiveChargeRules(supplierRules, car?.overrides ?? null);
  return { rules, tankLitres: car?.tankLitres ?? rules.defaultTankLitres };
}

/** The rules a booking of `carId` is charged by and the car's tank, read. */
export async function rulesForCar(db: DbOrTx, supplierId: string, carId: string) {
  const [supplierRules, car] = await readTogether(db, [
    () => supplierChargeRules(db, supplierId),
    () => carRulesOf(db, carId),
  ]);
  return rulesOfCar(supplierRules, car);
}

/** `GET /api/counter-settings/{id}`: the supplier's own, or any for the admin (another supplier's: 403). */
export async function readCounterSettings(ctx: AppContext, actor: Operator, supplierId: string) {
  if (!operates(actor, supplierId)) throw FORBIDDEN();
  return counterSettingsFor(ctx.db, supplierId);
}

type SettingsBody = z.output<typeof UpdateCounterSettingsBodySchema>;

/** `PUT /api/update-counter-settings`: the fields carried replace the stored ones, audited. */
export async function updateCounterSettings(ctx: AppContext, actor: Operator, body: SettingsBody) {
  if (!operates(actor, body.supplierId)) throw FORBIDDEN();
  return ctx.db.transaction(async (tx) => {
    const before = await counterSettingsFor(tx, body.supplierId);
    const { supplierId, chargeRules, ...fields } = body;
    const after: CounterSettings = { ...before, ...fields, chargeRules: chargeRules ?? before.chargeRules };
    await repository.upsertCounterSettings(tx, {
      supplierId,
      checklist: after.checklist,
      terms: after.terms,
      earlyCheckOutHours: after.earlyCheckOutHours,
      noShowGraceMinutes: after.noShowGraceMinutes,
      noShowRule: after.noShowRule,
      noShowFee: after.noShowFee,
    });
    if (chargeRules) await repository.upsertChargeRules(tx, { supplierId, ...chargeRules });
    const changes = changesBetween(before, after);
    if (Object.keys(changes).length > 0) {
      await recordAudit(ctx, tx, actor, {
        entity: 'counterSettings',
        entityId: supplierId,
        action: 'update',
        supplierId,
        changes,
      });
    }
    return after;
  });
}

/**
 * Each car's last odometer reading and the reading at its last service, by id (null: none recorded), for the cars
 * list; the list's caller has already limited `carIds` to the cars its operator may see.
 */
export async function carOdometers(
  ctx: AppContext,
  carIds: string[],
): Promise<Map<string, { odometer: number | null; serviceOdometer: number | null }>> {
  const rows = await repository.odometersOf(ctx.db, carIds);
  return new Map(rows.map(({ carId, ...readings }) => [carId, readings]));
}

function carRulesAnswer(row: NonNullable<Awaited<ReturnType<typeof repository.carRulesOf>>>): CarChargeRules {
  const overrides = Object.fromEntries(
    CAR_OVERRIDABLE_RULES.map((key) => [key, row.overrides?.[key] ?? null]),
  ) as CarChargeOverrides;
  return {
    carId: row.carId,
    tankLitres: row.tankLitres,
    odometer: row.odometer,
    serviceOdometer: row.serviceOdometer,
    overrides,
  };
}

async function operatedCarRules(db: DbOrTx, actor: Operator, carId: string) {
  const row = await repository.carRulesOf(db, carId);
  if (!row) throw new AppError('NOT_FOUND', 'Car not found.');
  if (!operates(actor, row.supplierId)) throw FORBIDDEN();
  return row;
}

/** `GET /api/car-charge-rules/{id}`: the car's operator only (another supplier's car: 403, none: 404). */
export async function readCarChargeRules(ctx: AppContext, actor: Operator, carId: string) {
  return carRulesAnswer(await operatedCarRules(ctx.db, actor, carId));
}

type CarRulesBody = z.output<typeof UpdateCarChargeRulesBodySchema>;

/** `PUT /api/update-car-charge-rules`: the tank, the odometers and the overrides carried, audited on the car. */
export async function updateCarChargeRules(ctx: AppContext, actor: Operator, body: CarRulesBody) {
  await operatedCarRules(ctx.db, actor, body.carId);
  return ctx.db.transaction(async (tx) => {
    const row = await operatedCarRules(tx, actor, body.carId);
    const before = carRulesAnswer(row);
    const readings = {
      ...(body.tankLitres !== undefined ? { tankLitres: body.tankLitres } : {}),
      ...(body.odometer !== undefined ? { odometer: body.odometer } : {}),
      ...(body.serviceOdometer !== undefined ? { serviceOdometer: body.serviceOdometer } : {}),
    };
    if (Object.keys(readings).length > 0) await repository.updateCarReadings(tx, body.carId, readings);
    const overrides = { ...before.overrides, ...(body.overrides ?? {}) };
    if (body.overrides) await repository.upsertCarOverrides(tx, { carId: body.carId, ...overrides });
    const after: CarChargeRules = { ...before, ...readings, overrides };
    const changes = changesBetween(before, after);
    if (Object.keys(changes).length > 0) {
      await recordAudit(ctx, tx, actor, {
        entity: 'carChargeRules',
        entityId: body.carId,
        action: 'update',
        carId: body.carId,
        supplierId: row.supplierId,
        changes,
      });
    }
    return after;
  });
}

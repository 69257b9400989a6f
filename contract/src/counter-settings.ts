// A supplier's counter settings and charge rules, and a car's own rules (docs/architecture.md §5 "After the booking"),
// as types; their schemas are in counter-settings.schema.ts, their values and rules in counter.ts and
// counter-charges.ts. The screens import the types from here, without zod (docs/architecture.md §1).
export type {
  CarChargeRules,
  CounterSettings,
  UpdateCarChargeRulesBody,
  UpdateCounterSettingsBody,
} from './counter-settings.schema.ts';

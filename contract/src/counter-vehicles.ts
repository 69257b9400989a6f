import type { CarRange } from './cars.ts';

// The damage diagrams (docs/architecture.md §5 "After the booking"): a damage is recorded at a position of the
// vehicle type's diagram, by id — never in pixels — so a photo and a note stay attached to "the rear left door"
// whatever screen drew it. Each position has its place on a top view drawn in a 100 × 100 box (x left to right, y
// front to back), which the console draws buttons on; the positions' names are in the console's locale files.

export const VEHICLE_BODIES = ['car', 'van', 'scooter', 'bus', 'truck', 'caravan'] as const;
export type VehicleBody = (typeof VEHICLE_BODIES)[number];

/** The vehicle body of a car's range; a maxi with more than seven seats is drawn as a van. */
export function bodyOf(range: CarRange, seats: number): VehicleBody {
  switch (range) {
    case 'scooter':
    case 'bus':
    case 'truck':
    case 'caravan':
      return range;
    case 'maxi':
      return seats > 7 ? 'van' : 'car';
    default:
      return 'car';
  }
}

export const DAMAGE_SEVERITIES = ['minor', 'moderate', 'major'] as const;
export type DamageSeverity = (typeof DAMAGE_SEVERITIES)[number];

export interface DamageZone {
  id: string;
  /** The position's centre on the top view, 0–100. */
  x: number;
  y: number;
}

const z = (id: string, x: number, y: number): DamageZone => ({ id, x, y });

/** Four wheels and the body panels around them, seen from above: cars and vans. */
const FOUR_WHEELER = [
  z('frontBumper', 50, 4),
  z('bonnet', 50, 16),
  z('windscreen', 50, 28),
  z('roof', 50, 50),
  z('rearWindow', 50, 72),
  z('boot', 50, 84),
  z('rearBumper', 50, 96),
  z('frontLeftWing', 18, 18),
  z('frontLeftDoor', 14, 40),
  z('rearLeftDoor', 14, 60),
  z('rearLeftWing', 18, 82),
  z('leftMirror', 6, 30),
  z('frontLeftWheel', 8, 18),
  z('rearLeftWheel', 8, 82),
  z('frontRightWing', 82, 18),
  z('frontRightDoor', 86, 40),
  z('rearRightDoor', 86, 60),
  z('rearRightWing', 82, 82),
  z('rightMirror', 94, 30),
  z('frontRightWheel', 92, 18),
  z('rearRightWheel', 92, 82),
  z('interior', 50, 40),
] as const;

const LONG_VEHICLE = [
  z('frontBumper', 50, 3),
  z('windscreen', 50, 10),
  z('roof', 50, 50),
  z('rearBumper', 50, 97),
  z('leftSideFront', 10, 25),
  z('leftSideMiddle', 10, 50),
  z('leftSideRear', 10, 75),
  z('rightSideFront', 90, 25),
  z('rightSideMiddle', 90, 50),
  z('rightSideRear', 90, 75),
  z('leftMirror', 4, 10),
  z('rightMirror', 96, 10),
  z('frontLeftWheel', 8, 15),
  z('rearLeftWheel', 8, 85),
  z('frontRightWheel', 92, 15),
  z('rearRightWheel', 92, 85),
  z('door', 90, 15),
  z('interior', 50, 35),
] as const;

export const DAMAGE_ZONES: Record<VehicleBody, readonly DamageZone[]> = {
  car: FOUR_WHEELER,
  van: [...FOUR_WHEELER, z('slidingDoor', 86, 50), z('rearDoors', 50, 90), z('cargoArea', 50, 70)],
  scooter: [
    z('frontWheel', 50, 8),
    z('frontFairing', 50, 20),
    z('handlebar', 50, 30),
    z('leftMirror', 25, 28),
    z('rightMirror', 75, 28),
    z('leftSide', 30, 55),
    z('rightSide', 70, 55),
    z('seat', 50, 58),
    z('topCase', 50, 80),
    z('rearLight', 50, 88),
    z('rearWheel', 50, 94),
  ],
  bus: [...LONG_VEHICLE, z('passengerDoor', 90, 40), z('luggageHold', 10, 62)],
  truck: [
    ...LONG_VEHICLE.filter((zone) => zone.id !== 'door'),
    z('cab', 50, 18),
    z('cargoBox', 50, 65),
    z('tailLift', 50, 93),
  ],
  caravan: [
    z('drawbar', 50, 3),
    z('frontPanel', 50, 12),
    z('roof', 50, 50),
    z('leftSideFront', 10, 30),
    z('leftSideRear', 10, 70),
    z('rightSideFront', 90, 30),
    z('rightSideRear', 90, 70),
    z('door', 90, 50),
    z('leftWheel', 6, 55),
    z('rightWheel', 94, 55),
    z('rearPanel', 50, 95),
    z('interior', 50, 38),
  ],
};

export const isDamageZone = (body: VehicleBody, zone: string): boolean =>
  DAMAGE_ZONES[body].some((known) => known.id === zone);

import { REFERENCE_ALPHABET, REFERENCE_LENGTH } from '@roam/contract/bookings';

// Deterministic randomness for the demo data: same seed, same rows, same ids, every run.

/** The one fixed seed. Changing it changes every generated value and id. */
export const SEED = 20_260_422;

/** mulberry32: a tiny, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a over the UTF-16 code units, with a caller-chosen offset basis so two bases give two independent hashes. */
function fnv1a(text: string, basis: number): number {
  let hash = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * A v4-shaped UUID drawn from the seeded PRNG, keyed by a stable name ('car:17', 'location:parisCdg'): an id does
 * not depend on the order rows are generated in, so tests can compute it without running the seed.
 */
export function seedId(key: string): string {
  const high = mulberry32(fnv1a(key, 0x811c9dc5) ^ SEED);
  const low = mulberry32(fnv1a(key, 0x050c5d1f) ^ SEED);
  const bytes: number[] = [];
  for (const next of [high, high, low, low]) {
    const word = Math.floor(next() * 4_294_967_296);
    bytes.push(word >>> 24, (word >>> 16) & 0xff, (word >>> 8) & 0xff, word & 0xff);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A booking's short reference (8 characters of contract bookings.ts REFERENCE_ALPHABET)
 * drawn from the seeded PRNG by a stable name, as `seedId`: the database would draw one at random, and the demo data
 * is the same on every database.
 */
export function seedReference(key: string): string {
  const next = mulberry32(fnv1a(key, 0x2545f491) ^ SEED);
  return Array.from({ length: REFERENCE_LENGTH }, () => REFERENCE_ALPHABET[Math.floor(next() * 31)]).join('');
}

/** Convenience draws over one sequential PRNG stream. */
export class Random {
  readonly #next: () => number;

  constructor(seed: number = SEED) {
    this.#next = mulberry32(seed);
  }

  float(min = 0, max = 1): number {
    return min + this.#next() * (max - min);
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.#next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.#next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.#next() * items.length)] as T;
  }

  /** One entry, chosen with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.#next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = entries.at(-1);
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** Up to `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(this.#next() * (i + 1));
      [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    }
    return pool.slice(0, count);
  }
}

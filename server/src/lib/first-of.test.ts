import { describe, expect, it } from 'vitest';
import { FirstOf } from './first-of.ts';

type Item = { price: number; id: number };
const byPriceThenId = (a: Item, b: Item) => a.price - b.price || a.id - b.id;

/** A deterministic stream with many equal prices (ties are where a heap goes wrong). */
function stream(length: number, seed: number): Item[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state;
  };
  return Array.from({ length }, (_, id) => ({ price: next() % 40, id }));
}

describe('FirstOf', () => {
  it('keeps exactly what sorting the whole stream and taking the first `count` gives', () => {
    for (const [length, seed] of [
      [0, 1],
      [1, 2],
      [7, 3],
      [100, 4],
      [563, 5],
    ] as const) {
      const items = stream(length, seed);
      const expected = [...items].sort(byPriceThenId);
      for (const count of [0, 1, 2, 15, 30, length, length + 5]) {
        const first = new FirstOf(count, byPriceThenId);
        for (const item of items) first.add(item);
        expect(first.sorted()).toEqual(expected.slice(0, count));
      }
    }
  });

  it('says whether an item would be kept, without keeping it', () => {
    const first = new FirstOf(2, byPriceThenId);
    expect(first.wants({ price: 9, id: 0 })).toBe(true);
    first.add({ price: 5, id: 1 });
    first.add({ price: 3, id: 2 });
    expect(first.wants({ price: 5, id: 3 })).toBe(false); // same price, later id: after the last kept
    expect(first.wants({ price: 4, id: 4 })).toBe(true);
    expect(first.sorted()).toEqual([
      { price: 3, id: 2 },
      { price: 5, id: 1 },
    ]);
  });
});

// @vitest-environment node
import { DAMAGE_ZONES, VEHICLE_BODIES } from '@roam/contract/counter';
import { describe, expect, it } from 'vitest';
import { BODY_LENGTH, zoneCells } from './zone-cells';

// The diagram's touch areas: every tap lands on exactly one position, the nearest (lib/zone-cells.ts).

const area = (path: string) => {
  const points = [...path.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
  let twice = 0;
  points.forEach(([x, y], i) => {
    const [nx, ny] = points[(i + 1) % points.length] as readonly [number, number];
    twice += x * ny - nx * y;
  });
  return Math.abs(twice) / 2;
};

describe('zone cells', () => {
  for (const body of VEHICLE_BODIES) {
    it(`${body}: one cell per position, around it, covering the drawing with no gap and no overlap`, () => {
      const length = BODY_LENGTH[body];
      const cells = zoneCells(DAMAGE_ZONES[body], length);
      expect(cells.map((cell) => cell.id)).toEqual(DAMAGE_ZONES[body].map((zone) => zone.id));
      const total = cells.reduce((sum, cell) => sum + area(cell.path), 0);
      expect(total).toBeCloseTo(100 * 100 * length, 0);
      for (const cell of cells) expect(area(cell.path)).toBeGreaterThan(0);
      // Each point is nearer to its own position than to any other: a point just beside it belongs to its cell.
      for (const cell of cells) {
        const nearest = cells.reduce((best, other) =>
          (other.x - cell.x) ** 2 + (other.y - cell.y - 0.5) ** 2 <
          (best.x - cell.x) ** 2 + (best.y - cell.y - 0.5) ** 2
            ? other
            : best,
        );
        expect(nearest.id).toBe(cell.id);
      }
    });
  }
});

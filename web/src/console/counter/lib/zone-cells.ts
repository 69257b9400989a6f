import type { DamageZone, VehicleBody } from '@roam/contract/counter';

// The damage diagram's touch areas (docs/architecture.md §5 "After the booking": positions, not pixels). The contract
// places each position of a vehicle's body at a point of a 100 × 100 top view; a point is too small to tap, and
// neighbours (a wheel and its wing) sit 10 units apart. So each position gets the region of the drawing nearer to it
// than to any other (its Voronoi cell): every tap lands on the nearest position, and each target is as large as the
// drawing allows. Pure: computed once per body.

/** How much longer than wide each body is drawn: the top view's y is stretched by this. */
export const BODY_LENGTH: Record<VehicleBody, number> = {
  car: 1.6,
  van: 1.7,
  scooter: 1.5,
  bus: 2,
  truck: 2,
  caravan: 1.5,
};

type Point = readonly [number, number];

/** The part of `polygon` on the side of the line a·p ≤ c (Sutherland–Hodgman against one half-plane). */
function clip(polygon: Point[], a: Point, c: number): Point[] {
  const inside = (p: Point) => a[0] * p[0] + a[1] * p[1] <= c + 1e-9;
  const cross = (p: Point, q: Point): Point => {
    const [dp, dq] = [a[0] * p[0] + a[1] * p[1] - c, a[0] * q[0] + a[1] * q[1] - c];
    const t = dp / (dp - dq);
    return [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
  };
  const out: Point[] = [];
  polygon.forEach((current, index) => {
    const previous = polygon[(index + polygon.length - 1) % polygon.length] as Point;
    if (inside(current)) {
      if (!inside(previous)) out.push(cross(previous, current));
      out.push(current);
    } else if (inside(previous)) out.push(cross(previous, current));
  });
  return out;
}

export interface ZoneCell {
  id: string;
  /** The position's point, in the drawing's units (x 0–100, y 0–100 × length). */
  x: number;
  y: number;
  /** The cell's outline as an SVG path. */
  path: string;
}

/** Each zone's cell in a drawing 100 wide and 100 × `length` long. */
export function zoneCells(zones: readonly DamageZone[], length: number): ZoneCell[] {
  const points = zones.map((zone) => [zone.x, zone.y * length] as Point);
  const box: Point[] = [
    [0, 0],
    [100, 0],
    [100, 100 * length],
    [0, 100 * length],
  ];
  return zones.map((zone, index) => {
    const p = points[index] as Point;
    let cell = box;
    points.forEach((q, other) => {
      if (other === index || (q[0] === p[0] && q[1] === p[1])) return;
      // Nearer to p than to q: (q − p)·x ≤ (|q|² − |p|²) / 2.
      const a: Point = [q[0] - p[0], q[1] - p[1]];
      cell = clip(cell, a, (q[0] ** 2 + q[1] ** 2 - p[0] ** 2 - p[1] ** 2) / 2);
    });
    const path = `${cell.map(([x, y], at) => `${at === 0 ? 'M' : 'L'}${x.toFixed(2)} ${y.toFixed(2)}`).join(' ')} Z`;
    return { id: zone.id, x: p[0], y: p[1], path };
  });
}

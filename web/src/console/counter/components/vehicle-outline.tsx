import type { VehicleBody } from '@roam/contract/counter';
import { BODY_LENGTH } from '../lib/zone-cells';

// The top view the damage diagram's positions sit on (contract counter-vehicles.ts): a plain drawing per vehicle body,
// front at the top, in the diagram's units (100 wide, 100 × the body's length long). Decoration only: the positions
// are the diagram's buttons, each named; the diagram hides this drawing from assistive technology.

const Wheel = ({ x, y }: { x: number; y: number }) => (
  <rect x={x - 4} y={y - 8} width={8} height={16} rx={2} className="vehicle-outline__wheel" />
);

export function VehicleOutline({ body }: { body: VehicleBody }) {
  const k = BODY_LENGTH[body];
  const at = (y: number) => y * k;
  switch (body) {
    case 'scooter':
      return (
        <g className="vehicle-outline">
          <Wheel x={50} y={at(8)} />
          <path d={`M42 ${at(14)} L58 ${at(14)} L62 ${at(88)} L38 ${at(88)} Z`} className="vehicle-outline__body" />
          <line x1={20} y1={at(30)} x2={80} y2={at(30)} className="vehicle-outline__line" />
          <rect x={40} y={at(50)} width={20} height={at(22)} rx={6} className="vehicle-outline__glass" />
          <Wheel x={50} y={at(94)} />
        </g>
      );
    case 'bus':
    case 'truck':
      return (
        <g className="vehicle-outline">
          {[15, 85].flatMap((y) => [<Wheel key={`l${y}`} x={8} y={at(y)} />, <Wheel key={`r${y}`} x={92} y={at(y)} />])}
          {body === 'truck' ? (
            <>
              <rect x={14} y={at(1)} width={72} height={at(24)} rx={6} className="vehicle-outline__body" />
              <rect x={12} y={at(27)} width={76} height={at(72)} rx={3} className="vehicle-outline__body" />
            </>
          ) : (
            <rect x={12} y={at(1)} width={76} height={at(98)} rx={6} className="vehicle-outline__body" />
          )}
          <rect x={18} y={at(6)} width={64} height={at(8)} rx={3} className="vehicle-outline__glass" />
          <line x1={4} y1={at(10)} x2={12} y2={at(10)} className="vehicle-outline__line" />
          <line x1={88} y1={at(10)} x2={96} y2={at(10)} className="vehicle-outline__line" />
        </g>
      );
    case 'caravan':
      return (
        <g className="vehicle-outline">
          <path d={`M50 ${at(1)} L40 ${at(9)} L60 ${at(9)} Z`} className="vehicle-outline__line" />
          <Wheel x={6} y={at(55)} />
          <Wheel x={94} y={at(55)} />
          <rect x={12} y={at(9)} width={76} height={at(89)} rx={10} className="vehicle-outline__body" />
          <rect x={30} y={at(30)} width={40} height={at(16)} rx={4} className="vehicle-outline__glass" />
        </g>
      );
    default: {
      // Cars and vans: four wheels, a windscreen, a rear window; a van's body runs square to the back.
      const van = body === 'van';
      return (
        <g className="vehicle-outline">
          {[18, 82].flatMap((y) => [<Wheel key={`l${y}`} x={9} y={at(y)} />, <Wheel key={`r${y}`} x={91} y={at(y)} />])}
          <rect x={14} y={at(1)} width={72} height={at(98)} rx={van ? 8 : 16} className="vehicle-outline__body" />
          <path d={`M24 ${at(24)} L76 ${at(24)} L72 ${at(33)} L28 ${at(33)} Z`} className="vehicle-outline__glass" />
          {van ? null : (
            <path d={`M28 ${at(68)} L72 ${at(68)} L76 ${at(76)} L24 ${at(76)} Z`} className="vehicle-outline__glass" />
          )}
          <ellipse cx={7} cy={at(30)} rx={4} ry={2.5} className="vehicle-outline__body" />
          <ellipse cx={93} cy={at(30)} rx={4} ry={2.5} className="vehicle-outline__body" />
          <line x1={14} y1={at(50)} x2={22} y2={at(50)} className="vehicle-outline__line" />
          <line x1={78} y1={at(50)} x2={86} y2={at(50)} className="vehicle-outline__line" />
        </g>
      );
    }
  }
}

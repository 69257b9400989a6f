import { DAMAGE_ZONES, type VehicleBody } from '@roam/contract/counter';
import { type KeyboardEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BODY_LENGTH, zoneCells } from '../lib/zone-cells';
import { VehicleOutline } from './vehicle-outline';

// The damage diagram (docs/architecture.md §5 "After the booking"): the vehicle's body seen from above, each position
// of the contract's list a button — named, reached with Tab, pressed with Enter or Space, or tapped anywhere in its
// region (lib/zone-cells.ts). A position with damage carries a numbered badge: the count, not a colour alone.

export interface ZoneMarks {
  /** Damage the car had before (its open damages). */
  before: number;
  /** Damage recorded now. */
  now: number;
}

interface VehicleDiagramProps {
  body: VehicleBody;
  marks: Readonly<Record<string, ZoneMarks>>;
  selected: string | null;
  onSelect: (zone: string) => void;
}

export function VehicleDiagram({ body, marks, selected, onSelect }: VehicleDiagramProps) {
  const { t } = useTranslation();
  const length = BODY_LENGTH[body];
  const cells = useMemo(() => zoneCells(DAMAGE_ZONES[body], length), [body, length]);
  const press = (zone: string) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onSelect(zone);
  };
  return (
    <fieldset className="vehicle-diagram-frame">
      <legend className="visually-hidden">
        {t('operatorCounter.diagram.title', { body: t(`operatorCounter.body.${body}`) })}
      </legend>
      <svg className="vehicle-diagram" viewBox={`0 0 100 ${100 * length}`} style={{ aspectRatio: `1 / ${length}` }}>
        <title>{t('operatorCounter.diagram.drawing')}</title>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG group without tabindex is not focusable; the drawing is decoration */}
        <g aria-hidden="true">
          <text x={50} y={4} className="vehicle-diagram__front">
            {t('operatorCounter.diagram.front')}
          </text>
          <VehicleOutline body={body} />
        </g>
        {cells.map((cell) => {
          const mark = marks[cell.id] ?? { before: 0, now: 0 };
          const parts = [
            t(`operatorCounter.zone.${cell.id}` as never),
            mark.before > 0 ? t('operatorCounter.diagram.before', { count: mark.before }) : null,
            mark.now > 0 ? t('operatorCounter.diagram.now', { count: mark.now }) : null,
          ].filter(Boolean);
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG region has no native button; role, name, focus and keys make it one
            <path
              key={cell.id}
              d={cell.path}
              className={`vehicle-diagram__cell${selected === cell.id ? ' vehicle-diagram__cell--selected' : ''}`}
              role="button"
              tabIndex={0}
              aria-label={parts.join(', ')}
              aria-pressed={selected === cell.id}
              onClick={() => onSelect(cell.id)}
              onKeyDown={press(cell.id)}
            />
          );
        })}
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG group without tabindex is not focusable; each count is in its button's name */}
        <g aria-hidden="true" className="vehicle-diagram__marks">
          {cells.map((cell) => {
            const mark = marks[cell.id] ?? { before: 0, now: 0 };
            const count = mark.before + mark.now;
            return (
              <g key={cell.id}>
                <circle cx={cell.x} cy={cell.y} r={1.4} className="vehicle-diagram__point" />
                {count > 0 ? (
                  <g className={`vehicle-diagram__badge${mark.now > 0 ? ' vehicle-diagram__badge--now' : ''}`}>
                    <circle cx={cell.x} cy={cell.y} r={4.2} />
                    <text x={cell.x} y={cell.y}>
                      {count}
                    </text>
                  </g>
                ) : null}
              </g>
            );
          })}
        </g>
      </svg>
    </fieldset>
  );
}

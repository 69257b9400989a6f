import { useFormats } from '#web/i18n/formats';

export interface ChartBar {
  key: string;
  label: string;
  /** 0 to 1. */
  share: number;
}

const ROW = 28;
const LABEL = 150;
const BAR = 200;

/**
 * A small horizontal bar chart of shares, drawn as SVG by us (no chart library: ~40 lines). It is a
 * picture of the table beside it, which carries the same numbers for a screen reader, so it is hidden from one.
 */
export function UtilisationChart({ bars }: { bars: ChartBar[] }) {
  const formats = useFormats();
  const width = LABEL + BAR + 60;
  return (
    <svg
      className="dash-chart"
      viewBox={`0 0 ${width} ${bars.length * ROW}`}
      width="100%"
      style={{ maxWidth: `${width * 1.5}px` }}
      aria-hidden="true"
      focusable="false"
    >
      {bars.map((bar, index) => {
        const y = index * ROW;
        const share = Math.max(0, Math.min(1, bar.share));
        return (
          <g key={bar.key}>
            <text
              x={LABEL - 8}
              y={y + ROW / 2}
              textAnchor="end"
              dominantBaseline="middle"
              className="dash-chart__label"
            >
              {bar.label.length > 22 ? `${bar.label.slice(0, 21)}…` : bar.label}
            </text>
            <rect x={LABEL} y={y + 5} width={BAR} height={ROW - 10} className="dash-chart__track" />
            <rect x={LABEL} y={y + 5} width={BAR * share} height={ROW - 10} className="dash-chart__bar" />
            <text x={LABEL + BAR + 6} y={y + ROW / 2} dominantBaseline="middle" className="dash-chart__value">
              {formats.number(share, { style: 'percent', maximumFractionDigits: 0 })}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

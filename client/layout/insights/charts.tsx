/**
 * The insights page's charts, drawn on the server as SVG: bars per day (two series side by side
 * or stacked) and horizontal bars for a ranked list. No script and no inline style (the CSP allows
 * none): colours come from classes in client/styles/signals.css. Each chart is an image with a
 * title; the numbers it draws are also in the tables beside it.
 */

const WIDTH = 720;
const HEIGHT = 180;
const AXIS = 28;

export interface Series {
  label: string;
  /** A class of client/styles/signals.css that colours it. */
  className: string;
  values: number[];
}

/** A round top for the axis: 1, 2, 5 × 10ⁿ at or above `max`. */
function niceTop(max: number): number {
  if (max <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * p).find((v) => v >= max)!;
}

/** Bars per day: the series stacked (votes: yes under no) or side by side (searches and those with no result). */
export function DailyBars({
  id,
  title,
  days,
  series,
  stacked,
}: {
  id: string;
  title: string;
  days: string[];
  series: Series[];
  stacked: boolean;
}) {
  const totals = days.map((_, i) =>
    stacked ? series.reduce((s, x) => s + (x.values[i] ?? 0), 0) : Math.max(...series.map((x) => x.values[i] ?? 0)),
  );
  const top = niceTop(Math.max(0, ...totals));
  const plotW = WIDTH - AXIS;
  const plotH = HEIGHT - 20;
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(1, (stacked ? slot : slot / series.length) - 1);
  const y = (v: number) => plotH - (v / top) * plotH;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} className="chart-svg">
        <title id={`${id}-title`}>{title}</title>
        <line x1={AXIS} y1={plotH} x2={WIDTH} y2={plotH} className="chart-axis" />
        <text x={AXIS - 4} y={10} className="chart-label" textAnchor="end">
          {top}
        </text>
        <text x={AXIS - 4} y={plotH} className="chart-label" textAnchor="end">
          0
        </text>
        {days.map((day, i) => {
          let base = 0;
          return (
            <g key={day}>
              {series.map((s, k) => {
                const v = s.values[i] ?? 0;
                const x = AXIS + i * slot + (stacked ? 0 : k * (barW + 1));
                const rect = (
                  <rect
                    key={s.label}
                    x={x.toFixed(1)}
                    y={y(base + v).toFixed(1)}
                    width={barW.toFixed(1)}
                    height={(y(base) - y(base + v)).toFixed(1)}
                    className={s.className}
                  >
                    <title>{`${day}: ${v} ${s.label}`}</title>
                  </rect>
                );
                if (stacked) base += v;
                return rect;
              })}
            </g>
          );
        })}
        <text x={AXIS} y={HEIGHT - 4} className="chart-label">
          {days[0]}
        </text>
        <text x={WIDTH} y={HEIGHT - 4} className="chart-label" textAnchor="end">
          {days[days.length - 1]}
        </text>
      </svg>
      <figcaption className="chart-legend">
        {series.map((s) => (
          <span key={s.label}>
            <svg width="10" height="10" aria-hidden="true">
              <rect width="10" height="10" className={s.className} />
            </svg>{" "}
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** A ranked list as horizontal bars, its labels as text (escaped like any text React renders). */
export function RankedBars({
  id,
  title,
  rows,
}: {
  id: string;
  title: string;
  rows: { label: string; value: number }[];
}) {
  const ROW = 22;
  const LABEL = 260;
  const top = niceTop(Math.max(0, ...rows.map((r) => r.value)));
  const height = Math.max(1, rows.length) * ROW;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-title`} className="chart-svg">
        <title id={`${id}-title`}>{title}</title>
        {rows.map((r, i) => (
          <g key={`${r.label}-${i}`}>
            <text x={LABEL - 8} y={i * ROW + 15} className="chart-label" textAnchor="end">
              {r.label.length > 40 ? `${r.label.slice(0, 39)}…` : r.label}
            </text>
            <rect
              x={LABEL}
              y={i * ROW + 4}
              width={(((WIDTH - LABEL - 40) * r.value) / top).toFixed(1)}
              height={ROW - 8}
              className="chart-bar-miss"
            />
            <text x={LABEL + ((WIDTH - LABEL - 40) * r.value) / top + 6} y={i * ROW + 15} className="chart-label">
              {r.value}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

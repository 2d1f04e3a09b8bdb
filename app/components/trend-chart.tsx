import { countOf, formatMeasurement, formatNumber } from '../../domain/shared/text';
import { scaleLinear, scaleTime } from 'd3-scale';
import { line } from 'd3-shape';
import { formatWhen } from '../../domain/shared/clinical-time';
import { interpretationLabels } from './clinical';

/**
 * A measure's trend as an SVG drawn on the server (d3-scale and d3-shape compute the geometry,
 * React renders it): no JavaScript is needed to see it, and the table beside it says the same.
 */

export interface TrendPoint {
  observedAt: string;
  value: number;
  interpretation: string;
}

export interface NormalBand {
  /** The lowest normal value (above `low`), or null when there is no lower limit. */
  from: number | null;
  /** The highest normal value (`high`), or null when there is no upper limit. */
  to: number | null;
}

const size = { width: 320, height: 132, left: 34, right: 10, top: 10, bottom: 22 };

export interface TrendGeometry {
  path: string;
  dots: { x: number; y: number; point: TrendPoint }[];
  band: { y: number; height: number } | null;
  ticks: { y: number; label: string }[];
  first: string;
  last: string;
}

/** Points in time order on a shared frame; the normal band shaded when the measure has one. */
export function trendGeometry(points: readonly TrendPoint[], normal: NormalBand | null): TrendGeometry {
  const sorted = [...points].sort((a, b) => a.observedAt.localeCompare(b.observedAt));
  const times = sorted.map((point) => new Date(point.observedAt));
  const values = sorted.map((point) => point.value);
  const limits = [normal?.from, normal?.to].filter((limit): limit is number => typeof limit === 'number');
  const low = Math.min(...values, ...limits);
  const high = Math.max(...values, ...limits);
  const margin = (high - low || Math.abs(high) || 1) * 0.12;
  const y = scaleLinear()
    .domain([low - margin, high + margin])
    .range([size.height - size.bottom, size.top])
    .nice(4);
  const start = times[0]!;
  const end = times.at(-1)!;
  // One measurement: a point in the middle of a day-wide frame.
  const x = scaleTime()
    .domain(
      start.getTime() === end.getTime() ? [new Date(start.getTime() - 43_200_000), new Date(end.getTime() + 43_200_000)] : [start, end],
    )
    .range([size.left + 6, size.width - size.right - 6]);
  const dots = sorted.map((point, index) => ({ x: x(times[index]!), y: y(point.value), point }));
  const path =
    line<(typeof dots)[number]>()
      .x((dot) => dot.x)
      .y((dot) => dot.y)(dots) ?? '';
  const [bottom, top] = y.domain() as [number, number];
  const band = normal
    ? (() => {
        const upper = y(Math.min(normal.to ?? top, top));
        const lower = y(Math.max(normal.from ?? bottom, bottom));
        return lower > upper ? { y: upper, height: lower - upper } : null;
      })()
    : null;
  const ticks = y.ticks(3).map((tick) => ({ y: y(tick), label: formatNumber(tick) }));
  return { path, dots, band, ticks, first: sorted[0]!.observedAt, last: sorted.at(-1)!.observedAt };
}

export function TrendChart({
  title,
  unit,
  points,
  normal,
}: {
  title: string;
  unit: string;
  points: readonly TrendPoint[];
  normal: NormalBand | null;
}) {
  if (points.length === 0) return null;
  const geometry = trendGeometry(points, normal);
  const latest = geometry.dots.at(-1)!.point;
  const latestText = formatMeasurement(latest.value, unit);
  const summary =
    `${title}: ${countOf(points.length, 'meting', 'metingen')} van ${formatWhen(geometry.first)} ` +
    `tot ${formatWhen(geometry.last)}; laatste ${latestText} (${interpretationLabels[latest.interpretation] ?? latest.interpretation}).`;
  return (
    <figure className="trend-chart">
      <figcaption>
        <span className="trend-chart-title">{title}</span>
        <span className={`trend-chart-latest vital-${latest.interpretation}`}>{latestText}</span>
      </figcaption>
      <svg viewBox={`0 0 ${size.width} ${size.height}`} role="img" aria-label={summary} preserveAspectRatio="xMidYMid meet">
        {geometry.band ? (
          <rect
            className="trend-band"
            x={size.left}
            width={size.width - size.left - size.right}
            y={geometry.band.y}
            height={geometry.band.height}
          />
        ) : null}
        {geometry.ticks.map((tick) => (
          <g key={tick.label} className="trend-tick">
            <line x1={size.left} x2={size.width - size.right} y1={tick.y} y2={tick.y} />
            <text x={size.left - 4} y={tick.y} dy="0.32em" textAnchor="end">
              {tick.label}
            </text>
          </g>
        ))}
        <path className="trend-line" d={geometry.path} />
        {geometry.dots.map((dot) => (
          <circle key={dot.point.observedAt} className={`trend-dot vital-${dot.point.interpretation}`} cx={dot.x} cy={dot.y} r={3.2} />
        ))}
        {points.length === 1 ? (
          <text className="trend-axis" x={geometry.dots[0]!.x} y={size.height - 6} textAnchor="middle">
            {formatWhen(geometry.first)}
          </text>
        ) : (
          <>
            <text className="trend-axis" x={size.left} y={size.height - 6}>
              {formatWhen(geometry.first)}
            </text>
            <text className="trend-axis" x={size.width - size.right} y={size.height - 6} textAnchor="end">
              {formatWhen(geometry.last)}
            </text>
          </>
        )}
      </svg>
    </figure>
  );
}

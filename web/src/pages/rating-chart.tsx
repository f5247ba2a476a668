// A pool's rating history drawn as inline SVG (no chart library): the rating after each rated
// match over time, with a band of ± one deviation around it (how sure the rating is), a few round
// ratings as grid lines, and the first and last dates. Each point names its rating and date; the
// chart as a whole is one image whose name says where the rating went.
import { lang, t } from '../i18n';
import { toDate, type RatingPoint } from '../session';

const W = 640;
const H = 220;
const PAD = { left: 58, right: 14, top: 14, bottom: 34 };

function dateText(d: Date) {
  return d.toLocaleDateString(lang.value === 'pt' ? 'pt-BR' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

// Round steps between `low` and `high`: 25, 50, 100, 200... so that 3 to 6 lines are drawn.
function ticks(low: number, high: number): number[] {
  const span = Math.max(high - low, 1);
  const step = [25, 50, 100, 200, 250, 500, 1000].find((s) => span / s <= 5) ?? 1000;
  const out: number[] = [];
  for (let v = Math.ceil(low / step) * step; v <= high; v += step) out.push(v);
  return out;
}

export function RatingChart({ points, title, id }: { points: RatingPoint[]; title: string; id: string }) {
  if (!points.length) return null;
  const times = points.map((p) => toDate(p.at).getTime());
  const validTimes = times.every((x) => Number.isFinite(x));
  const first = validTimes ? Math.min(...times) : 0;
  const last = validTimes ? Math.max(...times) : 0;
  // By time when the points are spread in time; one after another else (all on one day, or
  // times the client cannot read).
  const byTime = validTimes && last - first > 60_000;
  const xOf = (i: number) => {
    const inner = W - PAD.left - PAD.right;
    if (points.length === 1) return PAD.left + inner / 2;
    const f = byTime ? (times[i] - first) / (last - first) : i / (points.length - 1);
    return PAD.left + f * inner;
  };
  const lows = points.map((p) => p.rating - p.deviation);
  const highs = points.map((p) => p.rating + p.deviation);
  const ratings = points.map((p) => p.rating);
  // The scale fits the ratings with some room; the band is cut to it where the deviation is wide.
  let low = Math.min(...ratings) - 60;
  let high = Math.max(...ratings) + 60;
  low = Math.max(low, Math.min(...lows));
  high = Math.min(high, Math.max(...highs));
  low = Math.floor(low / 25) * 25;
  high = Math.ceil(high / 25) * 25;
  if (high - low < 100) {
    const mid = (high + low) / 2;
    low = Math.floor((mid - 50) / 25) * 25;
    high = Math.ceil((mid + 50) / 25) * 25;
  }
  const yOf = (r: number) => {
    const clamped = Math.min(high, Math.max(low, r));
    return PAD.top + (1 - (clamped - low) / (high - low)) * (H - PAD.top - PAD.bottom);
  };
  const line = points.map((p, i) => `${xOf(i).toFixed(1)},${yOf(p.rating).toFixed(1)}`).join(' ');
  const band = [
    ...points.map((p, i) => `${xOf(i).toFixed(1)},${yOf(p.rating + p.deviation).toFixed(1)}`),
    ...points.map((p, i) => `${xOf(i).toFixed(1)},${yOf(p.rating - p.deviation).toFixed(1)}`).reverse(),
  ].join(' ');
  const start = Math.round(points[0].rating);
  const end = Math.round(points[points.length - 1].rating);
  const summary = t('profile.chart_summary', { pool: title, n: points.length, from: start, to: end });
  const titleId = `${id}-title`;
  return (
    <svg class="rating-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} data-testid="rating-chart" data-points={points.length}>
      <title id={titleId}>{summary}</title>
      {ticks(low, high).map((v) => (
        <g key={v} class="grid">
          <line x1={PAD.left} x2={W - PAD.right} y1={yOf(v)} y2={yOf(v)} />
          <text x={PAD.left - 6} y={yOf(v) + 4} text-anchor="end">
            {v}
          </text>
        </g>
      ))}
      {points.length > 1 && <polygon class="band" points={band} />}
      {points.length > 1 && <polyline class="line" points={line} />}
      {points.map((p, i) => (
        <circle key={i} class="point" cx={xOf(i)} cy={yOf(p.rating)} r={points.length > 60 ? 2 : 3.5}>
          <title>{`${Math.round(p.rating)} ± ${Math.round(p.deviation)}${validTimes ? ` · ${dateText(new Date(times[i]))}` : ''}`}</title>
        </circle>
      ))}
      {validTimes && (
        <g class="dates">
          <text x={PAD.left} y={H - 8} text-anchor="start">
            {dateText(new Date(times[0]))}
          </text>
          {points.length > 1 && (
            <text x={W - PAD.right} y={H - 8} text-anchor="end">
              {dateText(new Date(times[times.length - 1]))}
            </text>
          )}
        </g>
      )}
    </svg>
  );
}

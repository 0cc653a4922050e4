import { esc } from './layout.js';

const COLORS = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#ff7f0e',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#7f7f7f',
  '#bcbd22',
];

/**
 * Each agent's rating over its rated games, as a server-rendered SVG line chart (x = the agent's
 * game count, y = Elo), with a legend. Pure function of the series.
 */
export function ratingChart(
  series: readonly { name: string; points: readonly number[] }[],
  width = 720,
  height = 280,
): string {
  const shown = series.filter((s) => s.points.length > 0);
  if (shown.length === 0) return '<p class="muted">No rated games yet.</p>';
  const pad = { left: 48, right: 12, top: 12, bottom: 28 };
  const all = shown.flatMap((s) => s.points);
  let lo = Math.min(...all);
  let hi = Math.max(...all);
  if (hi - lo < 20) {
    lo -= 10;
    hi += 10;
  }
  const maxLen = Math.max(...shown.map((s) => s.points.length));
  const x = (i: number) => pad.left + ((width - pad.left - pad.right) * i) / Math.max(1, maxLen - 1);
  const y = (v: number) => pad.top + ((height - pad.top - pad.bottom) * (hi - v)) / (hi - lo);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => lo + f * (hi - lo));
  const grid = ticks
    .map(
      (t) =>
        `<line x1="${pad.left}" x2="${width - pad.right}" ` +
        `y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" stroke="#e3e6eb"/>` +
        `<text x="${pad.left - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end" font-size="11" fill="#667">` +
        `${t.toFixed(0)}</text>`,
    )
    .join('');
  const lines = shown
    .map((s, k) => {
      const pts = s.points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
      return (
        `<polyline fill="none" stroke="${COLORS[k % COLORS.length]}" stroke-width="2" points="${pts}">` +
        `<title>${esc(s.name)}</title></polyline>`
      );
    })
    .join('');
  // The legend is HTML under the chart, so it wraps on a narrow screen and never loses a line.
  const legend = shown
    .map(
      (s, k) =>
        `<li><span class="swatch" style="background:${COLORS[k % COLORS.length]}"></span>` +
        `${esc(s.name)} (${Math.round(s.points[s.points.length - 1])})</li>`,
    )
    .join('');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Rating history" width="100%" ' +
    `style="max-width:${width}px;height:auto" viewBox="0 0 ${width} ${height}">` +
    `${grid}${lines}<text x="${pad.left}" y="${height - 6}" font-size="11" fill="#667">rated games →</text></svg>` +
    `<ul class="legend">${legend}</ul>`
  );
}

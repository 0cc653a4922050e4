/**
 * Training curves as a standalone SVG: one panel of losses, one of the Elo difference against
 * each baseline with its 95% interval as an error bar, both over training time (gradient steps).
 * Pure function of the metrics rows.
 */
interface CurvePoint {
  x: number;
  y: number;
  /** A 95% interval around y, drawn as an error bar. */
  low?: number;
  high?: number;
}

interface CurveSeries {
  name: string;
  points: CurvePoint[];
}

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b'];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function panel(
  title: string,
  xLabel: string,
  series: readonly CurveSeries[],
  top: number,
  width: number,
  height: number,
): string {
  const shown = series.filter((s) => s.points.length > 0);
  const pad = { left: 56, right: 16, top: 28, bottom: 54 };
  if (shown.length === 0) {
    return (
      `<text x="${pad.left}" y="${top + 20}" font-size="13" font-weight="bold">${escapeXml(title)}</text>` +
      `<text x="${pad.left}" y="${top + 44}" font-size="12" fill="#667">no points yet</text>`
    );
  }
  const xs = shown.flatMap((s) => s.points.map((p) => p.x));
  const ys = shown.flatMap((s) => s.points.flatMap((p) => [p.y, p.low ?? p.y, p.high ?? p.y]));
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs, x0 + 1);
  let y0 = Math.min(...ys);
  let y1 = Math.max(...ys);
  if (y1 - y0 < 1e-6) {
    y0 -= 0.5;
    y1 += 0.5;
  }
  const X = (v: number) => pad.left + ((width - pad.left - pad.right) * (v - x0)) / (x1 - x0);
  const Y = (v: number) => top + pad.top + ((height - pad.top - pad.bottom) * (y1 - v)) / (y1 - y0);
  const grid = [0, 0.25, 0.5, 0.75, 1]
    .map((f) => {
      const v = y0 + f * (y1 - y0);
      return (
        `<line x1="${pad.left}" x2="${width - pad.right}" ` +
        `y1="${Y(v).toFixed(1)}" y2="${Y(v).toFixed(1)}" stroke="#e3e6eb"/>` +
        `<text x="${pad.left - 6}" y="${(Y(v) + 4).toFixed(1)}" text-anchor="end" font-size="11" fill="#667">` +
        `${Math.abs(y1 - y0) < 10 ? v.toFixed(2) : v.toFixed(0)}</text>`
      );
    })
    .join('');
  const lines = shown
    .map((s, k) => {
      const pts = s.points.map((p) => `${X(p.x).toFixed(1)},${Y(p.y).toFixed(1)}`).join(' ');
      const bars = s.points
        .filter((p) => p.low !== undefined && p.high !== undefined)
        .map((p) => {
          const x = X(p.x).toFixed(1);
          return (
            `<line class="interval" x1="${x}" x2="${x}" y1="${Y(p.low!).toFixed(1)}" y2="${Y(p.high!).toFixed(1)}" ` +
            `stroke="${COLORS[k % COLORS.length]}" stroke-width="1" opacity="0.6"/>`
          );
        })
        .join('');
      return (
        `<polyline fill="none" stroke="${COLORS[k % COLORS.length]}" stroke-width="2" points="${pts}">` +
        `<title>${escapeXml(s.name)}</title></polyline>${bars}`
      );
    })
    .join('');
  // Three entries a line, so long opponent names stay inside the picture.
  const items = shown.map(
    (s, k) =>
      `<tspan fill="${COLORS[k % COLORS.length]}">■</tspan> ` +
      `${escapeXml(s.name)} (${s.points[s.points.length - 1].y.toFixed(2)})`,
  );
  const legend = Array.from(
    { length: Math.ceil(items.length / 3) },
    (_, line) =>
      `<tspan x="${pad.left}" dy="${line === 0 ? 0 : 15}">${items.slice(3 * line, 3 * line + 3).join('   ')}</tspan>`,
  ).join('');
  return (
    `<text x="${pad.left}" y="${top + 18}" font-size="13" font-weight="bold">${escapeXml(title)}</text>` +
    `${grid}${lines}` +
    `<text x="${width - pad.right}" y="${top + height - 36}" text-anchor="end" font-size="11" fill="#667">` +
    `${escapeXml(xLabel)} (${x0}–${x1})</text>` +
    `<text x="${pad.left}" y="${top + height - 20}" font-size="12">${legend}</text>`
  );
}

const RATINGS_TITLE = 'Elo difference against each baseline (0 = level; bars: 95% intervals)';

/** Two stacked panels in one SVG document. */
function curvesSvg(
  title: string,
  losses: readonly CurveSeries[],
  ratings: readonly CurveSeries[],
  xLabel: string,
): string {
  const width = 760;
  const height = 260;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${2 * height + 30}" ` +
    `viewBox="0 0 ${width} ${2 * height + 30}" font-family="sans-serif">` +
    `<text x="12" y="20" font-size="15" font-weight="bold">${escapeXml(title)}</text>` +
    `<g>${panel('Losses and policy entropy', xLabel, losses, 24, width, height)}</g>` +
    `<g>${panel(RATINGS_TITLE, xLabel, ratings, 24 + height, width, height)}</g>` +
    '</svg>\n'
  );
}

/** The metrics rows of a training run (JSONL) as the two panels' series. */
export function curvesFromMetrics(
  title: string,
  rows: readonly Record<string, unknown>[],
  xLabel = 'gradient steps',
): string {
  const series = (name: string, pick: (r: Record<string, unknown>) => unknown): CurveSeries => ({
    name,
    points: rows.flatMap((r) => {
      const y = pick(r);
      return typeof y === 'number' && Number.isFinite(y) && typeof r.step === 'number' ? [{ x: r.step, y }] : [];
    }),
  });
  /** An evaluation's Elo against one opponent, with its interval when the run recorded one. */
  const rated = (name: string, key: 'eval' | 'policyEval', opponent: string): CurveSeries => ({
    name,
    points: rows.flatMap((r) => {
      const e = (r[key] as { opponent: string; elo: number; eloLow?: number; eloHigh?: number }[] | undefined)?.find(
        (f) => f.opponent === opponent,
      );
      if (!e || !Number.isFinite(e.elo) || typeof r.step !== 'number') return [];
      const interval = typeof e.eloLow === 'number' && typeof e.eloHigh === 'number';
      return [{ x: r.step, y: e.elo, ...(interval ? { low: e.eloLow, high: e.eloHigh } : {}) }];
    }),
  });
  // scoreLoss only in runs with a score head; a series without points is not drawn.
  const losses = ['policyLoss', 'valueLoss', 'entropy', 'scoreLoss'].map((k) => series(k, (r) => r[k]));
  const opponents = new Set<string>();
  for (const r of rows) for (const e of (r.eval as { opponent: string }[] | undefined) ?? []) opponents.add(e.opponent);
  const ratings = [...opponents].map((o) => rated(`vs ${o}`, 'eval', o));
  const policyOpponents = new Set<string>();
  for (const r of rows)
    for (const e of (r.policyEval as { opponent: string }[] | undefined) ?? []) policyOpponents.add(e.opponent);
  const policyRatings = [...policyOpponents].map((o) => rated(`policy alone vs ${o}`, 'policyEval', o));
  return curvesSvg(title, losses, [...ratings, ...policyRatings], xLabel);
}

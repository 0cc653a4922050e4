/**
 * The map part of the Perikles board: the six cities roughly where they lie (cubes per seat,
 * Leader, candidates, statue track and statues), Persia across the Aegean, and the Influence
 * display with both decks face down at sea.
 */
import { cardBack } from '../core/board.js';
import {
  CITIES,
  INFLUENCE_TILES,
  PERSIA,
  STATUE_TRACKS,
  TK_ANY,
  TK_ASSASSIN,
  TK_CANDIDATE,
  statueValue,
  tileLabel,
} from './components.js';
import { citySummary } from './glossary.js';
import { seatName } from './render.js';
import {
  INK,
  MUTED,
  PAPER,
  W,
  changedMark,
  changedOutline,
  chip,
  flow,
  paragraph,
  seatColor,
  text,
  tip,
  title,
  translate,
  type Block,
  type Changes,
  type FlowItem,
} from './board-kit.js';
import type { PeriklesView } from './view.js';

export function influenceTile(id: number, w: number, h: number, extra = ''): FlowItem {
  const tile = INFLUENCE_TILES[id];
  const label = tileLabel(id);
  const fill =
    tile.kind === TK_ANY
      ? '#dcc7a6'
      : tile.kind === TK_CANDIDATE
        ? '#e2ebfa'
        : tile.kind === TK_ASSASSIN
          ? '#f6dcdc'
          : '#f3ead7';
  const line1 = tile.kind === TK_ANY ? 'Any city' : CITIES[tile.color];
  const line2 =
    tile.kind === TK_ANY
      ? '1 cube'
      : tile.kind === TK_CANDIDATE
        ? 'Candidate'
        : tile.kind === TK_ASSASSIN
          ? 'Assassin'
          : '2 cubes';
  return {
    w,
    h,
    draw: (x, y) =>
      `<g>${title(tip(label, extra))}<rect x="${x}" y="${y}" width="${w}" ` +
      `height="${h}" rx="4" fill="${fill}" stroke="${INK}" stroke-width="0.8"/>` +
      (h >= 40
        ? text(x + w / 2, y + 19, line1, { size: 13, weight: 'bold', anchor: 'middle' }) +
          text(x + w / 2, y + 36, line2, { size: 12, anchor: 'middle' })
        : text(x + w / 2, y + h / 2 + 4.5, label, { size: 12, anchor: 'middle' })) +
      '</g>',
  };
}

const CW = 246;
const CH = 140;
const COLS = [10, 267, 524];
const ROW_H = 152;
/** Grid cell (column, row) of each city and of Persia, roughly as on a map of Greece. */
const PLACE: Record<number, [number, number]> = {
  5: [1, 0],
  6: [2, 0],
  2: [0, 1],
  3: [1, 1],
  1: [2, 1],
  0: [0, 2],
  4: [0, 3],
};

function cityBox(view: PeriklesView, c: number, changed: boolean, note: string): string {
  const p: string[] = [];
  p.push(`<rect x="0" y="0" width="${CW}" height="${CH}" rx="6" fill="${PAPER}" stroke="#7b5b3a" stroke-width="1.5"/>`);
  p.push(
    `<g>${title(`${CITIES[c]}: ${citySummary(c)}`)}<rect x="0" y="0" ` +
      (`width="${CW}" height="24" rx="6" fill="#7b5b3a"/>` +
        `${text(8, 17, CITIES[c], { size: 15, weight: 'bold', fill: '#ffffff' })}</g>`),
  );
  const leader = view.leaders[c];
  if (leader >= 0)
    p.push(
      chip(
        CW - 124,
        2,
        116,
        leader,
        `Leader: seat ${leader}`,
        `${seatName(view, leader)} is the Leader of ${CITIES[c]} this turn`,
      ),
    );
  else p.push(text(CW - 10, 17, 'no Leader', { size: 12, anchor: 'end', fill: '#f3e6d0', italic: true }));
  // Statue track: values covered by defeats are struck out; the current value is framed.
  const track = STATUE_TRACKS[c];
  const d = view.defeats[c];
  p.push(text(8, 45, 'Statue VP', { size: 12, fill: MUTED }));
  track.forEach((v, i) => {
    const x = 72 + i * 26;
    const covered = i < d;
    p.push(
      `<rect x="${x}" y="31" width="22" height="19" rx="3" ` +
        `fill="${covered ? '#d0d0d0' : '#ffffff'}" stroke="${INK}" stroke-width="${i === d ? 2.2 : 0.7}"/>`,
    );
    p.push(
      text(x + 11, 45, String(v), {
        size: 12,
        anchor: 'middle',
        weight: i === d ? 'bold' : 'normal',
        fill: covered ? MUTED : INK,
      }),
    );
    if (covered) p.push(`<line x1="${x + 2}" y1="48" x2="${x + 20}" y2="33" stroke="${INK}" stroke-width="1"/>`);
  });
  const tx = 72 + track.length * 26 + 4;
  p.push(
    '<g>' +
      title(`${CITIES[c]}: ${d} defeat${d === 1 ? '' : 's'}; each statue here is worth ${statueValue(c, d)} VP now`) +
      text(tx, 45, `${d} defeat${d === 1 ? '' : 's'}`, { size: 12, weight: d > 0 ? 'bold' : 'normal' }) +
      '</g>',
  );
  // Regular cubes per seat, in seat order.
  p.push(text(8, 71, 'Cubes', { size: 12, fill: MUTED }));
  for (let s = 0; s < view.players; s++) {
    const n = view.cubes[s][c];
    p.push(
      `<g opacity="${n === 0 ? 0.45 : 1}">` +
        chip(
          56 + s * 36,
          57,
          32,
          s,
          String(n),
          `${seatName(view, s)}: ${n} cube${n === 1 ? '' : 's'} in ${CITIES[c]}`,
        ) +
        '</g>',
    );
  }
  // Candidate spaces α and β.
  p.push(`<g>${title(tip('candidate'))}${text(8, 97, 'Candidates', { size: 12, fill: MUTED })}</g>`);
  view.candidates[c].forEach((seat, i) => {
    const x = 80 + i * 82;
    p.push(text(x, 97, i === 0 ? 'α' : 'β', { size: 14, weight: 'bold' }));
    if (seat >= 0)
      p.push(
        chip(
          x + 14,
          83,
          58,
          seat,
          `seat ${seat}`,
          `${seatName(view, seat)} is the ${i === 0 ? 'α' : 'β'} candidate in ${CITIES[c]}`,
        ),
      );
    else
      p.push(
        `<rect x="${x + 14}" y="83" width="58" height="20" rx="4" fill="none" ` +
          `stroke="${MUTED}" stroke-dasharray="3 2"/>` +
          text(x + 43, 97, 'empty', { size: 12, anchor: 'middle', fill: MUTED }),
      );
  });
  // Statues per seat.
  p.push(`<g>${title(tip('statue'))}${text(8, 123, 'Statues', { size: 12, fill: MUTED })}</g>`);
  let sx = 64;
  for (let s = 0; s < view.players; s++) {
    const n = view.statues[s][c];
    if (n === 0) continue;
    p.push(
      '<g>' +
        title(
          `${seatName(view, s)}: ${n} statue${n === 1 ? '' : 's'} in ${CITIES[c]}, ${statueValue(c, d)} VP each now`,
        ) +
        `<rect x="${sx}" y="109" width="10" height="18" fill="${seatColor(s)}" stroke="${INK}" stroke-width="0.8"/>` +
        (`<rect x="${sx - 3}" y="107" width="16" height="4" ` +
          `fill="${seatColor(s)}" stroke="${INK}" stroke-width="0.8"/>`) +
        text(sx + 15, 123, `×${n}`, { size: 12, weight: 'bold' }) +
        '</g>',
    );
    sx += 44;
  }
  if (sx === 64) p.push(text(64, 123, 'none', { size: 12, fill: MUTED }));
  if (changed) p.push(changedOutline(0, 0, CW, CH), changedMark(CW - 4, -2, `${CITIES[c]}: ${note}`));
  return p.join('');
}

function persiaBox(view: PeriklesView): string {
  const p: string[] = [
    `<rect x="0" y="0" width="${CW}" height="${CH}" rx="6" fill="#f4eefa" stroke="#6b5a7b" stroke-width="1.5"/>`,
  ];
  p.push(
    `<g>${title(tip('Persia'))}<rect x="0" y="0" width="${CW}" height="24" ` +
      (`rx="6" fill="#6b5a7b"/>` +
        `${text(8, 17, 'Persia (across the Aegean)', { size: 15, weight: 'bold', fill: '#ffffff' })}</g>`),
  );
  const before = view.phase === 'setup' || view.phase === 'influence' || view.phase === 'nominations';
  p.push(text(8, 45, 'Persian leaders', { size: 12, fill: MUTED }));
  if (before) {
    p.push(paragraph(8, 66, 'Chosen after the elections: every player who leads no city.', CW - 16, { size: 12 }).svg);
  } else if (view.persianLeaders.length === 0) {
    p.push(
      paragraph(8, 66, 'None this turn: every player leads a city, so the Persians stay home.', CW - 16, { size: 12 })
        .svg,
    );
  } else {
    const chips = view.persianLeaders.map((s): FlowItem => ({
      w: 60,
      h: 20,
      draw: (x, y) => chip(x, y, 60, s, `seat ${s}`, `${seatName(view, s)} is a Persian leader`),
    }));
    p.push(flow(chips, 8, 54, CW - 16, 6).svg);
  }
  return p.join('');
}

function displayPanel(view: PeriklesView, changes: Changes, w: number, h: number): string {
  const p: string[] = [
    `<rect x="0" y="0" width="${w}" height="${h}" rx="6" fill="${PAPER}" stroke="#7b8fa6" stroke-width="1.2"/>`,
  ];
  p.push(text(10, 20, 'Influence display', { size: 15, weight: 'bold' }));
  const tw = 88;
  const gap = (w - 20 - 5 * tw) / 4;
  view.display.forEach((id, slot) => {
    const x = 10 + (slot % 5) * (tw + gap);
    const y = 30 + Math.floor(slot / 5) * 58;
    p.push(text(x + 2, y + 11, `slot ${slot}`, { size: 12, fill: MUTED }));
    if (id < 0)
      p.push(
        `<rect x="${x}" y="${y + 14}" width="${tw}" height="40" rx="4" ` +
          `fill="none" stroke="${MUTED}" stroke-dasharray="3 2"/>` +
          text(x + tw / 2, y + 38, 'empty', { size: 12, anchor: 'middle', fill: MUTED }),
      );
    else p.push(influenceTile(id, tw, 40, ` (display slot ${slot})`).draw(x, y + 14));
    if (changes.display.has(slot)) p.push(changedMark(x + tw - 2, y + 16, `display slot ${slot}: ${changes.note}`));
  });
  const y = 152;
  p.push(cardBack(10, y, 34, 46, `Influence deck: ${view.influenceDeck} face-down tiles`));
  p.push(text(52, y + 20, `Influence deck: ${view.influenceDeck}`, { size: 13 }));
  p.push(text(52, y + 38, `discarded: ${view.discarded.length}`, { size: 12, fill: MUTED }));
  p.push(cardBack(w / 2 + 10, y, 34, 46, `Location deck: ${view.locationDeck} face-down Location tiles`));
  p.push(text(w / 2 + 52, y + 20, `Location deck: ${view.locationDeck}`, { size: 13 }));
  p.push(text(w / 2 + 52, y + 38, `removed from play: ${view.removed.length}`, { size: 12, fill: MUTED }));
  if (view.currentTile >= 0) {
    p.push(text(10, y + 76, 'Being resolved:', { size: 13, weight: 'bold' }));
    p.push(influenceTile(view.currentTile, 150, 24).draw(136, y + 60));
  }
  return p.join('');
}

export function map(view: PeriklesView, changes: Changes): Block {
  const h = 14 + 4 * ROW_H;
  const p: string[] = [text(10, 16, 'Greece', { size: 15, weight: 'bold' })];
  const top = 24;
  p.push(`<rect x="0" y="${top}" width="${W}" height="${h}" fill="#d6e8f3"/>`);
  // Mainland (Boeotia, Megaris, Attica) and the Peloponnese, joined at the isthmus of Corinth.
  p.push(
    `<path d="M0 ${top} L505 ${top} L520 ${top + 150} L${W} ${top + 160} ` +
      `L${W} ${top + 300} L520 ${top + 300} L262 ${top + 290} L262 ` +
      `${h + top} L0 ${h + top} Z" fill="#efe3c4" stroke="#c9b68a"/>`,
  );
  for (const [key, [col, row]] of Object.entries(PLACE)) {
    const c = Number(key);
    const x = COLS[col];
    const y = top + 14 + row * ROW_H;
    p.push(translate(x, y, c === PERSIA ? persiaBox(view) : cityBox(view, c, changes.cities.has(c), changes.note)));
  }
  p.push(translate(COLS[1], top + 14 + 2 * ROW_H, displayPanel(view, changes, W - 10 - COLS[1], ROW_H + CH)));
  return { svg: p.join(''), h: top + h + 6 };
}

/**
 * City Plan Delta drawn as a table (pure functions of one seat's view): the other players' cities
 * across the table, the shared middle (income cards, assembly, deck, discard pile), then the
 * viewer's city and hand. Other hands, hidden action cards and other set-aside cards are card backs.
 */
import { SEAT_COLORS, cardBack, svgBoard, svgText, inkOn, wrapWords } from '../core/board.js';
import {
  ACTION_CARD_NAMES,
  END_BUILDINGS,
  HAND_LIMIT,
  INCOME_CARDS,
  KINDS,
  SACRIFICE_DISCOUNT,
  type BuildingType,
} from './components.js';
import { actionCardText, buildingText, incomeCardText } from './glossary.js';
import type { CityPlanView } from './view.js';

const W = 640;
const M = 10;
const TILE_W = 116;
const TILE_H = 86;
const GAP = 6;
const PER_ROW = 5;
const FONT = 'font-family="sans-serif"';
const HIGHLIGHT = '#E69F00';

const TYPE_STYLE: Readonly<Record<BuildingType, { fill: string; band: string }>> = {
  R: { fill: '#e3f1e0', band: '#3a7d44' },
  C: { fill: '#dde9f5', band: '#2f6690' },
  I: { fill: '#f5e8d5', band: '#8a5a19' },
  P: { fill: '#ececec', band: '#555555' },
  S: { fill: '#ece3f5', band: '#6a4c93' },
  M: { fill: '#f6e1ea', band: '#9c4668' },
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const seatName = (view: CityPlanView, seat: number) => (seat === view.seat ? `Seat ${seat} (you)` : `Seat ${seat}`);

/** A line of text; `attrs` may override the default size (13) and colour. */
function text(x: number, y: number, content: string, attrs = ''): string {
  const size = attrs.includes('font-size=') ? '' : ' font-size="13"';
  const fill = attrs.includes('fill=') ? '' : ' fill="#1d2430"';
  return `<text x="${x}" y="${y}" ${FONT}${size}${fill}${attrs === '' ? '' : ` ${attrs}`}>${svgText(content)}</text>`;
}

/** A building card face up: type band with points, name, card cost and power. */
function buildingCard(x: number, y: number, kind: number, note = '', mark = false): string {
  const k = KINDS[kind];
  const style = TYPE_STYLE[k.type];
  const type = k.mixedAs === null ? k.type : `M·${k.mixedAs}`;
  const name = wrapWords(k.name, 15)
    .map((line, i) => `<tspan x="${x + 5}" y="${y + 32 + i * 14}">${svgText(line)}</tspan>`)
    .join('');
  const power = k.type === 'P' ? `+${k.production} power` : `${k.power} power`;
  const title = `${k.name}: ${buildingText(k)}${note === '' ? '' : ` (${note})`}`;
  return (
    `<g><title>${svgText(title)}</title>` +
    `<rect x="${x}" y="${y}" width="${TILE_W}" height="${TILE_H}" rx="5" fill="${style.fill}" ` +
    `stroke="${mark ? HIGHLIGHT : style.band}" stroke-width="${mark ? 3 : 1}"/>` +
    `<rect x="${x}" y="${y}" width="${TILE_W}" height="17" rx="5" fill="${style.band}"/>` +
    text(x + 5, y + 13, `${type}${k.eco ? ' eco' : ''}`, 'font-size="12" font-weight="700" fill="#ffffff"') +
    text(
      x + TILE_W - 5,
      y + 13,
      plural(k.points, 'pt'),
      'font-size="12" font-weight="700" fill="#ffffff" text-anchor="end"',
    ) +
    `<text ${FONT} font-size="12" font-weight="700" fill="#1d2430">${name}</text>` +
    text(x + 5, y + TILE_H - 6, plural(k.cost, 'card'), 'font-size="12"') +
    text(x + TILE_W - 5, y + TILE_H - 6, power, 'font-size="12" text-anchor="end"') +
    (mark ? `<circle cx="${x + TILE_W - 2}" cy="${y + 2}" r="6" fill="${HIGHLIGHT}" stroke="#ffffff"/>` : '') +
    '</g>'
  );
}

function emptyPlot(x: number, y: number, plot: number): string {
  return (
    `<g><title>empty plot ${plot} of ${END_BUILDINGS}</title>` +
    `<rect x="${x}" y="${y}" width="${TILE_W}" height="${TILE_H}" rx="5" fill="#fafafa" stroke="#b8bec8" ` +
    `stroke-dasharray="4 3"/></g>`
  );
}

/** An action card face up in the seat's colour ('2 Exchange'). */
function actionCard(
  x: number,
  y: number,
  w: number,
  h: number,
  seat: number,
  card: number,
  note: string,
  mark = false,
): string {
  const colour = SEAT_COLORS[seat];
  const name = ACTION_CARD_NAMES[card];
  return (
    `<g><title>${svgText(`${name}: ${actionCardText(card)}${note === '' ? '' : ` (${note})`}`)}</title>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="#ffffff" stroke="${mark ? HIGHLIGHT : colour}" ` +
    `stroke-width="3"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="18" rx="5" fill="${colour}"/>` +
    text(
      x + w / 2,
      y + 14,
      String(card + 1),
      `font-size="13" font-weight="700" text-anchor="middle" fill="${inkOn(colour)}"`,
    ) +
    text(x + w / 2, y + h / 2 + 14, name, 'font-size="12" font-weight="700" text-anchor="middle"') +
    '</g>'
  );
}

/** A fan of `n` card backs within `maxWidth`, labelled below. */
function backFan(x: number, y: number, n: number, maxWidth: number, label: string, caption: string): string {
  const w = 28;
  const h = 40;
  const step = n <= 1 ? 0 : Math.min(12, (maxWidth - w) / (n - 1));
  const backs = Array.from({ length: n }, (_, i) => cardBack(x + i * step, y, w, h, label)).join('');
  return backs + text(x, y + h + 15, caption, 'font-size="12"');
}

/** Kinds each seat built since the viewer's last move (the spectator: every build kept in the log). */
function newBuilds(view: CityPlanView): number[][] {
  const out: number[][] = Array.from({ length: view.players }, () => []);
  const from = view.seat >= 0 ? view.lastMove[view.seat] : 0;
  for (const entry of view.log.slice(from)) if (entry[0] === 'build') out[entry[2]].push(entry[3]);
  return out;
}

function incomeTriggeredSince(view: CityPlanView): Set<number> {
  const from = view.seat >= 0 ? view.lastMove[view.seat] : 0;
  return new Set(
    view.log
      .slice(from)
      .filter((e) => e[0] === 'income')
      .map((e) => e[2]),
  );
}

/** Rows a city needs: its buildings, the one being built, and empty plots up to 10. */
function cityRows(view: CityPlanView, seat: number): number {
  const building = view.pending !== null && view.pending.seat === seat ? 1 : 0;
  return Math.max(2, Math.ceil((view.cities[seat].length + building) / PER_ROW));
}

const PANEL_HEAD = 26;
const INFO_H = 76;
const panelHeight = (view: CityPlanView, seat: number) =>
  PANEL_HEAD + INFO_H + cityRows(view, seat) * (TILE_H + GAP) + 4;

/** One player's place: colour band, action card, hand (backs unless it is the viewer's), chips, city. */
function seatPanel(view: CityPlanView, seat: number, y0: number, fresh: number[]): string {
  const colour = SEAT_COLORS[seat];
  const h = panelHeight(view, seat);
  const ink = inkOn(colour);
  const parts: string[] = [];
  const acting = !view.isOver && view.toAct === seat;
  parts.push(
    `<rect x="${M}" y="${y0}" width="${W - 2 * M}" height="${h}" rx="8" fill="#ffffff" stroke="${colour}" ` +
      `stroke-width="${acting ? 4 : 2}"/>`,
  );
  parts.push(`<rect x="${M}" y="${y0}" width="${W - 2 * M}" height="${PANEL_HEAD}" rx="8" fill="${colour}"/>`);
  const badges = [view.mayor === seat ? 'mayor' : '', acting ? 'to act' : ''].filter((b) => b !== '').join(' · ');
  parts.push(text(M + 10, y0 + 18, seatName(view, seat), `font-size="15" font-weight="700" fill="${ink}"`));
  if (badges !== '') parts.push(text(M + 150, y0 + 18, badges, `font-size="13" font-weight="700" fill="${ink}"`));
  parts.push(
    text(
      W - M - 10,
      y0 + 18,
      `score ${view.scores[seat]}`,
      `font-size="14" font-weight="700" fill="${ink}" text-anchor="end"`,
    ),
  );
  if (view.mayor === seat) {
    parts.push(
      `<g><title>Mayor: ${svgText(seatName(view, seat))} holds the mayor card and acts first this turn</title>` +
        `<circle cx="${M + 136}" cy="${y0 + 13}" r="7" fill="#ffd54a" stroke="#1d2430"/></g>`,
    );
  }

  // Info row: action card, hand, set-aside cards, chips.
  const iy = y0 + PANEL_HEAD + 6;
  const ax = M + 8;
  if (view.revealed !== null) {
    parts.push(actionCard(ax, iy, 64, 62, seat, view.revealed[seat], 'revealed this turn', seat !== view.seat));
  } else if (seat === view.seat && view.ownAction >= 0) {
    parts.push(
      actionCard(ax, iy, 64, 62, seat, view.ownAction, 'your choice, hidden from the others until everyone has chosen'),
    );
  } else if (view.committed[seat]) {
    parts.push(
      cardBack(ax, iy, 64, 62, `${seatName(view, seat)}: action card chosen, face down until everyone has chosen`),
    );
  } else {
    parts.push(
      `<g><title>${svgText(`${seatName(view, seat)}: no action card chosen yet`)}</title>` +
        `<rect x="${ax}" y="${iy}" width="64" height="62" rx="5" fill="#fafafa" stroke="#b8bec8" stroke-dasharray="4 ` +
        `3"/>` +
        text(ax + 32, iy + 36, 'action', 'font-size="12" text-anchor="middle" fill="#667"') +
        '</g>',
    );
  }
  const hx = ax + 80;
  const hand = view.handSizes[seat];
  if (seat === view.seat) {
    parts.push(text(hx, iy + 24, `Your hand: ${plural(hand, 'card')}`, 'font-size="13" font-weight="700"'));
    parts.push(text(hx, iy + 42, 'shown below', 'font-size="12" fill="#667"'));
  } else {
    parts.push(backFan(hx, iy, hand, 150, `face-down card in ${seatName(view, seat)}'s hand`, `hand ${hand}`));
  }
  const exchanging = view.phase === 'exchange' && view.toAct === seat && view.setAsideCount > 0;
  if (exchanging && seat !== view.seat) {
    parts.push(
      backFan(
        hx + 165,
        iy,
        view.setAsideCount,
        80,
        `face-down card ${seatName(view, seat)} set aside to exchange`,
        `set aside ${view.setAsideCount}`,
      ),
    );
  }
  const sx = W - M - 12;
  const chip = (cy: number, fill: string, label: string, title: string) =>
    `<g><title>${svgText(title)}</title><circle cx="${sx - 140}" cy="${cy - 4}" r="6" fill="${fill}" ` +
    `stroke="#1d2430"/>` +
    text(sx, cy, label, 'font-size="13" text-anchor="end"') +
    '</g>';
  parts.push(chip(iy + 12, '#f2c14e', `power ${view.power[seat]}`, `Power chips: ${view.power[seat]}`));
  parts.push(
    chip(iy + 30, '#7b5ea7', `councilor chips ${view.councilors[seat]}`, `Councilor chips: ${view.councilors[seat]}`),
  );
  parts.push(
    text(
      sx,
      iy + 48,
      `${plural(view.cities[seat].length, 'building')} of ${END_BUILDINGS}`,
      'font-size="13" text-anchor="end"',
    ),
  );
  if (view.freeBuilds[seat] > 0) {
    parts.push(
      `<g><title>Free builds: the next ${plural(view.freeBuilds[seat], 'building')} cost 0 cards</title>` +
        text(
          sx,
          iy + 66,
          `free builds ${view.freeBuilds[seat]}`,
          'font-size="13" text-anchor="end" font-weight="700"',
        ) +
        '</g>',
    );
  }

  // The city: buildings in kind order, then the one being built, then empty plots.
  const cy0 = y0 + PANEL_HEAD + INFO_H;
  const city = view.cities[seat];
  const toMark = fresh.slice();
  const slot = (i: number): [number, number] => [
    M + 8 + (i % PER_ROW) * (TILE_W + GAP),
    cy0 + Math.floor(i / PER_ROW) * (TILE_H + GAP),
  ];
  city.forEach((kind, i) => {
    const at = toMark.indexOf(kind);
    if (at >= 0) toMark.splice(at, 1);
    const [x, y] = slot(i);
    parts.push(
      buildingCard(
        x,
        y,
        kind,
        at >= 0 ? (view.seat >= 0 ? 'new since your last move' : 'new in the recent events') : '',
        at >= 0,
      ),
    );
  });
  let next = city.length;
  const p = view.pending;
  if (p !== null && p.seat === seat) {
    const [x, y] = slot(next++);
    const paying =
      view.phase === 'sacrifice'
        ? `being built; may sacrifice the Construction Site for ${SACRIFICE_DISCOUNT} cards less`
        : `being built: ${plural(p.due, 'card')} of ${p.cost} still to pay, then ${p.power} power`;
    parts.push(buildingCard(x, y, p.kind, paying, true));
    parts.push(
      `<rect x="${x - 3}" y="${y - 3}" width="${TILE_W + 6}" height="${TILE_H + 6}" rx="7" fill="none" ` +
        `stroke="${HIGHLIGHT}" stroke-width="2" stroke-dasharray="6 3"/>`,
    );
  }
  const rows = cityRows(view, seat);
  for (let i = next; i < rows * PER_ROW; i++) {
    if (i >= END_BUILDINGS && i >= next) break;
    const [x, y] = slot(i);
    parts.push(emptyPlot(x, y, i + 1));
  }
  return parts.join('');
}

const MIDDLE_H = 196;

/** The shared middle: income cards, assembly, deck, discard pile. */
function middle(view: CityPlanView, y0: number): string {
  const parts: string[] = [];
  parts.push(
    `<rect x="${M}" y="${y0}" width="${W - 2 * M}" height="${MIDDLE_H}" rx="8" fill="#eef1e6" stroke="#c9cfb8"/>`,
  );
  parts.push(text(M + 10, y0 + 20, 'Income cards (each pays out once)', 'font-size="13" font-weight="700"'));
  const fresh = incomeTriggeredSince(view);
  const cw = 96;
  const ch = 72;
  INCOME_CARDS.forEach((c, i) => {
    const x = M + 8 + i * (cw + 5);
    const y = y0 + 28;
    const used = view.incomeUsed[c.id];
    const mark = fresh.has(c.id);
    const lines = wrapWords(c.name, 13)
      .map((line, j) => `<tspan x="${x + cw / 2}" y="${y + 34 + j * 14}">${svgText(line)}</tspan>`)
      .join('');
    const title = `${c.name}: ${incomeCardText(c.id)}${used ? ' Already paid out.' : ' Not paid out yet.'}`;
    parts.push(
      `<g><title>${svgText(title)}</title>` +
        `<rect x="${x}" y="${y}" width="${cw}" height="${ch}" rx="5" fill="${used ? '#d5d8dc' : '#fff8dc'}" ` +
        `stroke="${mark ? HIGHLIGHT : '#8a7a3a'}" stroke-width="${mark ? 3 : 1}"/>` +
        text(x + 6, y + 15, String(c.number), 'font-size="13" font-weight="700"') +
        text(
          x + cw - 6,
          y + 15,
          used ? 'used' : c.condition,
          `font-size="12" text-anchor="end"${used ? ' fill="#555"' : ''}`,
        ) +
        `<text ${FONT} font-size="12" font-weight="700" text-anchor="middle" ` +
        `fill="${used ? '#555' : '#1d2430'}">${lines}</text></g>`,
    );
  });
  const by = y0 + 112;
  // Assembly.
  const chips = view.assembly;
  const assembly = view.councilOpen
    ? `${plural(chips, 'councilor chip')} on the assembly`
    : 'the council is not open yet';
  parts.push(
    `<g><title>${svgText(`Assembly: ${assembly}`)}</title>` +
      `<rect x="${M + 8}" y="${by}" width="250" height="72" rx="5" fill="#ffffff" stroke="#7b5ea7"/>` +
      text(M + 16, by + 18, 'Assembly', 'font-size="13" font-weight="700"') +
      text(
        M + 16,
        by + 36,
        view.councilOpen ? plural(chips, 'councilor chip') : 'closed until an income card pays',
        'font-size="12"',
      ) +
      Array.from(
        { length: Math.min(chips, 15) },
        (_, i) => `<circle cx="${M + 24 + i * 15}" cy="${by + 56}" r="6" fill="#7b5ea7" stroke="#1d2430"/>`,
      ).join('') +
      '</g>',
  );
  // Deck and discard pile.
  const dx = M + 280;
  parts.push(
    view.deckSize > 0
      ? cardBack(dx, by, 50, 70, `Draw deck: ${plural(view.deckSize, 'card')}, face down`)
      : `<g><title>Draw deck: empty</title><rect x="${dx}" y="${by}" width="50" height="70" rx="4" fill="none" ` +
          `stroke="#b8bec8" stroke-dasharray="4 3"/></g>`,
  );
  parts.push(text(dx + 58, by + 30, 'Deck', 'font-size="13" font-weight="700"'));
  parts.push(text(dx + 58, by + 48, plural(view.deckSize, 'card'), 'font-size="12"'));
  const px = M + 450;
  const faceUp = view.publicDiscards.length > 0 ? ` Face-up cards in it: ${nameList(view.publicDiscards)}.` : '';
  const mine =
    view.seat >= 0 && view.ownDiscards.length > 0 ? ` You discarded into it: ${nameList(view.ownDiscards)}.` : '';
  parts.push(
    view.discardSize > 0
      ? cardBack(px, by, 50, 70, `Discard pile: ${plural(view.discardSize, 'card')}, mostly face down.${faceUp}${mine}`)
      : `<g><title>Discard pile: empty</title><rect x="${px}" y="${by}" width="50" height="70" rx="4" fill="none" ` +
          `stroke="#b8bec8" stroke-dasharray="4 3"/></g>`,
  );
  parts.push(text(px + 58, by + 30, 'Discards', 'font-size="13" font-weight="700"'));
  parts.push(text(px + 58, by + 48, plural(view.discardSize, 'card'), 'font-size="12"'));
  return parts.join('');
}

function nameList(kinds: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].map(([k, n]) => (n > 1 ? `${KINDS[k].name} x${n}` : KINDS[k].name)).join(', ');
}

/** The viewer's own cards: action cards, set-aside cards, building hand. */
function ownHand(view: CityPlanView, y0: number): [string, number] {
  const parts: string[] = [];
  const seat = view.seat;
  let y = y0;
  parts.push(text(M + 4, y + 16, 'Your action cards', 'font-size="14" font-weight="700"'));
  y += 24;
  ACTION_CARD_NAMES.forEach((_, card) => {
    const chosen = view.ownAction === card;
    parts.push(
      actionCard(
        M + 8 + card * 104,
        y,
        96,
        52,
        seat,
        card,
        chosen ? 'chosen this turn' : 'in your action hand',
        chosen,
      ),
    );
  });
  y += 62;
  if (view.ownSetAside.length > 0) {
    parts.push(
      text(M + 4, y + 16, `Set aside to exchange (${view.ownSetAside.length})`, 'font-size="14" font-weight="700"'),
    );
    y += 24;
    view.ownSetAside.forEach((kind, i) => {
      parts.push(
        buildingCard(
          M + 8 + (i % PER_ROW) * (TILE_W + GAP),
          y + Math.floor(i / PER_ROW) * (TILE_H + GAP),
          kind,
          'set aside to exchange',
        ),
      );
    });
    y += Math.ceil(view.ownSetAside.length / PER_ROW) * (TILE_H + GAP) + 4;
  }
  parts.push(text(M + 4, y + 16, `Your hand (${view.hand.length})`, 'font-size="14" font-weight="700"'));
  y += 24;
  view.hand.forEach((kind, i) => {
    parts.push(
      buildingCard(
        M + 8 + (i % PER_ROW) * (TILE_W + GAP),
        y + Math.floor(i / PER_ROW) * (TILE_H + GAP),
        kind,
        'in your hand',
      ),
    );
  });
  y += Math.max(1, Math.ceil(view.hand.length / PER_ROW)) * (TILE_H + GAP);
  if (view.hand.length === 0) parts.push(text(M + 8, y - TILE_H / 2, 'no cards', 'font-size="13" fill="#667"'));
  return [parts.join(''), y - y0];
}

const FINAL_COLUMNS = ['', 'bldgs', 'chips', 'council', 'compl.', 'devel.', 'effects', 'bonus', 'total', 'place'];

function finalTable(view: CityPlanView, y0: number): [string, number] {
  if (view.final === null || view.ranking === null) return ['', 0];
  const ranking = view.ranking;
  const parts: string[] = [];
  const h = 34 + (view.players + 1) * 20;
  parts.push(`<rect x="${M}" y="${y0}" width="${W - 2 * M}" height="${h}" rx="8" fill="#fffdf3" stroke="#c9b458"/>`);
  parts.push(
    text(
      M + 10,
      y0 + 20,
      view.truncated ? 'Final scores (the turn cap was reached)' : 'Final scores',
      'font-size="14" font-weight="700"',
    ),
  );
  const colX = (c: number) => (c === 0 ? M + 10 : M + 104 + (c - 1) * 56);
  FINAL_COLUMNS.forEach((col, c) => parts.push(text(colX(c), y0 + 40, col, 'font-size="12" font-weight="700"')));
  view.final.forEach((f, seat) => {
    const y = y0 + 60 + seat * 20;
    const cells = [
      f.buildingPoints,
      f.chips,
      f.council,
      f.completion,
      f.development,
      f.effects,
      f.cityBonus,
      f.total,
      ranking[seat] + 1,
    ];
    const bonus = f.bonusCards.length > 0 ? `: drew ${nameList(f.bonusCards)}` : '';
    const title =
      `${seatName(view, seat)}: total ${f.total}; City Bonus ${plural(f.tickets, 'ticket')} for ` +
      `${f.cityBonus} points${bonus}${f.cityHall ? '; owns the City Hall (wins ties)' : ''}`;
    parts.push(
      `<g><title>${svgText(title)}</title>` +
        text(colX(0), y, seatName(view, seat), `font-size="12" font-weight="700" fill="${SEAT_COLORS[seat]}"`) +
        cells
          .map((v, c) => text(colX(c + 1), y, String(v), `font-size="12"${c === 7 ? ' font-weight="700"' : ''}`))
          .join('') +
        '</g>',
    );
  });
  return [parts.join(''), h + 10];
}

/** One line: who acts and on what, or the result. */
function statusText(view: CityPlanView): string {
  if (view.isOver) {
    const names = view.winners.map((s) => seatName(view, s));
    return `Game over: ${names.join(' and ')} ${names.length === 1 ? 'wins' : 'share the win'}.`;
  }
  const mine = describeDecision(view);
  if (mine !== '') return `Your turn: ${mine}`;
  const p = view.pending;
  if (p !== null && view.phase === 'pay') {
    return (
      `${seatName(view, view.toAct)} to act: paying for the ${KINDS[p.kind].name} (${p.due} of ` +
      `${plural(p.cost, 'card')} still due, then ${p.power} power).`
    );
  }
  if (p !== null && view.phase === 'sacrifice') {
    return (
      `${seatName(view, view.toAct)} to act: building the ${KINDS[p.kind].name}, deciding about the ` +
      `Construction Site.`
    );
  }
  return `${seatName(view, view.toAct)} to act: ${PHASE_WORDS[view.phase]}.`;
}

const PHASE_WORDS: Readonly<Record<CityPlanView['phase'], string>> = {
  actionSelect: 'choosing an action card',
  exchange: 'exchanging cards',
  build: 'building or drawing 2',
  sacrifice: 'deciding about the Construction Site',
  pay: 'paying for a building',
  handLimit: `discarding down to ${HAND_LIMIT} cards`,
  over: 'nothing',
};

/** The board: others' cities on top, the shared middle, then the viewer's city and hand. */
export function renderSvg(view: CityPlanView): string {
  const parts: string[] = [];
  let y = M;
  const variant = view.variant === 'plain' ? ' (Plain)' : '';
  parts.push(
    text(
      M + 4,
      y + 18,
      `City Plan Delta${variant} · turn ${view.turn} of ${view.maxTurns}`,
      'font-size="17" font-weight="700"',
    ),
  );
  for (const line of wrapWords(statusText(view), 78)) {
    parts.push(text(M + 4, y + 40, line, 'font-size="14"'));
    y += 18;
  }
  y += 36;
  const fresh = newBuilds(view);
  const me = view.seat >= 0 && view.seat < view.players ? view.seat : -1;
  const others = Array.from({ length: view.players }, (_, i) => (me < 0 ? i : (me + 1 + i) % view.players)).slice(
    0,
    me < 0 ? view.players : view.players - 1,
  );
  const [final, finalH] = finalTable(view, y);
  parts.push(final);
  y += finalH;
  if (me < 0) {
    parts.push(middle(view, y));
    y += MIDDLE_H + 10;
  }
  for (const seat of others) {
    parts.push(seatPanel(view, seat, y, fresh[seat]));
    y += panelHeight(view, seat) + 10;
  }
  if (me >= 0) {
    parts.push(middle(view, y));
    y += MIDDLE_H + 10;
    parts.push(seatPanel(view, me, y, fresh[me]));
    y += panelHeight(view, me) + 10;
    const [hand, handH] = ownHand(view, y);
    parts.push(hand);
    y += handH;
  }
  const since = me >= 0 ? 'since your last move' : 'in the recent events';
  parts.push(
    text(
      M + 4,
      y + 14,
      `Orange outline: new ${since}, or being built. Card corners: card cost, power, points.`,
      'font-size="12" fill="#667"',
    ),
  );
  y += 24;
  const who = me >= 0 ? `You are seat ${me}. ` : 'Spectator view. ';
  return svgBoard(
    W,
    y,
    `City Plan Delta, turn ${view.turn}`,
    parts.join(''),
    `${who}${statusText(view)} Every city is a row of building cards; hands of other players are face down.`,
  );
}

/** The viewer's decision in players' words; '' when it is not the viewer's turn. */
export function describeDecision(view: CityPlanView): string {
  if (view.isOver || view.seat < 0 || view.toAct !== view.seat) return '';
  const p = view.pending;
  const name = p === null ? '' : KINDS[p.kind].name;
  switch (view.phase) {
    case 'actionSelect':
      return view.councilOpen
        ? 'Choose your action card face down: Income (draw 1), Exchange (swap cards) or Council (take a councilor ' +
            'chip).'
        : 'Choose your action card face down: Income (draw 1), Exchange (swap cards) or Council (draws 1 card while ' +
            'the council is closed).';
    case 'exchange':
      return (
        `Pick cards to exchange one at a time (${plural(view.setAsideCount, 'card')} set aside so far), then ` +
        `finish to draw as many new ones.`
      );
    case 'build':
      return (
        'Build a building from your hand, paying other cards for its card cost and chips for its power, or draw ' +
        '2 cards instead.'
      );
    case 'sacrifice':
      return (
        `Decide whether to give up your Construction Site so that the ${name} costs ${SACRIFICE_DISCOUNT} cards ` +
        `less.`
      );
    case 'pay':
      return `Choose a card to discard as payment for the ${name} (${plural(p?.due ?? 0, 'card')} still to pay).`;
    case 'handLimit':
      return (
        `Choose a card to discard: you may keep ${HAND_LIMIT} ` +
        `(${plural(view.handSizes[view.seat] - HAND_LIMIT, 'card')} still to discard).`
      );
    default:
      return '';
  }
}

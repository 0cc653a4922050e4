/**
 * Promotion drawn as the table (pure functions of one seat's view): the postcard in the middle with
 * each side turned toward the seat that faces it, the viewer at the bottom and the others around it
 * clockwise (left neighbour on the left), then the supply by suit and the events since the viewer's
 * last decision. Row cards of other seats are card backs until all four are revealed.
 */
import { SEAT_COLORS, cardBack, svgBoard, svgText, inkOn, wrapWords } from '../core/board.js';
import { KING, MIN_FIELD_RANK, SIDES, SUIT_NAMES, SUIT_SYMBOLS, cardLabel } from './components.js';
import type { LogEntry } from './events.js';
import { sideText } from './glossary.js';
import { formatLogEntry } from './render.js';
import type { PromotionView } from './view.js';

const W = 640;
const M = 10;
const FONT = 'font-family="sans-serif"';
const HIGHLIGHT = '#E69F00';
const SUIT_INK = ['#1d2430', '#c0392b', '#c0392b', '#1d2430'];
const FACE = ['', '', '', '', '', '', '', '', '', '', '', 'J', 'Q', 'K'];

const seatName = (view: PromotionView, seat: number) => (seat === view.seat ? `Seat ${seat} (you)` : `Seat ${seat}`);

/** A line of text; `attrs` may override the default size (13) and colour. */
function text(x: number, y: number, content: string, attrs = ''): string {
  const size = attrs.includes('font-size=') ? '' : ' font-size="13"';
  const fill = attrs.includes('fill=') ? '' : ' fill="#1d2430"';
  return `<text x="${x}" y="${y}" ${FONT}${size}${fill}${attrs === '' ? '' : ` ${attrs}`}>${svgText(content)}</text>`;
}

const icons = (pair: readonly number[]) => pair.map((s) => SUIT_SYMBOLS[s]).join(' ');

/** A face-up playing card: suit and rank (J/Q/K marked), framed in the owner's colour (or grey in the supply). */
function playingCard(
  x: number,
  y: number,
  w: number,
  h: number,
  suit: number,
  rank: number,
  frame: string,
  title: string,
  mark = false,
): string {
  const ink = SUIT_INK[suit];
  const king = rank === KING;
  return (
    `<g><title>${svgText(title)}</title>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="${king ? '#fff4c2' : '#ffffff'}" ` +
    `stroke="${mark ? HIGHLIGHT : frame}" stroke-width="${mark ? 4 : 2}"/>` +
    text(x + 5, y + 15, SUIT_SYMBOLS[suit], `font-size="14" fill="${ink}"`) +
    text(
      x + w / 2,
      y + h / 2 + 9,
      String(rank),
      `font-size="${h >= 70 ? 24 : 20}" font-weight="700" text-anchor="middle" fill="${ink}"`,
    ) +
    (FACE[rank] === ''
      ? ''
      : text(x + w - 5, y + h - 6, FACE[rank], `font-size="13" font-weight="700" text-anchor="end" fill="${ink}"`)) +
    (mark ? `<circle cx="${x + w - 2}" cy="${y + 2}" r="6" fill="${HIGHLIGHT}" stroke="#ffffff"/>` : '') +
    '</g>'
  );
}

function emptySlot(
  x: number,
  y: number,
  w: number,
  h: number,
  title: string,
  label = '',
  labelFill = '#8a93a3',
): string {
  return (
    `<g><title>${svgText(title)}</title>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="#fafafa" stroke="#b8bec8" stroke-dasharray="4 ` +
    '3"/>' +
    (label === ''
      ? ''
      : text(x + w / 2, y + h / 2 + 5, label, `font-size="12" text-anchor="middle" fill="${labelFill}"`)) +
    '</g>'
  );
}

/** A seat's row card for this round: back while hidden, face up once revealed (or to its owner). */
function rowCard(view: PromotionView, seat: number, x: number, y: number, w: number, h: number): string {
  const colour = SEAT_COLORS[seat];
  const faceUp = (row: number, note: string) =>
    `<g><title>${svgText(`${seatName(view, seat)}'s row card: row ${row} (${note})`)}</title>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="#ffffff" stroke="${colour}" stroke-width="3"/>` +
    text(x + w / 2, y + 16, 'row', 'font-size="12" text-anchor="middle"') +
    text(
      x + w / 2,
      y + h / 2 + 14,
      String(row),
      `font-size="24" font-weight="700" text-anchor="middle" fill="${colour}"`,
    ) +
    '</g>';
  if (view.rows !== null) return faceUp(view.rows[seat], 'revealed');
  if (seat === view.seat && view.ownRow > 0) return faceUp(view.ownRow, 'hidden from others until all four are placed');
  if (view.committed[seat])
    return cardBack(x, y, w, h, `${seatName(view, seat)}'s row card, face down until all four are placed`);
  return emptySlot(x, y, w, h, `${seatName(view, seat)}: no row card placed`, 'row');
}

/** Per seat and suit: the field card changed since the viewer's last decision. */
function changedCards(view: PromotionView): Set<string> {
  const out = new Set<string>();
  for (const e of sinceLastDecision(view)) {
    const a = e.args;
    if (e.kind === 'promote' && a[3] !== a[4]) out.add(`${a[0]}:${a[2]}`);
    if ((e.kind === 'demote' || e.kind === 'wild') && a[2] !== a[3]) out.add(`${a[0]}:${a[1]}`);
    if (e.kind === 'change') {
      out.add(`${a[0]}:${a[2]}`);
      out.add(`${a[1]}:${a[2]}`);
    }
  }
  return out;
}

/** The log after the viewer's last decision (the whole log for a spectator). */
function sinceLastDecision(view: PromotionView): LogEntry[] {
  let from = 0;
  view.log.forEach((e, i) => {
    const mine =
      e.args[0] === view.seat &&
      (['orient', 'flip', 'commit', 'change', 'wild'].includes(e.kind) || (e.kind === 'draft' && e.args[2] === 0));
    if (mine) from = i + 1;
  });
  return view.log.slice(from);
}

function badges(view: PromotionView, seat: number): string {
  const out: string[] = [];
  if (view.parent === seat) out.push('parent');
  if (view.phase === 'draft' && view.draft.parent === seat) out.push('drafts');
  if (!view.isOver && view.toAct === seat) out.push('to act');
  if (view.winners.includes(seat)) out.push('wins');
  return out.join(' · ');
}

function fieldCard(
  view: PromotionView,
  seat: number,
  suit: number,
  x: number,
  y: number,
  w: number,
  h: number,
  changed: Set<string>,
): string {
  const rank = view.fields[seat][suit];
  if (rank === 0)
    return emptySlot(
      x,
      y,
      w,
      h,
      `${seatName(view, seat)}: no ${SUIT_NAMES[suit]} field card yet (not drafted)`,
      SUIT_SYMBOLS[suit],
    );
  const isNew = changed.has(`${seat}:${suit}`);
  const tie = view.phase === 'downTie' && view.toAct === seat && view.tieSuits.includes(suit);
  const notes = [
    isNew ? (view.seat >= 0 ? 'changed since your last move' : 'changed in the recent events') : '',
    tie ? 'tied highest: may be demoted by Down!' : '',
  ].filter((n) => n !== '');
  const title =
    `${seatName(view, seat)}'s field card ${cardLabel(suit, rank)} (${SUIT_NAMES[suit]} ` +
    `${rank}${rank === KING ? ', a King' : ''})` +
    (notes.length > 0 ? `; ${notes.join('; ')}` : '');
  return playingCard(x, y, w, h, suit, rank, SEAT_COLORS[seat], title, isNew || tie);
}

function sideLines(view: PromotionView, seat: number): string[] {
  const side = view.sides[seat];
  if (side < 0) return ['postcard not placed'];
  const s = SIDES[side];
  const rows = s.rows.map((pair, i) => `${i + 2}: ${icons(pair)}`).join('   ');
  return [`faces ${s.greek} · row 1 ${s.effectLabel}`, rows];
}

const WIDE_H = 124;

/** A full-width place (across the table, or the viewer's own). */
function widePanel(view: PromotionView, seat: number, y0: number, changed: Set<string>): string {
  const colour = SEAT_COLORS[seat];
  const acting = !view.isOver && view.toAct === seat;
  const parts = [
    `<rect x="${M}" y="${y0}" width="${W - 2 * M}" height="${WIDE_H}" rx="8" fill="#ffffff" stroke="${colour}" ` +
      `stroke-width="${acting ? 4 : 2}"/>`,
    `<rect x="${M}" y="${y0}" width="${W - 2 * M}" height="24" rx="8" fill="${colour}"/>`,
    text(M + 10, y0 + 17, seatName(view, seat), `font-size="15" font-weight="700" fill="${inkOn(colour)}"`),
    text(M + 150, y0 + 17, badges(view, seat), `font-size="13" font-weight="700" fill="${inkOn(colour)}"`),
    text(
      W - M - 10,
      y0 + 17,
      `best ${Math.max(...view.fields[seat])}`,
      `font-size="13" font-weight="700" text-anchor="end" fill="${inkOn(colour)}"`,
    ),
  ];
  const by = y0 + 32;
  parts.push(rowCard(view, seat, M + 10, by, 52, 80));
  for (let suit = 0; suit < 4; suit++) parts.push(fieldCard(view, seat, suit, M + 80 + suit * 66, by, 60, 80, changed));
  sideLines(view, seat).forEach((line, i) =>
    parts.push(text(M + 356, by + 20 + i * 22, line, `font-size="13"${i === 0 ? ' font-weight="700"' : ''}`)),
  );
  return parts.join('');
}

const NARROW_W = 150;
const MIDDLE_H = 300;

/** A place to the left or right of the postcard. */
function narrowPanel(view: PromotionView, seat: number, x0: number, y0: number, changed: Set<string>): string {
  const colour = SEAT_COLORS[seat];
  const acting = !view.isOver && view.toAct === seat;
  const parts = [
    `<rect x="${x0}" y="${y0}" width="${NARROW_W}" height="${MIDDLE_H}" rx="8" fill="#ffffff" stroke="${colour}" ` +
      `stroke-width="${acting ? 4 : 2}"/>`,
    `<rect x="${x0}" y="${y0}" width="${NARROW_W}" height="24" rx="8" fill="${colour}"/>`,
    text(x0 + 8, y0 + 17, seatName(view, seat), `font-size="14" font-weight="700" fill="${inkOn(colour)}"`),
  ];
  const b = badges(view, seat);
  parts.push(
    text(
      x0 + 8,
      y0 + 42,
      b === '' ? `best ${Math.max(...view.fields[seat])}` : `${b} · best ${Math.max(...view.fields[seat])}`,
      'font-size="12" font-weight="700"',
    ),
  );
  for (let suit = 0; suit < 4; suit++) {
    parts.push(
      fieldCard(view, seat, suit, x0 + 8 + (suit % 2) * 70, y0 + 52 + Math.floor(suit / 2) * 76, 64, 70, changed),
    );
  }
  const ry = y0 + 208;
  parts.push(rowCard(view, seat, x0 + 8, ry, 44, 64));
  const side = view.sides[seat];
  if (side >= 0) {
    const s = SIDES[side];
    parts.push(text(x0 + 60, ry + 14, `faces ${s.greek}`, 'font-size="13" font-weight="700"'));
    parts.push(text(x0 + 60, ry + 30, `1: ${s.effectLabel}`, 'font-size="12"'));
    s.rows.forEach((pair, i) =>
      parts.push(
        text(x0 + 60 + (i % 2) * 44, ry + 46 + Math.floor(i / 2) * 16, `${i + 2}: ${icons(pair)}`, 'font-size="12"'),
      ),
    );
  }
  return parts.join('');
}

/**
 * The postcard: four triangles, each side's text turned toward the seat facing it; chosen rows
 * marked after the reveal.
 */
function postcard(view: PromotionView, cx: number, cy: number, seatAt: readonly number[]): string {
  const h = 140;
  const parts = [
    `<rect x="${cx - h}" y="${cy - h}" width="${2 * h}" height="${2 * h}" rx="6" fill="#fffaf0" stroke="#8a7a3a" ` +
      'stroke-width="2"/>',
  ];
  if (view.orientation < 0) {
    parts.push(
      '<g><title>Postcard: not placed yet ' +
        `${view.round === 0 ? '(the field draft comes first)' : 'this round'}</title>` +
        text(cx, cy - 6, 'Postcard', 'font-size="16" font-weight="700" text-anchor="middle"') +
        text(
          cx,
          cy + 14,
          view.round === 0 ? 'placed after the draft' : 'the parent places it',
          'font-size="13" text-anchor="middle"',
        ) +
        '</g>',
    );
    return parts.join('');
  }
  parts.push(
    `<path d="M${cx - h} ${cy - h} L${cx + h} ${cy + h} M${cx + h} ${cy - h} L${cx - h} ${cy + h}" ` +
      'stroke="#c9b98a" stroke-width="1.5"/>',
  );
  seatAt.forEach((seat, pos) => {
    const side = view.sides[seat];
    const s = SIDES[side];
    const chosen = view.rows !== null ? view.rows[seat] : seat === view.seat ? view.ownRow : 0;
    const colour = SEAT_COLORS[seat];
    const lines = [`${s.activation} ${s.effectLabel}`, ...s.rows.map((pair, i) => `${i + 2}  ${icons(pair)}`)];
    const rowY = (i: number) => h - 16 - i * 27;
    const body = lines
      .map((line, i) => {
        const y = rowY(i);
        const half = Math.max(24, y - 10);
        const mark =
          chosen === i + 1
            ? `<rect x="${-half + 4}" y="${y - 16}" width="${2 * half - 8}" height="22" rx="4" ` +
              `fill="${colour}" fill-opacity="0.25" stroke="${colour}"/>`
            : '';
        return (
          mark +
          text(
            0,
            y,
            line,
            `font-size="${i === 0 ? 14 : 15}" font-weight="700" text-anchor="middle"` +
              (i > 0 ? '' : ` fill="${colour}"`),
          )
        );
      })
      .join('');
    const who =
      chosen > 0
        ? `; ${seatName(view, seat)} chose row ${chosen}${view.rows === null ? ' (only you see this)' : ''}`
        : '';
    parts.push(
      `<g transform="translate(${cx} ${cy}) rotate(${pos * 90})">` +
        `<title>${svgText(`Side ${s.greek}, facing ${seatName(view, seat)}: ${sideText(side)}${who}`)}</title>` +
        `<path d="M${-h} ${h} L${h} ${h} L0 0 Z" fill="${colour}" fill-opacity="0.07"/>` +
        text(-h + 8, h - 8, s.greek, 'font-size="14" font-style="italic" fill="#8a7a3a"') +
        body +
        '</g>',
    );
  });
  return parts.join('');
}

const SUPPLY_ROW = 60;

/** The supply: one line per suit, ranks 5..13; a card a player holds is an empty slot marked with that seat. */
function supply(view: PromotionView, y0: number): string {
  const parts = [text(M + 4, y0 + 16, 'Supply (cards no one holds)', 'font-size="14" font-weight="700"')];
  const holder = (suit: number, rank: number) => view.fields.findIndex((f) => f[suit] === rank);
  view.supply.forEach((ranks, suit) => {
    const y = y0 + 26 + suit * SUPPLY_ROW;
    parts.push(text(M + 6, y + 34, SUIT_SYMBOLS[suit], `font-size="22" fill="${SUIT_INK[suit]}"`));
    for (let rank = MIN_FIELD_RANK; rank <= KING; rank++) {
      const x = M + 34 + (rank - MIN_FIELD_RANK) * 65;
      if (ranks.includes(rank)) {
        parts.push(playingCard(x, y, 58, 52, suit, rank, '#8a93a3', `${cardLabel(suit, rank)} in the supply`));
      } else {
        const seat = holder(suit, rank);
        parts.push(
          seat >= 0
            ? `<g><title>${svgText(`${cardLabel(suit, rank)} is ${seatName(view, seat)}'s field card`)}</title>` +
                `<rect x="${x}" y="${y}" width="58" height="52" rx="5" fill="#fafafa" ` +
                `stroke="${SEAT_COLORS[seat]}" stroke-dasharray="4 3"/>` +
                text(x + 29, y + 22, cardLabel(suit, rank), 'font-size="13" text-anchor="middle" fill="#8a93a3"') +
                text(
                  x + 29,
                  y + 40,
                  `seat ${seat}`,
                  `font-size="12" font-weight="700" text-anchor="middle" fill="${SEAT_COLORS[seat]}"`,
                ) +
                '</g>'
            : emptySlot(x, y, 58, 52, `${cardLabel(suit, rank)} not in the supply`),
        );
      }
    }
  });
  return parts.join('');
}

function statusLines(view: PromotionView): string[] {
  if (view.isOver) {
    const names = view.winners.map((s) => seatName(view, s)).join(' and ');
    const how = view.truncated ? `Round ${view.maxRounds} ended without a King: ` : 'Game over: ';
    return [`${how}${names} ${view.winners.length === 1 ? 'wins' : 'share the win'}.`];
  }
  const mine = describeDecision(view);
  const lines = wrapWords(
    mine !== '' ? `Your turn: ${mine}` : `${seatName(view, view.toAct)} to act: ${PHASE_WORDS[view.phase]}.`,
    78,
  );
  if (view.rows !== null && view.activation <= SIDES.length) {
    lines.push(`Row 1: number ${view.activation} (${SIDES[view.activation - 1].effectLabel}) is next.`);
  }
  return lines;
}

const PHASE_WORDS: Readonly<Record<PromotionView['phase'], string>> = {
  draft: 'choosing a suit to draft',
  orient: 'turning the postcard (parent)',
  flip: 'keeping the postcard or turning it 180°',
  row: 'choosing a row card in secret',
  downTie: 'choosing which tied card Down! demotes',
  change: 'choosing the Change! swap',
  wild: 'choosing the Wild! promotion',
  over: 'nothing',
};

/**
 * The board: title and status, the place across, left | postcard | right, the viewer's place,
 * the supply, recent events.
 */
export function renderSvg(view: PromotionView): string {
  const me = view.seat >= 0 && view.seat < view.players ? view.seat : 0;
  // Clockwise from the viewer: bottom, left, top, right.
  const seatAt = [0, 1, 2, 3].map((p) => (me + p) % 4);
  const changed = changedCards(view);
  const parts: string[] = [];
  let y = M;
  const round = view.round === 0 ? 'set-up: field draft' : `round ${view.round} of ${view.maxRounds}`;
  parts.push(text(M + 4, y + 18, `Promotion · ${round}`, 'font-size="17" font-weight="700"'));
  y += 22;
  for (const line of statusLines(view)) {
    parts.push(text(M + 4, y + 18, line, 'font-size="14"'));
    y += 18;
  }
  y += 12;
  parts.push(widePanel(view, seatAt[2], y, changed));
  y += WIDE_H + 10;
  parts.push(narrowPanel(view, seatAt[1], M, y, changed));
  parts.push(postcard(view, W / 2, y + MIDDLE_H / 2, seatAt));
  parts.push(narrowPanel(view, seatAt[3], W - M - NARROW_W, y, changed));
  y += MIDDLE_H + 10;
  parts.push(widePanel(view, seatAt[0], y, changed));
  y += WIDE_H + 14;
  parts.push(supply(view, y));
  y += 26 + 4 * SUPPLY_ROW + 8;
  const recent = sinceLastDecision(view)
    .filter((e) => e.kind !== 'commit')
    .slice(-10);
  if (recent.length > 0) {
    parts.push(
      text(
        M + 4,
        y + 16,
        view.seat >= 0 ? 'Since your last move' : 'Recent events',
        'font-size="14" font-weight="700"',
      ),
    );
    y += 24;
    for (const e of recent) {
      for (const line of wrapWords(
        `${e.round === 0 ? 'set-up' : `round ${e.round}`}: ${formatLogEntry(view, e)}`,
        84,
      )) {
        parts.push(text(M + 8, y + 14, line, 'font-size="13"'));
        y += 18;
      }
    }
  }
  const since = view.seat >= 0 ? 'since your last move' : 'in the recent events';
  parts.push(
    text(
      M + 4,
      y + 16,
      `Orange: changed ${since}. Each postcard side is turned toward the seat facing it.`,
      'font-size="12" fill="#667"',
    ),
  );
  y += 26;
  const who = view.seat >= 0 ? `You are seat ${view.seat}, at the bottom.` : 'Spectator view, seat 0 at the bottom.';
  return svgBoard(W, y, `Promotion, ${round}`, parts.join(''), `${who} ${statusLines(view).join(' ')}`);
}

/** The viewer's decision in players' words; '' when it is not the viewer's turn. */
export function describeDecision(view: PromotionView): string {
  if (view.isOver || view.seat < 0 || view.toAct !== view.seat) return '';
  const me = view.seat;
  switch (view.phase) {
    case 'draft': {
      const left = [0, 1, 2, 3].filter((s) => !view.draft.drafted.includes(s)).map((s) => SUIT_NAMES[s]);
      return (
        `Name a suit to draft (left: ${left.join(', ')}): you take its ${MIN_FIELD_RANK}, and the players ` +
        `after you to the left take its ${MIN_FIELD_RANK + 1}, ${MIN_FIELD_RANK + 2} and ${MIN_FIELD_RANK + 3}.`
      );
    }
    case 'orient':
      return (
        'You are the parent: choose which side of the postcard faces you this round; your right neighbour may ' +
        'then turn it 180°.'
      );
    case 'flip': {
      const now = SIDES[view.sides[me]];
      const turned = SIDES[(view.sides[me] + 2) % 4];
      return (
        `Keep the postcard as it lies (you face ${now.greek}, ${now.effectLabel}) or turn it 180° (you would ` +
        `face ${turned.greek}, ${turned.effectLabel}).`
      );
    }
    case 'row': {
      const s = SIDES[view.sides[me]];
      return (
        `Choose a row card in secret: row 1 is ${s.effectLabel}; rows 2, 3 and 4 promote ` +
        `${s.rows.map(icons).join(', ')} unless another player on that row shows the same suit.`
      );
    }
    case 'downTie':
      return (
        'Down! hits you: choose which of your tied highest cards ' +
        `(${view.tieSuits.map((suit) => cardLabel(suit, view.fields[me][suit])).join(' or ')}) is demoted.`
      );
    case 'change':
      return (
        'Change!: choose an opponent and a suit, and swap your field card of that suit with theirs (you must ' +
        'swap).'
      );
    case 'wild':
      return 'Wild!: choose one of your field cards to promote to the next higher card in the supply.';
    default:
      return '';
  }
}

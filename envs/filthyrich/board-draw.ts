/**
 * Filthy Rich's board as SVG, a pure function of one seat's view: the rivals' places at the top, the
 * binder in the middle (the pockets the dice read now, then its four pages), the dice, deck,
 * discard pile and luxury market, and the viewer's own place with its face-up hand at the bottom.
 * Other hands and the deck are drawn as card backs only. Helpers live in board-kit.ts.
 */
import { cardBack, svgBoard, svgText } from '../core/board.js';
import {
  BUSINESSES,
  CARD_TYPES,
  DECISION_TEXT,
  LUXURIES,
  LUXURIES_TO_WIN,
  PAGES,
  SLOTS,
  luxuryLabel,
} from './components.js';
import { explain, symbolsText } from './glossary.js';
import type { LogEntry } from './events.js';
import { formatLogEntry } from './render.js';
import type { FilthyRichView } from './view.js';
import {
  CATEGORY_FILL,
  FONT,
  INK,
  INNER,
  MUTED,
  NEW_MARK,
  PAD,
  W,
  box,
  cellX,
  cellY,
  changes,
  faceUp,
  newDot,
  rect,
  seatColor,
  seatLabel,
  signOf,
  signTitle,
  text,
  textLines,
  textWidth,
  titled,
  visibleSlots,
  wrap,
  type Block,
  type Changes,
} from './board-kit.js';

const SHOWN_EVENTS = 8;
// ---- header ----------------------------------------------------------------------------------------

function statusSentence(view: FilthyRichView, decision: string): string {
  if (view.isOver) {
    const names = view.winners.map((s) => seatLabel(view, s)).join(' and ');
    const how = view.bankrupt
      ? ' (everybody left went bankrupt in one tax event)'
      : view.truncated
        ? ' (the turn cap ended the game)'
        : '';
    return `Game over: ${names} ${view.winners.length === 1 ? 'wins' : 'share first place'}${how}.`;
  }
  if (decision !== '') return `Your turn: ${decision}`;
  let what = DECISION_TEXT[view.phase];
  if (view.played >= 0 && ['anchor', 'target', 'choose', 'page'].includes(view.phase))
    what += ` (${CARD_TYPES[view.played].name})`;
  return `${seatLabel(view, view.toAct)} to act: ${what}.`;
}

function header(view: FilthyRichView, y: number, decision: string): Block {
  const status = wrap(statusSentence(view, decision), INNER, 14);
  const who = view.seat >= 0 ? `you are seat ${view.seat}` : 'spectator view';
  const svg =
    text(
      PAD,
      y + 18,
      `Filthy Rich · turn ${view.turn} of ${view.maxTurns} · binder open at page ${view.page} · ${who}`,
      { size: 16, weight: 'bold' },
    ) +
    textLines(PAD, y + 40, status, 18, {
      size: 14,
      fill: view.isOver || decision !== '' ? '#7a3b00' : INK,
      weight: decision !== '' ? 'bold' : 'normal',
    });
  return { svg, height: 30 + status.length * 18 };
}

// ---- players ---------------------------------------------------------------------------------------

interface Chip {
  label: string;
  title: string;
  fill: string;
  stroke: string;
  dot: boolean;
}

function chipsOf(view: FilthyRichView, seat: number, changed: Changes): Chip[] {
  const chips: Chip[] = [];
  view.luxuryOwner.forEach((owner, l) => {
    if (owner === seat) {
      const isNew = changed.luxuries.has(l);
      chips.push({
        label: `${LUXURIES[l].name} $${LUXURIES[l].price}`,
        title: `${explain(LUXURIES[l].name)}${isNew ? ' Bought since your last move.' : ''}`,
        fill: '#f6e7b4',
        stroke: '#9a7b16',
        dot: isNew,
      });
    }
  });
  view.businessOwner.forEach((owner, b) => {
    if (owner !== seat) return;
    const sign = signOf(view, b);
    const isNew = changed.businesses.has(b);
    const where = sign === null ? '' : ` (p${sign.page})`;
    chips.push({
      label: `${BUSINESSES[b].name}${where}`,
      title: signTitle(view, b, isNew),
      fill: '#ffffff',
      stroke: seatColor(seat),
      dot: isNew,
    });
  });
  for (const k of view.assets[seat]) {
    const name = CARD_TYPES[BUSINESSES.length + k].name;
    chips.push({ label: name, title: explain(name), fill: CATEGORY_FILL.asset, stroke: '#7d8aa3', dot: false });
  }
  return chips;
}

/** Chips flowed left to right, wrapping inside [x0, x0 + width). */
function flowChips(chips: readonly Chip[], x0: number, y0: number, width: number): Block {
  const h = 22;
  let x = x0;
  let y = y0;
  const parts: string[] = [];
  for (const chip of chips) {
    const w = textWidth(chip.label, 12) + 14;
    if (x > x0 && x + w > x0 + width) {
      x = x0;
      y += h + 5;
    }
    parts.push(
      titled(
        chip.title,
        rect(x, y, w, h, `rx="11" fill="${chip.fill}" stroke="${chip.stroke}" stroke-width="1.5"`) +
          text(x + 7, y + 15, chip.label, { size: 12 }) +
          (chip.dot ? newDot(x + w - 3, y + 3) : ''),
      ),
    );
    x += w + 6;
  }
  return { svg: parts.join(''), height: chips.length === 0 ? 0 : y - y0 + h };
}

function handRow(view: FilthyRichView, seat: number, x0: number, y0: number, width: number): Block {
  const parts: string[] = [];
  if (seat === view.seat) {
    const w = 110;
    const h = 66;
    const perRow = Math.max(1, Math.floor((width + 6) / (w + 6)));
    parts.push(
      text(x0, y0 + 13, `Your hand (${view.hand.length} of ${view.handLimits[seat]}):`, { size: 12, fill: MUTED }),
    );
    if (view.hand.length === 0)
      return { svg: parts.join('') + text(x0 + 150, y0 + 13, 'empty', { size: 12, fill: MUTED }), height: 18 };
    view.hand.forEach((type, i) => {
      parts.push(faceUp(type, x0 + (i % perRow) * (w + 6), y0 + 20 + Math.floor(i / perRow) * (h + 6), w, h));
    });
    return { svg: parts.join(''), height: 20 + Math.ceil(view.hand.length / perRow) * (h + 6) - 6 };
  }
  const known = view.known[seat];
  const backs = view.handSizes[seat] - known.length;
  let x = x0;
  for (let i = 0; i < backs; i++) {
    parts.push(cardBack(x, y0, 22, 30, `a face-down card in ${seatLabel(view, seat)}'s hand`));
    x += 26;
  }
  for (const b of known) {
    const w = textWidth(BUSINESSES[b].name, 12, true) + 14;
    parts.push(faceUp(b, x, y0, w, 30, ' Known to everybody: taken back from the discard pile.'));
    x += w + 6;
  }
  const label =
    view.handSizes[seat] === 0
      ? 'no cards in hand'
      : `${view.handSizes[seat]} card${view.handSizes[seat] === 1 ? '' : 's'} in hand (limit ${view.handLimits[seat]})`;
  parts.push(text(x + 4, y0 + 20, label, { size: 12, fill: MUTED }));
  return { svg: parts.join(''), height: 30 };
}

function playerBox(view: FilthyRichView, seat: number, y: number, changed: Changes): Block {
  const color = seatColor(seat);
  const out = view.eliminated[seat] > 0;
  const toAct = !view.isOver && view.toAct === seat;
  const x0 = PAD + 20;
  const width = INNER - 30;
  const parts: string[] = [];
  const name = seatLabel(view, seat);
  parts.push(text(x0, y + 21, name, { size: 15, weight: 'bold' }));
  const lux = view.luxuryOwner.filter((o) => o === seat).length;
  const stats = out
    ? `OUT (#${view.eliminated[seat]}) · $${view.cash[seat]}`
    : `$${view.cash[seat]} · ${symbolsText(view.symbols[seat])} · luxuries ${lux} of ` +
      `${LUXURIES_TO_WIN}${seat === view.active && !view.isOver ? ' · this turn' : ''}`;
  parts.push(
    text(x0 + textWidth(name, 15, true) + 10, y + 21, stats, {
      size: 14,
      weight: out ? 'normal' : 'bold',
      fill: out ? MUTED : INK,
    }),
  );
  if (toAct) {
    parts.push(
      rect(PAD + INNER - 76, y + 6, 68, 20, `rx="10" fill="${color}"`) +
        text(PAD + INNER - 42, y + 20, 'TO ACT', { size: 12, weight: 'bold', anchor: 'middle', fill: '#ffffff' }),
    );
  }
  let h = 32;
  const chipList = chipsOf(view, seat, changed);
  if (!out || view.handSizes[seat] > 0) {
    const hand = handRow(view, seat, x0, y + h, width);
    parts.push(hand.svg);
    h += hand.height + 8;
  }
  if (chipList.length > 0) {
    const chips = flowChips(chipList, x0, y + h, width);
    parts.push(chips.svg);
    h += chips.height + 8;
  } else if (!out) {
    parts.push(text(x0, y + h + 13, 'no luxuries, businesses or assets yet', { size: 12, fill: MUTED }));
    h += 22;
  }
  const frame =
    rect(
      PAD,
      y,
      INNER,
      h,
      `rx="8" fill="${color}" fill-opacity="${out ? 0.05 : 0.1}" stroke="${color}" stroke-width="${toAct ? 3 : 1.5}"`,
    ) + rect(PAD, y, 10, h, `rx="4" fill="${color}"`);
  const title =
    `${name}: $${view.cash[seat]}, ${view.handSizes[seat]} cards in hand, ${symbolsText(view.symbols[seat])}, ${lux} ` +
    `luxur${lux === 1 ? 'y' : 'ies'}${out ? `, out (#${view.eliminated[seat]})` : ''}${toAct ? ', to act' : ''}`;
  return { svg: `<g${out ? ' opacity="0.7"' : ''}>${titled(title, frame)}${parts.join('')}</g>`, height: h };
}

// ---- binder ------------------------------------------------------------------------------------------

/** The pockets as the dice read them now: each visible sign in its owner's colour, with its page. */
function openPage(view: FilthyRichView, y0: number, changed: Changes): Block {
  const parts: string[] = [
    text(PAD, y0 + 16, `Binder open at page ${view.page}: what the dice hit now`, { size: 15, weight: 'bold' }),
  ];
  const top = y0 + 24;
  const cw = INNER / 3;
  const ch = 66;
  for (let slot = 1; slot <= SLOTS; slot++) {
    if (view.visible[slot - 1] >= 0) continue;
    const x = cellX(slot, PAD, cw);
    const y = cellY(slot, top, ch);
    parts.push(
      titled(
        `slot ${slot}: nothing visible; a die showing ${slot} pays nobody`,
        rect(x + 2, y + 2, cw - 4, ch - 4, 'rx="6" fill="#f1f2f5" stroke="#c3c8d1" stroke-dasharray="4 3"') +
          text(x + cw / 2, y + ch / 2 + 7, String(slot), { size: 20, anchor: 'middle', fill: '#9aa1ad' }),
      ),
    );
  }
  const done = new Set<number>();
  for (let slot = 1; slot <= SLOTS; slot++) {
    const b = view.visible[slot - 1];
    if (b < 0 || done.has(b)) continue;
    done.add(b);
    const sign = signOf(view, b);
    const shown = visibleSlots(view, b);
    const whole = sign !== null && sign.slots.length === shown.length;
    const owner = view.businessOwner[b];
    const color = seatColor(owner);
    const isNew = changed.businesses.has(b);
    const boxes = whole ? [box(shown, PAD, top, cw, ch)] : shown.map((s) => box([s], PAD, top, cw, ch));
    const hit = BUSINESSES[b].special === 'loanShark' ? 'takes up to' : 'pays';
    const sub = `${seatLabel(view, owner)} · page ${sign?.page ?? '?'} · ${hit} $${BUSINESSES[b].hit}`;
    const body = boxes
      .map((bx) => {
        const nameLines = wrap(BUSINESSES[b].name, bx.w - 16, 14, true).slice(0, 2);
        const subLines = wrap(sub, bx.w - 16, 12);
        // Text sits between the slot numbers of the top row and (for taller signs) those of the bottom row.
        const from = bx.y + 18;
        const to = bx.h > ch ? bx.y + bx.h - 18 : bx.y + bx.h;
        const textTop = (from + to) / 2 - (nameLines.length * 16 + subLines.length * 14) / 2 + 12;
        const dash = whole ? '' : ' stroke-dasharray="7 4"';
        return (
          rect(
            bx.x + 2,
            bx.y + 2,
            bx.w - 4,
            bx.h - 4,
            `rx="6" fill="${color}" fill-opacity="0.22" stroke="${color}" stroke-width="2.5"${dash}`,
          ) +
          (isNew
            ? rect(
                bx.x + 5,
                bx.y + 5,
                bx.w - 10,
                bx.h - 10,
                `rx="4" fill="none" stroke="${NEW_MARK}" stroke-width="2.5" stroke-dasharray="6 3"`,
              ) + newDot(bx.x + bx.w - 10, bx.y + 10)
            : '') +
          textLines(bx.x + bx.w / 2, textTop, nameLines, 16, { size: 14, weight: 'bold', anchor: 'middle' }) +
          textLines(bx.x + bx.w / 2, textTop + nameLines.length * 16, subLines, 14, {
            size: 12,
            anchor: 'middle',
            fill: INK,
          })
        );
      })
      .join('');
    // Slot numbers in the top-left corner, except the bottom row of a taller sign: bottom-left there.
    const bottomRow = Math.max(...shown.map((s) => Math.floor((s - 1) / 3)));
    const numbers = shown
      .map((s) => {
        const low =
          whole &&
          bottomRow > Math.min(...shown.map((q) => Math.floor((q - 1) / 3))) &&
          Math.floor((s - 1) / 3) === bottomRow;
        return text(cellX(s, PAD, cw) + 8, cellY(s, top, ch) + (low ? ch - 8 : 16), String(s), {
          size: 12,
          fill: MUTED,
        });
      })
      .join('');
    parts.push(titled(signTitle(view, b, isNew), body + numbers));
  }
  return { svg: parts.join(''), height: 24 + 3 * ch };
}

/** One page of the binder as a small 3×3 grid, signs as whole rectangles, covered cards faded. */
function binderPage(view: FilthyRichView, p: number, x0: number, y0: number, width: number, changed: Changes): Block {
  const cw = width / 3;
  const ch = 46;
  const above = p > view.page;
  const where = p === 1 ? ' (bottom)' : p === PAGES ? ' (top)' : '';
  const state = p === view.page ? ' · open' : above ? ' · turned away' : '';
  const parts: string[] = [
    text(x0, y0 + 14, `Page ${p}${where}${state}`, {
      size: 13,
      weight: p === view.page ? 'bold' : 'normal',
      fill: p === view.page ? INK : MUTED,
    }),
  ];
  const top = y0 + 20;
  const pockets = view.binder[p - 1];
  parts.push(
    rect(
      x0,
      top,
      width,
      3 * ch,
      `rx="4" fill="#ffffff" stroke="${p === view.page ? INK : '#aab0ba'}" stroke-width="${p === view.page ? 2 : 1}"`,
    ),
  );
  for (let slot = 1; slot <= SLOTS; slot++) {
    if (pockets[slot - 1] >= 0) continue;
    const x = cellX(slot, x0, cw);
    const y = cellY(slot, top, ch);
    parts.push(
      titled(
        `page ${p}, slot ${slot}: empty pocket`,
        rect(x + 1.5, y + 1.5, cw - 3, ch - 3, 'fill="#f4f5f7" stroke="#dde0e5"') +
          text(x + cw / 2, y + ch / 2 + 5, String(slot), { size: 12, anchor: 'middle', fill: '#a3a9b3' }),
      ),
    );
  }
  const signs = [...new Set(pockets.filter((b) => b >= 0))];
  for (const b of signs) {
    const slots = pockets.flatMap((x, i) => (x === b ? [i + 1] : []));
    const bx = box(slots, x0, top, cw, ch);
    const color = seatColor(view.businessOwner[b]);
    const isNew = changed.businesses.has(b);
    const maxLines = Math.max(1, Math.floor((bx.h - 6) / 13));
    const nameLines = wrap(BUSINESSES[b].name, bx.w - 10, 12, true).slice(0, maxLines);
    const textTop = bx.y + bx.h / 2 - (nameLines.length * 13) / 2 + 10;
    const hidden = slots.filter((s) => view.visible[s - 1] !== b);
    const veil = hidden
      .map((s) =>
        rect(cellX(s, x0, cw) + 2, cellY(s, top, ch) + 2, cw - 4, ch - 4, 'fill="#ffffff" fill-opacity="0.55"'),
      )
      .join('');
    parts.push(
      titled(
        signTitle(view, b, isNew),
        rect(
          bx.x + 2,
          bx.y + 2,
          bx.w - 4,
          bx.h - 4,
          `rx="4" fill="${color}" fill-opacity="0.25" stroke="${color}" stroke-width="2"`,
        ) +
          veil +
          textLines(bx.x + bx.w / 2, textTop, nameLines, 13, {
            size: 12,
            weight: 'bold',
            anchor: 'middle',
            fill: hidden.length === slots.length ? MUTED : INK,
          }) +
          (isNew ? newDot(bx.x + bx.w - 8, bx.y + 8) : ''),
      ),
    );
  }
  const svg = parts.join('');
  return { svg: above ? `<g opacity="0.6">${svg}</g>` : svg, height: 20 + 3 * ch };
}

function binder(view: FilthyRichView, y0: number, changed: Changes): Block {
  const open = openPage(view, y0, changed);
  let y = y0 + open.height + 8;
  const note =
    "Above: dashed signs are partly covered by later signs. Below: the binder's pages; a pocket " +
    'shows its sign on the highest page not above the open one, faded cards are covered.';
  const lines = wrap(note, INNER, 12);
  const parts = [open.svg, textLines(PAD, y + 12, lines, 15, { size: 12, fill: MUTED })];
  y += lines.length * 15 + 6;
  const gap = 14;
  const width = (INNER - gap) / 2;
  for (let row = 0; row < 2; row++) {
    let h = 0;
    for (let col = 0; col < 2; col++) {
      const p = row * 2 + col + 1;
      const page = binderPage(view, p, PAD + col * (width + gap), y, width, changed);
      parts.push(page.svg);
      h = Math.max(h, page.height);
    }
    y += h + 8;
  }
  return { svg: parts.join(''), height: y - y0 };
}

// ---- the middle of the table: dice, piles, events in progress, luxuries ------------------------------

function latest(view: FilthyRichView, kind: LogEntry['kind']): LogEntry | undefined {
  for (let i = view.log.length - 1; i >= 0; i--) if (view.log[i].kind === kind) return view.log[i];
  return undefined;
}

function die(x: number, y: number, face: number, title: string, fill: string): string {
  return titled(
    title,
    rect(x, y, 32, 32, `rx="6" fill="${fill}" stroke="${INK}" stroke-width="1.5"`) +
      text(x + 16, y + 22, String(face), { size: 16, weight: 'bold', anchor: 'middle' }),
  );
}

function dice(view: FilthyRichView, y0: number): Block {
  const parts: string[] = [];
  let x = PAD;
  const dice = latest(view, 'dice');
  const shift = latest(view, 'shift');
  const pageDie = latest(view, 'pageDie');
  if (!dice && !shift && !pageDie) {
    return {
      svg: text(
        PAD,
        y0 + 16,
        view.seat >= 0 ? 'No dice rolled since your last move.' : 'No dice rolled this turn or the last.',
        { size: 13, fill: MUTED },
      ),
      height: 24,
    };
  }
  const businessDie = (face: number): string => {
    const title = face === 0 ? 'business die: 0, a tax' : `business die: ${face}, hits slot ${face}`;
    const svg = die(x, y0, face, title, face === 0 ? '#f7c6c6' : '#ffffff');
    x += 38;
    return svg;
  };
  if (dice) {
    parts.push(text(x, y0 + 21, `Business dice (turn ${dice.turn}):`, { size: 13 }));
    x += textWidth(`Business dice (turn ${dice.turn}):`, 13) + 6;
    for (const face of dice.args) if (face >= 0) parts.push(businessDie(face));
    x += 14;
  }
  if (shift) {
    parts.push(text(x, y0 + 21, 'Extra Shift:', { size: 13 }));
    x += textWidth('Extra Shift:', 13) + 6;
    parts.push(businessDie(shift.args[1]));
    x += 14;
  }
  if (pageDie) {
    const face = pageDie.args[1];
    parts.push(text(x, y0 + 21, 'Page die:', { size: 13 }));
    x += textWidth('Page die:', 13) + 6;
    parts.push(
      die(
        x,
        y0,
        face,
        `page die: ${face}, ${face <= PAGES ? `the binder turns to page ${face}` : 'the page stays'}`,
        '#e8eef7',
      ),
    );
  }
  return { svg: parts.join(''), height: 36 };
}

function piles(view: FilthyRichView, y0: number): Block {
  const parts: string[] = [];
  parts.push(cardBack(PAD, y0 + 18, 44, 66, `the deck: ${view.deckSize} face-down cards`));
  parts.push(text(PAD, y0 + 13, `Deck ${view.deckSize}`, { size: 13, weight: 'bold' }));
  const dx = PAD + 64;
  parts.push(text(dx, y0 + 13, `Discard pile ${view.discard.length}`, { size: 13, weight: 'bold' }));
  if (view.discard.length === 0) {
    parts.push(
      titled(
        'the discard pile is empty',
        rect(dx, y0 + 18, 110, 66, 'rx="5" fill="none" stroke="#aab0ba" stroke-dasharray="4 3"'),
      ),
    );
  } else {
    const newestFirst = [...view.discard]
      .reverse()
      .map((t) => CARD_TYPES[t].name)
      .join(', ');
    parts.push(
      `<g><title>${svgText(`Discard pile, newest first: ${newestFirst}`)}` +
        `</title>${faceUp(view.discard[view.discard.length - 1], dx, y0 + 18, 110, 66)}</g>`,
    );
  }
  let x = dx + 130;
  if (view.played >= 0) {
    parts.push(text(x, y0 + 13, 'Being played', { size: 13, weight: 'bold' }));
    parts.push(faceUp(view.played, x, y0 + 18, 110, 66, ` Being played by ${seatLabel(view, view.active)}.`));
    x += 130;
  }
  const events: string[] = [];
  if (view.tax !== null) {
    const tax = view.tax;
    const who = tax.target >= 0 ? `IRS Audit of ${seatLabel(view, tax.target)}` : 'every player';
    events.push(
      `Tax event ×${tax.multiplier} for ` +
        `${who}${tax.selling >= 0 ? `: ${seatLabel(view, tax.selling)} may sell before paying` : ''}.`,
    );
  }
  if (view.auction !== null) {
    const a = view.auction;
    const high = a.highBidder >= 0 ? `high bid $${a.highBid} by ${seatLabel(view, a.highBidder)}` : 'no bid yet';
    const passed = a.passed.length > 0 ? `; passed: ${a.passed.map((s) => seatLabel(view, s)).join(', ')}` : '';
    events.push(
      `Auction of ${luxuryLabel(a.luxury)} from ${seatLabel(view, a.from)}: ${high}, ` +
        `minimum $${a.minimumBid}, ${seatLabel(view, a.asked)} asked${passed}.`,
    );
  }
  let ey = y0 + 8;
  for (const e of events) {
    const lines = wrap(e, PAD + INNER - x - 16, 13);
    parts.push(
      rect(x, ey, PAD + INNER - x, lines.length * 17 + 10, 'rx="6" fill="#fff6d6" stroke="#c9a227"') +
        textLines(x + 8, ey + 18, lines, 17, { size: 13, weight: 'bold' }),
    );
    ey += lines.length * 17 + 16;
  }
  return { svg: parts.join(''), height: Math.max(86, ey - y0) };
}

function market(view: FilthyRichView, y0: number, changed: Changes): Block {
  const parts: string[] = [
    text(PAD, y0 + 16, `Luxuries (own ${LUXURIES_TO_WIN} to win)`, { size: 15, weight: 'bold' }),
  ];
  const perRow = 6;
  const gap = 6;
  const w = (INNER - (perRow - 1) * gap) / perRow;
  const h = 64;
  const top = y0 + 24;
  LUXURIES.forEach((l, i) => {
    const x = PAD + (i % perRow) * (w + gap);
    const y = top + Math.floor(i / perRow) * (h + gap);
    const owner = view.luxuryOwner[i];
    const status = owner === -1 ? 'for sale' : owner === -2 ? 'out of the game' : seatLabel(view, owner);
    const look =
      owner >= 0
        ? `fill="${seatColor(owner)}" fill-opacity="0.25" stroke="${seatColor(owner)}" stroke-width="2"`
        : owner === -1
          ? 'fill="#fbf3d5" stroke="#9a7b16" stroke-width="1.5"'
          : 'fill="#eceef1" stroke="#aab0ba" stroke-dasharray="4 3"';
    const isNew = changed.luxuries.has(i);
    const nameLines = wrap(l.name, w - 10, 12, true).slice(0, 2);
    parts.push(
      titled(
        `${explain(l.name)} Now: ${status}.${isNew ? ' Changed hands since your last move.' : ''}`,
        rect(x, y, w, h, `rx="5" ${look}`) +
          textLines(x + 6, y + 15, nameLines, 13, { size: 12, weight: 'bold', fill: owner === -2 ? MUTED : INK }) +
          text(x + 6, y + 43, `$${l.price} · ${l.tax} $`, { size: 12 }) +
          text(x + 6, y + 58, status, {
            size: 12,
            fill: owner === -1 ? MUTED : INK,
            weight: owner >= 0 ? 'bold' : 'normal',
          }) +
          (isNew ? newDot(x + w - 8, y + 8) : ''),
      ),
    );
  });
  return { svg: parts.join(''), height: 24 + 2 * h + gap };
}

function recent(view: FilthyRichView, y0: number): Block {
  const heading = view.seat >= 0 ? 'Since your last move' : 'This turn and the last';
  const parts: string[] = [
    text(PAD, y0 + 16, heading, { size: 15, weight: 'bold' }),
    newDot(PAD + textWidth(heading, 15) + 14, y0 + 11),
    text(PAD + textWidth(heading, 15) + 26, y0 + 16, 'marks what changed', { size: 12, fill: MUTED }),
  ];
  let y = y0 + 24;
  const shown = view.log.slice(-SHOWN_EVENTS);
  if (view.log.length > shown.length) {
    parts.push(
      text(PAD, y + 14, `… ${view.log.length - shown.length} earlier events (see the log)`, {
        size: 12,
        fill: MUTED,
      }),
    );
    y += 18;
  }
  if (shown.length === 0) {
    parts.push(text(PAD, y + 14, 'Nothing yet.', { size: 12, fill: MUTED }));
    y += 18;
  }
  for (const e of shown) {
    const lines = wrap(`turn ${e.turn}: ${formatLogEntry(view, e)}`, INNER, 12);
    parts.push(textLines(PAD, y + 14, lines, 16, { size: 12 }));
    y += lines.length * 16 + 2;
  }
  return { svg: parts.join(''), height: y - y0 };
}

// ---- the whole board -------------------------------------------------------------------------------

/** The board for one seat's view; `decision` is describeDecision(view). */
export function drawBoard(view: FilthyRichView, decision: string): string {
  const changed = changes(view);
  const blocks: string[] = [];
  let y = 8;
  const add = (make: (y: number) => Block, gapAfter = 12) => {
    const b = make(y);
    blocks.push(b.svg);
    y += b.height + gapAfter;
  };
  add((at) => header(view, at, decision));
  const seats = Array.from({ length: view.players }, (_, i) =>
    view.seat >= 0 ? (view.seat + 1 + i) % view.players : i,
  );
  const others = view.seat >= 0 ? seats.slice(0, -1) : seats;
  for (const s of others) add((at) => playerBox(view, s, at, changed), 8);
  y += 6;
  add((at) => binder(view, at, changed), 6);
  add((at) => dice(view, at));
  add((at) => piles(view, at));
  add((at) => market(view, at, changed), 16);
  if (view.seat >= 0) add((at) => playerBox(view, view.seat, at, changed), 16);
  add((at) => recent(view, at), 8);
  const description = `Turn ${view.turn}, binder open at page ${view.page}. ${statusSentence(view, decision)}`;
  return svgBoard(W, Math.ceil(y), 'Filthy Rich table', `<g font-family="${FONT}">${blocks.join('')}</g>`, description);
}

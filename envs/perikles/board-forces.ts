/**
 * The war part of the Perikles board: the Locations of the turn with attackers and defenders
 * (face-down counters show power and type only), the armies by power, and the relations grid.
 */
import {
  CITIES,
  KIND_COUNT,
  LOCATIONS,
  PERSIA,
  POWERS,
  TYPE_LETTERS,
  UNIT_TYPES,
  kindLabel,
  kindPower,
  kindStrength,
  kindType,
  locationLabel,
  unitLabel,
} from './components.js';
import { bonusText, citySummary, explain, roundsText } from './glossary.js';
import { seatName, withArticle } from './render.js';
import {
  ABBR,
  FACE_DOWN,
  INK,
  MUTED,
  TYPE_FILL,
  W,
  changedMark,
  changedOutline,
  chip,
  counterSquare,
  flow,
  paragraph,
  text,
  textItem,
  tip,
  title,
  translate,
  type Block,
  type Changes,
  type FlowItem,
} from './board-kit.js';
import type { CommittedView, LocationSlotView, PeriklesView } from './view.js';

function locationCounter(c: CommittedView): FlowItem {
  const [power, type, strength] = c;
  const unit = unitLabel(power, type);
  const label = `${ABBR[power]} ${TYPE_LETTERS[type]}${strength > 0 ? strength : ' ?'}`;
  const tipText =
    strength > 0
      ? `${kindLabel(power * 8 + type * 4 + strength - 1)}: ${explain(unit)}`
      : `${unit}, face down: its strength is hidden until the battle`;
  return {
    w: 52,
    h: 22,
    draw: (x, y) =>
      `<g>${title(tipText)}<rect x="${x}" y="${y}" width="52" height="22" ` +
      `rx="3" fill="${strength > 0 ? TYPE_FILL[type] : FACE_DOWN}" ` +
      `stroke="${INK}" stroke-width="0.8"/>` +
      text(x + 26, y + 15.5, label, {
        size: 12,
        weight: 'bold',
        anchor: 'middle',
        fill: strength > 0 ? INK : '#ffffff',
      }) +
      '</g>',
  };
}

function sideColumn(view: PeriklesView, slot: LocationSlotView, side: number, w: number): Block {
  const p: string[] = [text(0, 14, side === 0 ? 'Attack' : 'Defend', { size: 13, weight: 'bold' })];
  const main = side === 0 ? slot.mainAttacker : slot.mainDefender;
  if (main >= 0)
    p.push(
      chip(
        56,
        0,
        66,
        main,
        `seat ${main}`,
        `${seatName(view, main)} is the main ${side === 0 ? 'attacker' : 'defender'}`,
      ),
    );
  else p.push(text(56, 14, side === 0 ? 'no attacker' : 'no defender', { size: 12, fill: MUTED, italic: true }));
  let y = 26;
  const mine = slot.counters.filter((c) => c[3] === side && c[4] === 0);
  const allies = slot.counters.filter((c) => c[3] === side && c[4] === 1);
  if (mine.length > 0) {
    const f = flow(mine.map(locationCounter), 0, y, w);
    p.push(f.svg);
    y += f.h + 4;
  }
  if (allies.length > 0) {
    const f = flow([textItem('ally slot:', { size: 12, fill: MUTED }), ...allies.map(locationCounter)], 0, y, w);
    p.push(`<g>${title(tip('ally slot'))}${f.svg}</g>`);
    y += f.h + 4;
  }
  if (side === 1 && slot.granted.length > 0) {
    const para = paragraph(0, y + 12, `permission granted: ${slot.granted.map((u) => POWERS[u]).join(', ')}`, w, {
      size: 12,
    });
    p.push(para.svg);
    y += para.h;
  }
  if (side === 1 && slot.denied.length > 0) {
    const para = paragraph(0, y + 12, `denied this commit turn: ${slot.denied.map((u) => POWERS[u]).join(', ')}`, w, {
      size: 12,
    });
    p.push(para.svg);
    y += para.h;
  }
  return { svg: p.join(''), h: y };
}

function locationCard(view: PeriklesView, slot: LocationSlotView, changes: Changes, w: number): Block {
  const l = LOCATIONS[slot.location];
  const name = locationLabel(slot.location);
  const inBattle = view.battle !== null && view.battle.slot === slot.slot;
  const p: string[] = [];
  p.push(
    `<g>${title(tip(name))}<rect x="0" y="0" width="${w}" height="24" rx="6" fill="#3d4f66"/>` +
      text(8, 17, `Slot ${slot.slot} · ${name}`, { size: 14, weight: 'bold', fill: '#ffffff' }) +
      text(w - 8, 17, `${l.vp} VP`, { size: 14, weight: 'bold', fill: '#ffffff', anchor: 'end' }) +
      '</g>',
  );
  let y = 40;
  const info = paragraph(8, y, `${CITIES[l.owner]} · ${roundsText(slot.location)}`, w - 16, { size: 12, fill: MUTED });
  p.push(info.svg);
  y += info.h - 4;
  const bonus = bonusText(slot.location);
  if (bonus) {
    p.push(text(8, y + 12, `Fixed ${bonus}`, { size: 12, fill: MUTED }));
    y += 17;
  }
  y += 4;
  const colW = (w - 24) / 2;
  const att = sideColumn(view, slot, 0, colW);
  const def = sideColumn(view, slot, 1, colW);
  p.push(translate(8, y, att.svg), translate(16 + colW, y, def.svg));
  p.push(`<line x1="${12 + colW}" y1="${y}" x2="${12 + colW}" y2="${y + Math.max(att.h, def.h)}" stroke="#c3c8d0"/>`);
  y += Math.max(att.h, def.h, 24) + 4;
  if (view.commit?.request?.slot === slot.slot && view.commit.selected !== null) {
    const sel = view.commit.selected;
    const para = paragraph(
      8,
      y + 12,
      `${seatName(view, view.commit.seat)} asks permission to defend here ` +
        `with ${withArticle(unitLabel(sel.power, sel.type))}.`,
      w - 16,
      { size: 12, weight: 'bold' },
    );
    p.push(para.svg);
    y += para.h + 2;
  }
  if (inBattle && view.battle !== null) {
    const b = view.battle;
    const doubled = [b.brasidas ? 'Brasidas' : '', b.phormio ? 'Phormio' : ''].filter(Boolean).join(' and ');
    const line =
      `Battle now: round ${b.round + 1} of ${l.rounds.length} ` +
      (`(${UNIT_TYPES[b.roundType]}s) · strength ${b.strengths[0]} ` +
        `against ${b.strengths[1]}${doubled ? ` · ${doubled} played` : ''}`);
    const para = paragraph(8, y + 14, line, w - 16, { size: 13, weight: 'bold' });
    p.push(para.svg);
    y += para.h + 2;
    p.push(`<g>${title(tip('battle token'))}${text(8, y + 14, 'Battle tokens:', { size: 12 })}`);
    for (let side = 0; side < 2; side++) {
      const x0 = 100 + side * 150;
      p.push(text(x0, y + 14, side === 0 ? 'attackers' : 'defenders', { size: 12 }));
      for (let i = 0; i < 2; i++) {
        p.push(
          `<circle cx="${x0 + 72 + i * 18}" cy="${y + 10}" r="7" ` +
            `fill="${i < b.tokens[side] ? INK : '#ffffff'}" stroke="${INK}"/>`,
        );
      }
    }
    p.push('</g>');
    y += 22;
  }
  const h = y + 4;
  const frame =
    `<rect x="0" y="0" width="${w}" height="${h}" rx="6" fill="#ffffff" ` +
    `stroke="${inBattle ? INK : '#9aa3ad'}" stroke-width="${inBattle ? 3 : 1}"/>`;
  const mark = changes.slots.has(slot.slot)
    ? changedOutline(0, 0, w, h) + changedMark(w - 4, -2, `${name}: ${changes.note}`)
    : '';
  return { svg: frame + p.join('') + mark, h };
}

export function locations(view: PeriklesView, changes: Changes): Block {
  const p: string[] = [text(10, 16, 'Locations of this turn', { size: 15, weight: 'bold' })];
  const slots = view.locations.filter((s): s is LocationSlotView => s !== null);
  if (slots.length === 0) {
    p.push(text(10, 40, 'None on display (all fought, or not dealt yet).', { size: 13, fill: MUTED }));
    return { svg: p.join(''), h: 50 };
  }
  const w = (W - 30) / 2;
  let y = 26;
  for (let i = 0; i < slots.length; i += 2) {
    const cards = slots.slice(i, i + 2).map((s) => locationCard(view, s, changes, w));
    cards.forEach((card, j) => p.push(translate(10 + j * (w + 10), y, card.svg)));
    y += Math.max(...cards.map((c) => c.h)) + 10;
  }
  return { svg: p.join(''), h: y };
}

function strengths(counts: readonly number[], power: number, type: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < KIND_COUNT; k++) {
    if (kindPower(k) === power && kindType(k) === type) for (let i = 0; i < counts[k]; i++) out.push(kindStrength(k));
  }
  return out;
}

function squares(list: number[], type: number, tipText: (s: number) => string, dead = false): FlowItem[] {
  return list.map((s) => ({
    w: 20,
    h: 20,
    draw: (x: number, y: number) => counterSquare(x, y, type, s, tipText(s), dead),
  }));
}

function armyColumn(view: PeriklesView, power: number, type: number, w: number): Block {
  const unit = unitLabel(power, type);
  const items: FlowItem[] = [];
  const stack = strengths(view.stack, power, type);
  const led = power === PERSIA ? view.persianLeaders.length > 0 : view.leaders[power] >= 0;
  if (stack.length > 0)
    items.push(
      textItem('stack', { size: 12, fill: MUTED }),
      ...squares(stack, type, (s) => `${unit} ${s} in the ${power === PERSIA ? 'Persian' : 'city'} stack`),
    );
  let note = '';
  if (led) {
    if (view.controlled.includes(power)) {
      const pool = strengths(view.pool, power, type);
      items.push(
        textItem('your pool (strengths)', { size: 12, fill: MUTED }),
        ...squares(pool, type, (s) => `${unit} ${s} in your pool`),
      );
      if (pool.length === 0) items.push(textItem('empty', { size: 12 }));
    } else {
      const count = view.poolCounts[power * 2 + type];
      items.push(
        textItem(`Leader’s pool: ${count}, hidden`, { size: 12, fill: MUTED }),
        ...squares(new Array<number>(count).fill(0), type, () => `${unit} in the Leader’s pool, strength hidden`),
      );
      const unseen = strengths(view.unseen, power, type);
      if (unseen.length > 0) note = `strengths of these and of the ones face down on Locations: ${unseen.join(' ')}`;
    }
  }
  const dead = strengths(view.dead, power, type);
  if (dead.length > 0)
    items.push(
      textItem('dead', { size: 12, fill: MUTED }),
      ...squares(dead, type, (s) => `${unit} ${s} in the dead pool`, true),
    );
  if (items.length === 0) items.push(textItem('none here', { size: 12, fill: MUTED }));
  const f = flow(items, 0, 0, w);
  if (note === '') return f;
  const para = paragraph(0, f.h + 14, note, w, { size: 12, fill: MUTED });
  return { svg: f.svg + para.svg, h: f.h + para.h + 2 };
}

export function armies(view: PeriklesView, changes: Changes): Block {
  const p: string[] = [text(10, 16, 'Armies', { size: 15, weight: 'bold' })];
  const legend =
    'Numbers are strengths. stack: at home, nobody leads it · pool: the ' +
    'Leader’s, not yet committed · dead: lost, recovered one a turn · dark ' +
    'squares: face down to you, strength hidden';
  const lp = paragraph(10, 36, legend, W - 20, { size: 12, fill: MUTED });
  p.push(lp.svg);
  let y = 36 + lp.h;
  const colX = [150, 465];
  const colW = 300;
  p.push(
    text(colX[0], y + 4, 'Hoplites (land)', { size: 13, weight: 'bold' }),
    text(colX[1], y + 4, 'Triremes (sea)', { size: 13, weight: 'bold' }),
  );
  y += 12;
  POWERS.forEach((name, power) => {
    const leaders = power === PERSIA ? view.persianLeaders : view.leaders[power] >= 0 ? [view.leaders[power]] : [];
    const left: string[] = [
      `<g>` +
        `${title(power === PERSIA ? tip(name) : `${name}: ${citySummary(power)}`)}` +
        `${text(0, 15, name, { size: 14, weight: 'bold' })}</g>`,
    ];
    if (leaders.length === 0)
      left.push(
        text(0, 33, power === PERSIA ? 'no Persian leader' : 'no Leader', { size: 12, fill: MUTED, italic: true }),
      );
    leaders.forEach((s, i) =>
      left.push(
        chip(
          (i % 2) * 64,
          22 + Math.floor(i / 2) * 24,
          60,
          s,
          `seat ${s}`,
          `${seatName(view, s)} leads ${name === 'Persia' ? 'the Persians' : name}`,
        ),
      ),
    );
    const cols = UNIT_TYPES.map((_, type) => armyColumn(view, power, type, colW));
    const h = Math.max(44, 22 + Math.ceil(leaders.length / 2) * 24, ...cols.map((c) => c.h)) + 8;
    p.push(`<line x1="10" y1="${y}" x2="${W - 10}" y2="${y}" stroke="#c3c8d0"/>`);
    p.push(translate(10, y + 6, left.join('')));
    cols.forEach((c, type) => p.push(translate(colX[type], y + 6, c.svg)));
    if (changes.powers.has(power)) p.push(changedMark(W - 16, y + 12, `${name}’s army: ${changes.note}`));
    y += h;
  });
  return { svg: p.join(''), h: y + 6 };
}

export function relations(view: PeriklesView): Block {
  const p: string[] = [text(10, 16, 'Relations between powers', { size: 15, weight: 'bold' })];
  p.push(text(10, 36, 'A = allied, W = at war, blank = neutral (reset every turn)', { size: 12, fill: MUTED }));
  const cell = 34;
  const x0 = 100;
  const y0 = 48;
  ABBR.forEach((a, i) =>
    p.push(text(x0 + i * cell + cell / 2, y0 + 14, a, { size: 12, weight: 'bold', anchor: 'middle' })),
  );
  POWERS.forEach((name, u) => {
    const y = y0 + 20 + u * cell;
    p.push(text(10, y + cell / 2 + 5, name, { size: 13 }));
    POWERS.forEach((other, v) => {
      const r = view.relations[u][v];
      const fill = u === v ? '#d9d9d9' : r === 1 ? '#cfe8d6' : r === 2 ? '#f3c7c0' : '#ffffff';
      const word = u === v ? 'itself' : ['neutral', 'allied', 'at war'][r];
      p.push(
        `<g>${title(`${name} and ${other}: ${word}`)}<rect ` +
          `x="${x0 + v * cell}" y="${y}" width="${cell}" height="${cell}" ` +
          `fill="${fill}" stroke="#9aa3ad"/>` +
          (u !== v && r > 0
            ? text(x0 + v * cell + cell / 2, y + cell / 2 + 5, r === 1 ? 'A' : 'W', {
                size: 14,
                weight: 'bold',
                anchor: 'middle',
              })
            : '') +
          '</g>',
      );
    });
  });
  return { svg: p.join(''), h: y0 + 20 + 7 * cell + 10 };
}

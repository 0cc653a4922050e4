/**
 * The Perikles board as SVG and the decision at hand as one sentence. renderSvg is a pure
 * function of one seat's view: the players (in their seat colours) on top, then a map of Greece with the six cities,
 * Persia across the Aegean and the
 * Influence display at sea, then the seven Locations with their attackers and defenders, the
 * armies, the relations between powers and the latest events. What the viewer may not see (other
 * Special tiles, deck order, face-down strengths) is drawn as backs or blank counters.
 */
import { cardBack, svgBoard } from '../core/board.js';
import { armies, locations, relations } from './board-forces.js';
import { influenceTile, map } from './board-map.js';
import { PHASE_TITLES, battleText, commitText, formatLogEntry, seatName, statusLine, withArticle } from './render.js';
import { DECISION_TEXT } from './actions.js';
import {
  CHANGED,
  INK,
  MUTED,
  PAPER,
  W,
  changedMark,
  chip,
  flow,
  paragraph,
  seatColor,
  spacer,
  text,
  textItem,
  textWidth,
  tip,
  title,
  translate,
  type Block,
  type Changes,
  type FlowItem,
} from './board-kit.js';
import {
  CITIES,
  INFLUENCE_SPECIALS,
  KIND_COUNT,
  SPECIALS,
  SP_BRASIDAS,
  SP_PERSIAN_FLEET,
  SP_PHORMIO,
  SP_THESSALANIAN,
  UNIT_TYPES,
  kindLabel,
  kindOf,
  kindPower,
  kindType,
  LOCATIONS,
  locationLabel,
  tileLabel,
  unitLabel,
} from './components.js';
import type { PeriklesView } from './view.js';

const LOG_SHOWN = 12;

// ---- what changed since the viewer's last decision --------------------------------------------

function changesOf(view: PeriklesView): Changes {
  const c: Changes = {
    cities: new Set(),
    slots: new Set(),
    display: new Set(),
    seats: new Set(),
    powers: new Set(),
    note: view.seat >= 0 ? 'changed since your last move' : 'changed in the latest events',
  };
  const slotOf = (slot: number, location: number) => {
    if (view.locations[slot]?.location === location) c.slots.add(slot);
  };
  for (const [kind, ...a] of view.log) {
    switch (kind) {
      case 'initialCube':
      case 'cubes':
      case 'assassinate':
      case 'plague':
      case 'spendCube':
      case 'statue':
        c.cities.add(a[1]);
        break;
      case 'nominate':
        c.cities.add(a[2]);
        break;
      case 'alkibiades':
        c.cities.add(a[2]);
        c.cities.add(a[3]);
        break;
      case 'election':
      case 'noLeader':
      case 'defeat':
        c.cities.add(a[0]);
        break;
      case 'unattacked':
        c.cities.add(LOCATIONS[a[0]].owner);
        c.seats.add(a[1]);
        break;
      case 'take':
        c.display.add(a[1]);
        c.seats.add(a[0]);
        break;
      case 'refill':
        if (view.display[a[0]] === a[1]) c.display.add(a[0]);
        break;
      case 'commit':
        slotOf(a[3], a[6]);
        c.powers.add(a[1]);
        break;
      case 'permission':
        slotOf(a[2], a[5]);
        break;
      case 'slaveRevolt':
        if (a[1] < 7) slotOf(a[1], a[3]);
        c.powers.add(4);
        break;
      case 'reveal':
        slotOf(a[0], a[1]);
        break;
      case 'casualty':
        c.slots.add(a[0]);
        c.powers.add(kindPower(a[2]));
        break;
      case 'recover':
        c.powers.add(kindPower(a[1]));
        break;
      case 'claim':
        c.seats.add(a[1]);
        break;
      case 'special':
      case 'discard':
        c.seats.add(a[0]);
        break;
      default:
        break;
    }
  }
  return c;
}

// ---- header and players --------------------------------------------------------------------------

function header(view: PeriklesView): Block {
  const parts: string[] = [];
  const phase = view.isOver ? 'Game over' : `Turn ${view.turn} of ${view.maxTurns} · ${PHASE_TITLES[view.phase]}`;
  parts.push(text(10, 24, phase, { size: 18, weight: 'bold' }));
  const who = view.seat >= 0 ? `You are seat ${view.seat}` : 'Spectator view';
  parts.push(
    text(W - 10, 24, `${who} · start player: seat ${view.startPlayer}`, { size: 13, anchor: 'end', fill: MUTED }),
  );
  let y = 50;
  let status: string;
  if (view.isOver) status = statusLine(view);
  else if (view.seat >= 0 && view.toAct === view.seat) status = `Your turn: ${describeDecision(view)}`;
  else status = `${seatName(view, view.toAct)} is to act: ${DECISION_TEXT[view.decision]}.`;
  if (!view.isOver && view.toAct >= 0) {
    parts.push(chip(10, y - 15, 20, view.toAct, '▶', `${seatName(view, view.toAct)} is to act`));
  }
  const para = paragraph(view.isOver ? 10 : 38, y, status, W - 50, { size: 15, weight: 'bold' });
  parts.push(para.svg);
  y += para.h;
  const progress: string[] = [];
  for (const line of [commitText(view), battleText(view)]) if (line !== undefined) progress.push(line);
  if (view.alkibiadesSource !== null) {
    progress.push(
      `Alkibiades moves a ${seatName(view, view.alkibiadesSource[1])} cube from ${CITIES[view.alkibiadesSource[0]]}.`,
    );
  }
  if (view.currentTile >= 0) progress.push(`Tile being resolved: ${tileLabel(view.currentTile)}.`);
  for (const line of progress) {
    const p = paragraph(10, y + 2, line, W - 20, { size: 13, fill: MUTED });
    parts.push(p.svg);
    y += p.h;
  }
  return { svg: parts.join(''), h: y + 4 };
}

function specialItem(view: PeriklesView, seat: number): FlowItem {
  const sp = view.specials[seat];
  if (sp.tile < 0) {
    return {
      w: 60,
      h: 24,
      draw: (x, y) => cardBack(x, y, 60, 24, `${seatName(view, seat)}: face-down Special tile (unused)`),
    };
  }
  const name = SPECIALS[sp.tile];
  const w = textWidth(`${name}${sp.used ? ' (used)' : ''}`, 12, true) + 16;
  return {
    w,
    h: 24,
    draw: (x, y) =>
      `<g>${title(tip(name, sp.used ? ' (used)' : ' (unused)'))}<rect ` +
      `x="${x}" y="${y}" width="${w}" height="24" rx="4" ` +
      (`fill="${sp.used ? '#e2e2e2' : '#fbe9a8'}" stroke="${INK}" ` +
        `stroke-width="0.8"` +
        `${sp.used ? ' stroke-dasharray="3 2"' : ''}/>`) +
      text(x + 8, y + 16.5, `${name}${sp.used ? ' (used)' : ''}`, {
        size: 12,
        weight: 'bold',
        fill: sp.used ? MUTED : INK,
      }) +
      '</g>',
  };
}

function players(view: PeriklesView, changes: Changes): Block {
  const parts: string[] = [text(10, 16, 'Players', { size: 15, weight: 'bold' })];
  let y = 26;
  for (let s = 0; s < view.players; s++) {
    const body: string[] = [];
    const acting = !view.isOver && view.toAct === s;
    body.push(chip(8, 8, 70, s, `seat ${s}`, `seat ${s}${s === view.seat ? ' (you)' : ''}`));
    const tags = [s === view.seat ? 'you' : '', s === view.startPlayer ? 'start player' : '', acting ? '▶ to act' : '']
      .filter(Boolean)
      .join(' · ');
    const facts =
      `${view.scores[s]} VP now (Locations ${view.tileVp[s]} VP, ` +
      `${view.statueCounts[s]} ` +
      `statue${view.statueCounts[s] === 1 ? '' : 's'}) · ${view.supply[s]} ` +
      `cubes in supply`;
    body.push(text(86, 23, facts, { size: 13, weight: 'bold' }));
    if (tags) body.push(text(W - 30, 23, tags, { size: 13, anchor: 'end', weight: acting ? 'bold' : 'normal' }));
    const items: FlowItem[] = [
      textItem('Special:', { size: 12, fill: MUTED }),
      specialItem(view, s),
      spacer(6),
      textItem('Influence tiles:', { size: 12, fill: MUTED }),
    ];
    if (view.held[s].length === 0) items.push(textItem('none', { size: 12 }));
    for (const id of view.held[s]) items.push(influenceTile(id, textWidth(tileLabel(id), 12) + 12, 24));
    const row = flow(items, 8, 36, W - 40);
    body.push(row.svg);
    let h = 36 + row.h + 6;
    if (view.claimed[s].length > 0) {
      const won: FlowItem[] = [textItem('Locations won:', { size: 12, fill: MUTED })];
      for (const id of view.claimed[s]) {
        const name = locationLabel(id);
        const label = `${name} ${LOCATIONS[id].vp} VP`;
        const w = textWidth(label, 12) + 12;
        won.push({
          w,
          h: 22,
          draw: (x, yy) =>
            `<g>${title(tip(name))}<rect x="${x}" y="${yy}" width="${w}" ` +
            (`height="22" rx="4" fill="${PAPER}" stroke="${INK}" ` +
              `stroke-width="0.8"/>` +
              `${text(x + 6, yy + 15.5, label, { size: 12 })}</g>`),
        });
      }
      const r2 = flow(won, 8, h, W - 40);
      body.push(r2.svg);
      h += r2.h + 6;
    }
    const frame =
      `<rect x="0" y="0" width="${W - 20}" height="${h}" rx="6" ` +
      `fill="#ffffff" stroke="${acting ? INK : '#9aa3ad'}" stroke-width="${acting ? 3 : 1}"/>` +
      `<rect x="0" y="0" width="5" height="${h}" fill="${seatColor(s)}"/>`;
    const mark = changes.seats.has(s) ? changedMark(W - 32 + 10, 8, `seat ${s}: ${changes.note}`) : '';
    parts.push(translate(10, y, frame + body.join('') + mark));
    y += h + 6;
  }
  return { svg: parts.join(''), h: y };
}

function events(view: PeriklesView): Block {
  if (view.log.length === 0) return { svg: '', h: 0 };
  const p: string[] = [
    text(10, 16, view.seat >= 0 ? 'Since your last move' : 'Latest events', { size: 15, weight: 'bold' }),
  ];
  let y = 38;
  const hidden = view.logDropped + Math.max(0, view.log.length - LOG_SHOWN);
  if (hidden > 0) {
    p.push(
      text(10, y, `(${hidden} earlier event${hidden === 1 ? '' : 's'} not shown here)`, {
        size: 12,
        fill: MUTED,
        italic: true,
      }),
    );
    y += 18;
  }
  for (const entry of view.log.slice(-LOG_SHOWN)) {
    const para = paragraph(24, y, formatLogEntry(view, entry), W - 40, { size: 13 });
    p.push(`<circle cx="14" cy="${y - 4}" r="3" fill="${CHANGED}" stroke="${INK}" stroke-width="0.8"/>`, para.svg);
    y += para.h + 2;
  }
  return { svg: p.join(''), h: y };
}

/** The board of one seat's view. */

export function renderSvg(view: PeriklesView): string {
  const changes = changesOf(view);
  const blocks = [header(view), players(view, changes), map(view, changes), locations(view, changes)];
  if (view.phase !== 'setup' && view.phase !== 'influence' && view.phase !== 'nominations')
    blocks.push(armies(view, changes));
  if (view.phase === 'commit' || view.phase === 'battle') blocks.push(relations(view));
  blocks.push(events(view));
  const body: string[] = [];
  let y = 0;
  for (const b of blocks) {
    if (b.h === 0) continue;
    body.push(translate(0, y, b.svg));
    y += b.h + 10;
  }
  body.unshift(`<rect x="0" y="0" width="${W}" height="${Math.ceil(y)}" fill="#f7f4ec"/>`);
  const desc = view.isOver
    ? statusLine(view)
    : `Turn ${view.turn} of ${view.maxTurns}, ${PHASE_TITLES[view.phase]}; ${seatName(view, view.toAct)} is to act.`;
  return svgBoard(
    W,
    Math.ceil(y),
    'Greek cities, Locations and armies',
    `<g font-family="system-ui, sans-serif">${body.join('')}</g>`,
    desc,
  );
}

// ---- the decision at hand ---------------------------------------------------------------------------

/**
 * The decision the viewing seat is asked, as one sentence in players' words (pure function of the
 * view; '' when it is not that seat's turn or the game is over).
 */
/** Cities whose dead-pool recovery waits for this seat's choice of type. */
function pendingDeadPool(view: PeriklesView): number[] {
  const hasType = (c: number, type: number) => {
    for (let k = 0; k < KIND_COUNT; k++)
      if (kindPower(k) === c && kindType(k) === type && view.dead[k] > 0) return true;
    return false;
  };
  return CITIES.map((_, c) => c).filter(
    (c) => view.leaders[c] === view.seat && !view.progress.deadDone.includes(c) && hasType(c, 0) && hasType(c, 1),
  );
}

export function describeDecision(view: PeriklesView): string {
  if (view.isOver || view.seat < 0 || view.toAct !== view.seat) return '';
  const own = view.specials[view.seat];
  const special = own.tile >= 0 ? SPECIALS[own.tile] : 'Special tile';
  const c = view.commit;
  switch (view.decision) {
    case 'initialCube':
      return 'Place one more of your cubes in any city (initial placement).';
    case 'takeTile':
      return (
        `Take one Influence tile from the display, not of a colour you already ` +
        `took this turn unless only such tiles are left` +
        (own.tile >= 0 && !own.used && ((INFLUENCE_SPECIALS >> own.tile) & 1) === 1
          ? `; you may first use ${special}`
          : '') +
        '.'
      );
    case 'anyCity':
      return 'Choose the city where your Any-city tile adds its cube.';
    case 'nominate':
      return (
        'Nominate a candidate: a player with a cube in a city where you have a ' +
        'cube or a candidate and a candidate space is free.'
      );
    case 'assassinate':
      return 'Choose one cube or candidate anywhere on the board for your Assassin to remove.';
    case 'postSpecial':
      return `Use ${special} now, or keep it for a later influence turn.`;
    case 'plagueCity':
      return 'Choose the city the Plague strikes: every player there loses half of his cubes in it, rounded down.';
    case 'alkibiadesSource':
      return (
        `Alkibiades, move ${view.progress.alkibiadesMoves + 1} of 2: choose a ` + `city and whose cube to move from it.`
      );
    case 'alkibiadesDestination': {
      const [city, owner] = view.alkibiadesSource ?? [0, 0];
      return `Alkibiades: choose the city the seat ${owner} cube from ${CITIES[city]} moves to.`;
    }
    case 'deadPool': {
      const cities = pendingDeadPool(view).map((x) => CITIES[x]);
      return (
        `Choose whether ` +
        `${cities.length > 0 ? cities.join(' or ') : 'your city'} recovers a ` +
        `hoplite or a trireme from the dead pool (the weakest of that type).`
      );
    }
    case 'firstCommit':
      return 'As Leader of Sparta (or start player), choose the player who commits forces first.';
    case 'slaveRevolt':
      return (
        'Use Slave Revolt to send a random Spartan hoplite home from one ' +
        'Location or from the Sparta Leader’s pool, or not.'
      );
    case 'selectCounter':
      if (c !== null && c.extraCity >= 0) {
        return (
          `Choose another ${CITIES[c.extraCity]} counter to commit with your ` +
          `spent cube (${c.extra} of 2 placed), or stop.`
        );
      }
      return (
        `Choose a counter from your pool to commit face down (${c?.basic ?? 0} ` + `of 2 committed this turn), or stop.`
      );
    case 'target': {
      const sel = c?.selected;
      const unit = sel
        ? sel.strength > 0
          ? kindLabel(kindOf(sel.power, sel.type, sel.strength))
          : unitLabel(sel.power, sel.type)
        : 'counter';
      return `Choose the Location your ${unit} attacks or defends.`;
    }
    case 'permission': {
      const sel = c?.selected;
      const slot = c?.request ? view.locations[c.request.slot] : null;
      const where = slot ? locationLabel(slot.location) : 'your Location';
      return (
        `Seat ${c?.seat ?? '?'} asks to defend ${where} with ` +
        `${sel ? withArticle(unitLabel(sel.power, sel.type)) : 'a counter'}: ` +
        `grant or deny permission.`
      );
    }
    case 'spendCube':
      return (
        'Spend one of your cubes in a city you lead (or, as a Persian leader, ' +
        'any city with your cube) to commit up to two more counters, or end ' +
        'your commit turn.'
      );
    case 'battleSpecial': {
      const b = view.battle;
      const slot = b ? view.locations[b.slot] : null;
      const where = slot ? ` at ${locationLabel(slot.location)}` : '';
      const round = b ? ` (${UNIT_TYPES[b.roundType]} round)` : '';
      if (own.tile === SP_BRASIDAS)
        return `Use Brasidas in this battle${where}${round} to double every Spartan hoplite, or not.`;
      if (own.tile === SP_PHORMIO)
        return `Use Phormio in this battle${where}${round} to double every Athenian trireme, or not.`;
      if (own.tile === SP_THESSALANIAN || own.tile === SP_PERSIAN_FLEET) {
        return (
          `Use ${special} in this battle${where}${round} to give a battle token ` +
          `to the attackers or the defenders, or not.`
        );
      }
      return `Use your Special tile in this battle${where}${round}, or not.`;
    }
    case 'casualty':
      return 'Your side lost the round: choose which power loses its weakest counter (they are tied).';
    default:
      return '';
  }
}

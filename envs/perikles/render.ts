/**
 * Text (terminal) and HTML (arena) renderings of a Perikles view: pure functions of the view, so
 * a seat is shown exactly what it may see. Both work for the spectator view (seat -1).
 */
import { escapeHtml } from '../core/html.js';
import {
  CITIES,
  CRT,
  KIND_COUNT,
  LOCATIONS,
  POWERS,
  SPECIALS,
  TYPE_LETTERS,
  UNIT_TYPES,
  kindLabel,
  kindPower,
  kindStrength,
  kindType,
  locationLabel,
  statueValue,
  tileLabel,
  unitLabel,
} from './components.js';
import type { LogEntry } from './events.js';
import { DECISION_TEXT } from './actions.js';
import type { CommittedView, LocationSlotView, PeriklesView } from './view.js';

export const PHASE_TITLES: Record<PeriklesView['phase'], string> = {
  setup: 'setup (initial cubes)',
  influence: 'Phase B: influence',
  nominations: 'Phase C: nominations',
  deadPool: 'Phase E: dead-pool recovery',
  firstCommit: 'Phase E: first commit player',
  commit: 'Phase F: committing forces',
  battle: 'Phase G: battles',
  over: 'game over',
};
const ROUND_RESULTS = ['no units of that type', 'attackers win unopposed', 'defenders win unopposed', 'combat'];
const SIDE_NAMES = ['attackers', 'defenders'];
const END_REASONS = [
  'turn 3 is over',
  'Athens has 4 defeats',
  'Sparta has 4 defeats',
  'the 3,000-decision cap was reached',
];

export function seatName(view: PeriklesView, seat: number): string {
  return seat === view.seat ? `seat ${seat} (you)` : `seat ${seat}`;
}

function seatList(view: PeriklesView, seats: readonly number[]): string {
  const names = seats.map((s) => seatName(view, s));
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function locationText(id: number): string {
  const l = LOCATIONS[id];
  const rounds = l.rounds.length === 1 ? 'H only' : l.rounds.map((r) => TYPE_LETTERS[r]).join(' then ');
  const bonus = (mask: number) => [mask & 1 ? 'H' : '', mask & 2 ? 'T' : ''].filter(Boolean).join('+');
  const intrinsic = l.attackerBonus
    ? `, attacker +1 ${bonus(l.attackerBonus)}`
    : l.defenderBonus
      ? `, defender +1 ${bonus(l.defenderBonus)}`
      : '';
  return `${locationLabel(id)} (${CITIES[l.owner]}, ${l.vp} VP, ${rounds}${intrinsic})`;
}

function headline(view: PeriklesView): string {
  const who = view.seat >= 0 ? `you are seat ${view.seat}` : 'spectator view';
  return (
    `Perikles · turn ${view.turn} of ${view.maxTurns} · start player: ` +
    `${seatName(view, view.startPlayer)} · ${PHASE_TITLES[view.phase]} · ${who}`
  );
}

export function statusLine(view: PeriklesView): string {
  if (view.isOver) {
    const winners = view.ranking.flatMap((place, s) => (place === 0 ? [s] : []));
    const verb = winners.length === 1 ? 'wins' : 'share the win';
    const cap = view.truncated ? 'The 3,000-decision cap ended the game. ' : '';
    const you = winners.includes(view.seat) ? ' You won!' : '';
    return `Game over. ${cap}${seatList(view, winners)} ${verb}.${you}`;
  }
  const what = DECISION_TEXT[view.decision];
  return view.seat >= 0 && view.toAct === view.seat ? `Your decision: ${what}.` : `Seat ${view.toAct} to act: ${what}.`;
}

function scoreLine(view: PeriklesView): string {
  return view.scores
    .map((sc, s) => `${seatName(view, s)} ${sc} (tiles ${view.tileVp[s]}, statues ${view.statueCounts[s]})`)
    .join(' · ');
}

function specialText(view: PeriklesView, seat: number): string {
  const sp = view.specials[seat];
  if (sp.used) return `used ${SPECIALS[sp.tile]}`;
  if (sp.tile >= 0) return `${SPECIALS[sp.tile]} (unused)`;
  const maybe =
    sp.possible.length < SPECIALS.length ? `: one of ${sp.possible.map((k) => SPECIALS[k]).join(', ')}` : '';
  return `unused tile${maybe}`;
}

/** 'an Argive hoplite', 'a Spartan hoplite'. */
export const withArticle = (noun: string): string => `${/^[AEIOU]/.test(noun) ? 'an' : 'a'} ${noun}`;

function counterText([power, type, strength]: CommittedView): string {
  return strength > 0 ? `${unitLabel(power, type)} ${strength}` : `${unitLabel(power, type)} (face down)`;
}

function sideText(view: PeriklesView, slot: LocationSlotView, side: number): string {
  const main = side === 0 ? slot.mainAttacker : slot.mainDefender;
  if (main < 0) return '—';
  const mine = slot.counters.filter((c) => c[3] === side && c[4] === 0).map(counterText);
  const allies = slot.counters.filter((c) => c[3] === side && c[4] === 1).map(counterText);
  const ally = allies.length > 0 ? `; allies: ${allies.join(', ')}` : '';
  return `${seatName(view, main)}: ${mine.join(', ') || 'no counters'}${ally}`;
}

/** Strengths of a power's counters by type, as '1 1 2 3'. */
function strengthsText(counts: readonly number[], power: number, type: number): string {
  const out: number[] = [];
  for (let k = 0; k < KIND_COUNT; k++) {
    if (kindPower(k) !== power || kindType(k) !== type) continue;
    for (let i = 0; i < counts[k]; i++) out.push(kindStrength(k));
  }
  return out.length > 0 ? out.join(' ') : '—';
}

function armyLines(view: PeriklesView): string[] {
  const lines: string[] = [];
  for (let power = 0; power < POWERS.length; power++) {
    const controller = power === 6 ? view.persianLeaders : view.leaders[power] >= 0 ? [view.leaders[power]] : [];
    const parts: string[] = [];
    for (let type = 0; type < 2; type++) {
      const stack = strengthsText(view.stack, power, type);
      const dead = strengthsText(view.dead, power, type);
      let pool = '';
      if (controller.length > 0) {
        const count = view.poolCounts[power * 2 + type];
        pool = view.controlled.includes(power)
          ? `, pool ${strengthsText(view.pool, power, type)}`
          : `, pool ${count} (pool + face down: ${strengthsText(view.unseen, power, type)})`;
      }
      parts.push(`${UNIT_TYPES[type]}s: stack ${stack}${dead !== '—' ? `, dead ${dead}` : ''}${pool}`);
    }
    const who = controller.length > 0 ? ` led by ${seatList(view, controller)}` : '';
    lines.push(`  ${POWERS[power]}${who}: ${parts.join(' · ')}`);
  }
  return lines;
}

function relationText(view: PeriklesView): string {
  const pairs: string[] = [];
  for (let u = 0; u < POWERS.length; u++) {
    for (let v = u + 1; v < POWERS.length; v++) {
      const r = view.relations[u][v];
      if (r > 0) pairs.push(`${POWERS[u]}–${POWERS[v]} ${r === 1 ? 'allied' : 'at war'}`);
    }
  }
  return pairs.length > 0 ? pairs.join(', ') : 'all neutral';
}

export function commitText(view: PeriklesView): string | undefined {
  const c = view.commit;
  if (c === null) return undefined;
  const extra = c.extraCity >= 0 ? `, extra stage (${CITIES[c.extraCity]}): ${c.extra} placed` : '';
  let text = `Commit turn of ${seatName(view, c.seat)} (${c.stage}-shard stage): ${c.basic} basic${extra}.`;
  if (c.selected !== null) {
    const unit =
      c.selected.strength > 0
        ? kindLabel(c.selected.power * 8 + c.selected.type * 4 + c.selected.strength - 1)
        : unitLabel(c.selected.power, c.selected.type);
    text += ` Selected: ${unit}.`;
  }
  if (c.request !== null) {
    const slot = view.locations[c.request.slot];
    text += ` Asks permission to defend ${slot === null ? `slot ${c.request.slot}` : locationLabel(slot.location)}.`;
  }
  return text;
}

export function battleText(view: PeriklesView): string | undefined {
  const b = view.battle;
  if (b === null) return undefined;
  const slot = view.locations[b.slot];
  const name = slot === null ? `slot ${b.slot}` : locationLabel(slot.location);
  const doubled = [b.brasidas ? 'Brasidas' : '', b.phormio ? 'Phormio' : ''].filter(Boolean).join(', ');
  return (
    `Battle at ${name}, round ${b.round + 1} ` +
    `(${UNIT_TYPES[b.roundType]}s): strength ${b.strengths[0]} vs ` +
    `${b.strengths[1]}, tokens ${b.tokens[0]}:${b.tokens[1]}${doubled ? `, ${doubled} played` : ''}.`
  );
}

/** One log event as a sentence. */
export function formatLogEntry(view: PeriklesView, entry: LogEntry): string {
  const [kind, ...a] = entry;
  const who = (s: number) => seatName(view, s);
  const loc = (l: number) => locationLabel(l);
  switch (kind) {
    case 'setup':
      return `${who(a[0])} is drawn as start player`;
    case 'turn':
      return `turn ${a[0]} begins; start player ${who(a[1])}`;
    case 'initialCube':
      return `${who(a[0])} places an initial cube in ${CITIES[a[1]]}`;
    case 'take':
      return `${who(a[0])} takes ${tileLabel(a[2])} from slot ${a[1]}`;
    case 'cubes':
      return (
        `${who(a[0])} adds ${a[2]} cube${a[2] === 1 ? '' : 's'} to ` +
        `${CITIES[a[1]]}${a[2] < a[3] ? ' (supply exhausted)' : ''}`
      );
    case 'nominate':
      return `${who(a[0])} nominates ${who(a[1])} as ${CITIES[a[2]]} ${a[3] === 0 ? 'α' : 'β'} candidate`;
    case 'noNomination':
      return `${who(a[0])} has no legal nomination`;
    case 'assassinate':
      return a[2] < 5
        ? `${who(a[0])} assassinates a ${who(a[3])} cube in ${CITIES[a[1]]}`
        : `${who(a[0])} assassinates the ${CITIES[a[1]]} ${a[2] === 5 ? 'α' : 'β'} candidate (${who(a[3])})`;
    case 'special': {
      const param =
        a[2] === 127 || a[1] === 3
          ? ''
          : a[1] === 2
            ? ` on ${CITIES[a[2]]}`
            : a[1] >= 6
              ? ` for the ${SIDE_NAMES[a[2]]}`
              : '';
      return `${who(a[0])} plays ${SPECIALS[a[1]]}${param}`;
    }
    case 'plague':
      return `Plague: ${who(a[0])} loses ${a[2]} cube${a[2] === 1 ? '' : 's'} in ${CITIES[a[1]]}`;
    case 'alkibiades':
      return `Alkibiades: a ${who(a[1])} cube moves from ${CITIES[a[2]]} to ${CITIES[a[3]]}`;
    case 'refill':
      return `slot ${a[0]} is refilled with ${tileLabel(a[1])}`;
    case 'election':
      return a[2] === 127
        ? `${who(a[1])} leads ${CITIES[a[0]]} unopposed`
        : `${who(a[1])} wins the ${CITIES[a[0]]} election against ${who(a[2])} ` +
            `and removes ${a[3]} cube${a[3] === 1 ? '' : 's'}`;
    case 'noLeader':
      return `${CITIES[a[0]]} has no Leader this turn`;
    case 'persians': {
      const seats = [0, 1, 2, 3, 4].filter((s) => a[0] & (1 << s));
      return seats.length === 0
        ? 'every player leads a city: Persia stays out'
        : `Persian leaders: ${seatList(view, seats)}`;
    }
    case 'recover':
      return `${who(a[0])} recovers ${kindLabel(a[1])} from the dead pool`;
    case 'firstCommit':
      return `${who(a[0])} chooses ${who(a[1])} to commit first`;
    case 'discard':
      return `${who(a[0])} begins a commit turn, discarding ${tileLabel(a[1])}`;
    case 'slaveRevolt':
      return (
        `Slave Revolt removes ${kindLabel(a[2])} ` +
        (a[1] === 7 ? "from the Sparta Leader's pool" : `from ${loc(a[3])}`)
      );
    case 'select':
      return `${who(a[0])} selects ${withArticle(unitLabel(a[1], a[2]))}`;
    case 'commit':
      return (
        `${who(a[0])} commits ${withArticle(unitLabel(a[1], a[2]))} to ` +
        `${a[4] === 0 ? 'attack' : 'defend'} ${loc(a[6])}${a[5] ? ' (ally slot)' : ''}`
      );
    case 'permission':
      return (
        `${who(a[0])} ${a[4] ? 'grants' : 'denies'} ${who(a[1])} permission to ` +
        `defend ${loc(a[5])} with ${POWERS[a[3]]}`
      );
    case 'spendCube':
      return `${who(a[0])} spends a cube in ${CITIES[a[1]]} for extra counters`;
    case 'endCommit':
      return `${who(a[0])} ends the commit turn (${a[1]} counter${a[1] === 1 ? '' : 's'} placed)`;
    case 'reveal':
      return `battle at ${loc(a[1])} (slot ${a[0]}): counters revealed`;
    case 'round':
      return `round ${a[1] + 1} (${UNIT_TYPES[a[2]]}s): ${ROUND_RESULTS[a[3]]}`;
    case 'combat':
      return (
        `strength ${a[0]} vs ${a[1]}: column ${CRT[a[2]].name} (attackers hit ` +
        `on ${CRT[a[2]].attackerTarget}+, defenders on ` +
        `${CRT[a[2]].defenderTarget}+), tokens ${a[3]}:${a[4]}`
      );
    case 'roll':
      return (
        `${a[6] ? 'roll-off: ' : ''}attackers ${a[0]}+${a[1]}=${a[0] + a[1]}, ` +
        `defenders ${a[2]}+${a[3]}=${a[2] + a[3]}; tokens ${a[4]}:${a[5]}`
      );
    case 'roundWin':
      return `the ${SIDE_NAMES[a[2]]} win round ${a[1] + 1}${a[3] ? ' (roll cap reached)' : ''}`;
    case 'casualty':
      return `the ${SIDE_NAMES[a[1]]} lose ${kindLabel(a[2])}`;
    case 'claim':
      return `${who(a[1])} claims ${loc(a[0])} (${LOCATIONS[a[0]].vp} VP)`;
    case 'defeat':
      return `${CITIES[a[0]]} suffers a defeat (${a[1]} in all)`;
    case 'unattacked':
      return `${loc(a[0])} is unattacked: ${who(a[1])} gains 2 cubes in ${CITIES[LOCATIONS[a[0]].owner]}`;
    case 'removed':
      return `${loc(a[0])} is removed from the game`;
    case 'statue':
      return `${who(a[0])} raises a statue in ${CITIES[a[1]]}`;
    case 'gameEnd':
      return `the game ends: ${END_REASONS[a[0]]}`;
  }
}

function cityRows(view: PeriklesView): string[][] {
  const rows: string[][] = [];
  for (let s = 0; s < view.players; s++) {
    rows.push([seatName(view, s), ...CITIES.map((_, c) => String(view.cubes[s][c])), `supply ${view.supply[s]}`]);
  }
  const cand = (c: number, i: number) => (view.candidates[c][i] >= 0 ? `s${view.candidates[c][i]}` : '-');
  rows.push(['candidates α/β', ...CITIES.map((_, c) => `${cand(c, 0)}/${cand(c, 1)}`), '']);
  rows.push(['leader', ...CITIES.map((_, c) => (view.leaders[c] >= 0 ? `s${view.leaders[c]}` : '-')), '']);
  rows.push(['defeats', ...view.defeats.map(String), '']);
  rows.push(['statue VP', ...CITIES.map((_, c) => String(statueValue(c, view.defeats[c]))), '']);
  for (let s = 0; s < view.players; s++) {
    if (view.statueCounts[s] > 0) rows.push([`statues ${seatName(view, s)}`, ...view.statues[s].map(String), '']);
  }
  return rows;
}

function locationRows(view: PeriklesView): string[][] {
  return view.locations.flatMap((slot, i) => {
    if (slot === null) return [];
    const perms = slot.granted.length > 0 ? `; granted: ${slot.granted.map((u) => POWERS[u]).join(', ')}` : '';
    return [[`slot ${i}`, locationText(slot.location), sideText(view, slot, 0), sideText(view, slot, 1) + perms]];
  });
}

/** The terminal rendering of one seat's view. */
export function renderText(view: PeriklesView): string {
  const lines: string[] = [headline(view), statusLine(view), `Scores: ${scoreLine(view)}`, ''];
  lines.push(`${'Cities'.padEnd(24)}${CITIES.map((c) => c.padStart(8)).join('')}`);
  for (const row of cityRows(view))
    lines.push(
      `  ${row[0].padEnd(22)}${row
        .slice(1, 7)
        .map((x) => x.padStart(8))
        .join('')}  ${row[7]}`,
    );
  lines.push('');
  lines.push(
    `Influence display (deck ${view.influenceDeck}): ` +
      view.display.map((t, s) => (t < 0 ? `[${s}] —` : `[${s}] ${tileLabel(t)}`)).join('  '),
  );
  if (view.currentTile >= 0) lines.push(`Tile being resolved: ${tileLabel(view.currentTile)}`);
  for (let s = 0; s < view.players; s++) {
    const held = view.held[s].map(tileLabel).join(', ') || 'none';
    lines.push(`  ${seatName(view, s)}: tiles ${held}; special: ${specialText(view, s)}`);
  }
  if (view.alkibiadesSource !== null) {
    lines.push(
      `Alkibiades moves a ${seatName(view, view.alkibiadesSource[1])} cube from ${CITIES[view.alkibiadesSource[0]]}.`,
    );
  }
  lines.push('');
  lines.push(`Locations (deck ${view.locationDeck})`);
  for (const row of locationRows(view))
    lines.push(`  ${row[0]}: ${row[1]}\n      attack: ${row[2]}\n      defend: ${row[3]}`);
  const claimed = view.claimed
    .map((ids, s) => (ids.length > 0 ? `${seatName(view, s)}: ${ids.map(locationLabel).join(', ')}` : ''))
    .filter(Boolean);
  if (claimed.length > 0) lines.push(`  claimed: ${claimed.join('; ')}`);
  if (view.phase !== 'setup' && view.phase !== 'influence' && view.phase !== 'nominations') {
    lines.push('Armies');
    lines.push(...armyLines(view));
    lines.push(`Relations: ${relationText(view)}`);
  }
  const commit = commitText(view);
  if (commit !== undefined) lines.push(commit);
  const battle = battleText(view);
  if (battle !== undefined) lines.push(battle);
  if (view.log.length > 0) {
    lines.push(view.seat >= 0 ? 'Since your last move' : 'Latest events');
    if (view.logDropped > 0) lines.push(`  (${view.logDropped} earlier events not shown)`);
    for (const entry of view.log) lines.push(`  ${formatLogEntry(view, entry)}`);
  }
  return lines.join('\n');
}

/** escapeHtml, skipping the regex replace for the common text with nothing to escape. */
const HTML_SPECIAL = /[&<>"']/;
const esc = (text: string): string => (HTML_SPECIAL.test(text) ? escapeHtml(text) : text);
const td = (text: string) => `<td>${esc(text)}</td>`;
const th = (text: string) => `<th>${esc(text)}</th>`;
/** A wide table scrolls inside its own box instead of pushing the page past a phone's edge. */
const scroller = (inner: string) => `<div class="scroll" style="overflow-x:auto;max-width:100%">${inner}</div>`;
const table = (cls: string, caption: string, head: readonly string[], rows: readonly (readonly string[])[]) =>
  scroller(
    `<table class="${cls}"><caption>${esc(caption)}</caption>` +
      (head.length > 0 ? `<tr>${head.map(th).join('')}</tr>` : '') +
      rows.map((r) => `<tr>${th(r[0])}${r.slice(1).map(td).join('')}</tr>`).join('') +
      '</table>',
  );

/** Strengths of a power's counters of one type as a list of numbers (ascending). */
function strengthList(counts: readonly number[], power: number, type: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < KIND_COUNT; k++) {
    if (kindPower(k) !== power || kindType(k) !== type) continue;
    for (let i = 0; i < counts[k]; i++) out.push(kindStrength(k));
  }
  return out;
}

const counters = (n: number) => `${n} counter${n === 1 ? '' : 's'}`;

/**
 * A power's counters of one type in words, one fact a line: where they are, and for a pool whether
 * the numbers are strengths (the viewer's own pool) or only a count (anyone else's).
 */
function armyFacts(view: PeriklesView, power: number, type: number): string[] {
  const lines: string[] = [];
  const stack = strengthList(view.stack, power, type);
  if (stack.length > 0)
    lines.push(`${power === 6 ? 'Persian' : 'city'} stack: ${counters(stack.length)}, strengths ${stack.join(' ')}`);
  const led = power === 6 ? view.persianLeaders.length > 0 : view.leaders[power] >= 0;
  if (led) {
    if (view.controlled.includes(power)) {
      const pool = strengthList(view.pool, power, type);
      lines.push(
        pool.length > 0 ? `your pool: ${counters(pool.length)}, strengths ${pool.join(' ')}` : 'your pool: empty',
      );
    } else {
      const count = view.poolCounts[power * 2 + type];
      lines.push(`Leader’s pool: ${counters(count)} (strengths hidden)`);
      const unseen = strengthList(view.unseen, power, type);
      if (unseen.length > 0)
        lines.push(`strengths in that pool and face down on Locations, together: ${unseen.join(' ')}`);
    }
  }
  const dead = strengthList(view.dead, power, type);
  if (dead.length > 0) lines.push(`dead pool: ${counters(dead.length)}, strengths ${dead.join(' ')}`);
  return lines.length > 0 ? lines : ['none here'];
}

function armyTable(view: PeriklesView): string {
  const rows = POWERS.map((name, power) => {
    const leaders = power === 6 ? view.persianLeaders : view.leaders[power] >= 0 ? [view.leaders[power]] : [];
    const cells = UNIT_TYPES.map((_, type) => `<td>${armyFacts(view, power, type).map(esc).join('<br>')}</td>`).join(
      '',
    );
    return `<tr>${th(name)}${td(leaders.length > 0 ? seatList(view, leaders) : 'nobody')}${cells}</tr>`;
  });
  return scroller(
    `<table class="armies"><caption>Armies (numbers after “strengths” are counter strengths)</caption>` +
      `<tr>${['power', 'led by', 'hoplites', 'triremes'].map(th).join('')}</tr>${rows.join('')}</table>`,
  );
}

/** The arena's HTML fragment of one seat's view (no scripts; all text escaped). */
export function renderHtml(view: PeriklesView): string {
  const parts: string[] = [
    '<section class="game perikles">',
    `<h2>${esc(headline(view))}</h2>`,
    `<p class="status">${esc(statusLine(view))}</p>`,
  ];
  parts.push(
    table(
      'scores',
      'Scores',
      ['seat', 'score', 'VP from Locations', 'statues'],
      view.scores.map((sc, s) => [seatName(view, s), String(sc), String(view.tileVp[s]), String(view.statueCounts[s])]),
    ),
  );
  parts.push(table('cities', 'Cities (regular cubes)', ['', ...CITIES, ''], cityRows(view)));
  parts.push(
    table(
      'display',
      `Influence display (deck ${view.influenceDeck})`,
      ['slot', 'tile'],
      view.display.map((t, s) => [String(s), t < 0 ? '—' : tileLabel(t)]),
    ),
  );
  parts.push(
    table(
      'players',
      'Players',
      ['seat', 'tiles held', 'special', 'Locations won'],
      view.held.map((ids, s) => [
        seatName(view, s),
        ids.map(tileLabel).join(', ') || 'none',
        specialText(view, s),
        view.claimed[s].map(locationLabel).join(', ') || 'none',
      ]),
    ),
  );
  parts.push(
    table(
      'locations',
      `Locations (deck ${view.locationDeck})`,
      ['slot', 'Location', 'attack', 'defend'],
      locationRows(view),
    ),
  );
  if (view.phase !== 'setup' && view.phase !== 'influence' && view.phase !== 'nominations') {
    parts.push(armyTable(view));
    const relations = relationText(view);
    parts.push(
      relations === 'all neutral'
        ? '<p class="relations">Relations: all neutral</p>'
        : `<div class="relations"><p>Relations between powers:</p><ul>${relations
            .split(', ')
            .map((r) => `<li>${esc(r)}</li>`)
            .join('')}</ul></div>`,
    );
  }
  for (const text of [commitText(view), battleText(view)])
    if (text !== undefined) parts.push(`<p class="progress">${esc(text)}</p>`);
  if (view.log.length > 0) {
    parts.push(`<h3>${view.seat >= 0 ? 'Since your last move' : 'Latest events'}</h3>`);
    if (view.logDropped > 0) parts.push(`<p class="log-dropped">(${view.logDropped} earlier events not shown)</p>`);
    parts.push(`<ol class="log">${view.log.map((e) => `<li>${esc(formatLogEntry(view, e))}</li>`).join('')}</ol>`);
  }
  parts.push('</section>');
  return parts.join('');
}

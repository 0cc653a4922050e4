/**
 * The Perikles reference: every city, the Persians, every Location tile, Influence tile, Special
 * tile, counter and combat column, by the name the pages show, with text generated from components.ts.
 */
import type { GlossaryEntry } from '../core/board.js';
import {
  CITIES,
  COUNTERS,
  CRT,
  CUBES_PER_PLAYER,
  INFLUENCE_TILES,
  LOCATIONS,
  PERSIA,
  POWERS,
  SPECIALS,
  STATUE_TRACKS,
  TK_ANY,
  TK_ASSASSIN,
  TK_CANDIDATE,
  TK_PLAIN,
  UNIT_TYPES,
  locationLabel,
  tileLabel,
  unitLabel,
} from './components.js';

/** 'hoplites and triremes' words per type. */
const TYPE_PLURAL = ['hoplites', 'triremes'] as const;
const ROUND_WORDS = ['hoplite', 'trireme'] as const;

/** Strengths of a power's counters of one type, ascending: [1, 1, 2, 3]. */
export function strengthsOf(power: number, type: number): number[] {
  return COUNTERS.filter((c) => c.power === power && c.type === type)
    .map((c) => c.strength)
    .sort((a, b) => a - b);
}

/** 'a trireme round, then a hoplite round' / 'a single hoplite round'. */
export function roundsText(id: number): string {
  const r = LOCATIONS[id].rounds;
  return r.length === 1
    ? `a single ${ROUND_WORDS[r[0]]} round`
    : `a ${ROUND_WORDS[r[0]]} round, then a ${ROUND_WORDS[r[1]]} round`;
}

/** '+1 for the defenders in hoplite and trireme rounds', or ''. */
export function bonusText(id: number): string {
  const l = LOCATIONS[id];
  const mask = l.attackerBonus || l.defenderBonus;
  if (mask === 0) return '';
  const types = [mask & 1 ? 'hoplite' : '', mask & 2 ? 'trireme' : ''].filter(Boolean).join(' and ');
  return `+1 for the ${l.attackerBonus ? 'attackers' : 'defenders'} in ${types} rounds`;
}

/** Influence tiles grouped by their label, in id order: [label, tile ids]. */
export function tileGroups(): [string, number[]][] {
  const groups = new Map<string, number[]>();
  for (const tile of INFLUENCE_TILES) {
    const label = tileLabel(tile.id);
    groups.set(label, [...(groups.get(label) ?? []), tile.id]);
  }
  return [...groups.entries()];
}

/** What an Influence tile does, from its kind, city and shards. */
export function tileEffect(id: number): string {
  const tile = INFLUENCE_TILES[id];
  const cubes = `${tile.shards} cube${tile.shards === 1 ? '' : 's'}`;
  const city = CITIES[tile.color];
  switch (tile.kind) {
    case TK_PLAIN:
      return `Adds ${cubes} of yours to ${city}.`;
    case TK_CANDIDATE:
      return `Adds ${cubes} of yours to ${city}, then you nominate a candidate in any city.`;
    case TK_ASSASSIN:
      return `Adds ${cubes} of yours to ${city}, then you remove any one cube or candidate from the board.`;
    default:
      return `Adds ${cubes} of yours to a city of your choice.`;
  }
}

/** When and how each Special tile works (rules §2.5), in the order of SPECIALS. */
export const SPECIAL_TEXT: readonly string[] = [
  'On your own influence turn (before or after taking a tile): add 2 of your cubes to Athens.',
  'On your own influence turn: move two regular cubes (anyone’s) one ' +
    'after the other, each to a different city than the one it left. ' +
    'Candidates cannot be moved.',
  'On your own influence turn: pick a city; every player there loses ' +
    'half of his cubes in it, rounded down (a candidate counts but is ' +
    'never removed).',
  'At the start of your commit turn: a random Spartan hoplite on one ' +
    'Location, or in the Sparta Leader’s pool, goes back to Sparta’s stack.',
  'Before a hoplite combat round with a Spartan hoplite in it: every Spartan hoplite in that round counts double.',
  'Before a trireme combat round with an Athenian trireme in it: every Athenian trireme in that round counts double.',
  'Before a hoplite combat round: give one battle token to a side that holds none.',
  'Before a trireme combat round: give one battle token to a side that holds none.',
];
export const SPECIAL_WHEN = [
  'influence turn',
  'influence turn',
  'influence turn',
  'commit turn',
  'battle',
  'battle',
  'battle',
  'battle',
] as const;

/** The condition of each combat column (rules §2.6), in the order of CRT. */
export const CRT_CONDITION: readonly string[] = [
  'attack strength at least 3 times the defence',
  'attack at least twice the defence',
  'attack at least defence + 2',
  'attack at least the defence, or at least 2 and at most 1 below it',
  'twice the attack more than the defence',
  'any weaker attack',
];

/** A city's statue values and army (what the board's city title shows). */
export function citySummary(c: number): string {
  const track = STATUE_TRACKS[c];
  const army = UNIT_TYPES.map((_, type) => `${TYPE_PLURAL[type]} ${strengthsOf(c, type).join(', ')}`).join('; ');
  return (
    `City. Each statue here is worth ${track.join(', ')} VP after 0, 1, 2… ` +
    `defeats (0 VP from ${track.length} defeats on). ` +
    `Army (strengths): ${army}.`
  );
}

function cityText(c: number): string {
  const tiles = tileGroups()
    .filter(([, ids]) => INFLUENCE_TILES[ids[0]].color === c)
    .map(([label, ids]) => `${ids.length} × ${label}`);
  const locs = LOCATIONS.filter((l) => l.owner === c).map((l) => locationLabel(l.id));
  return `${citySummary(c)} Influence tiles: ${tiles.join(', ')}. Location tiles: ${locs.join(', ')}.`;
}

function persiaText(): string {
  const army = UNIT_TYPES.map((_, type) => `${TYPE_PLURAL[type]} ${strengthsOf(PERSIA, type).join(', ')}`).join('; ');
  return (
    `Not a city: the Persian army (${army}) is led jointly by every player who leads no city this turn. ` +
    'Lost Persian counters go back to the Persian stack, not to the dead pool.'
  );
}

function locationText(id: number): string {
  const l = LOCATIONS[id];
  const bonus = bonusText(id);
  return (
    `Location tile of ${CITIES[l.owner]}, worth ${l.vp} VP to the player who wins it. Fought as ${roundsText(id)}` +
    `${l.rounds.length === 1 ? ' (no triremes may be sent)' : ''}.${bonus ? ` Fixed ${bonus}.` : ''} ` +
    `If the attackers win, ${CITIES[l.owner]} suffers a defeat.`
  );
}

function unitText(power: number, type: number): string {
  const strengths = strengthsOf(power, type);
  const where = type === 0 ? 'land' : 'sea';
  return (
    `${POWERS[power]}’s ${where} counter: ${strengths.length} in the game, strengths ${strengths.join(', ')}. ` +
    `It fights in ${ROUND_WORDS[type]} rounds; its strength stays face down until its battle.`
  );
}

const CONCEPTS: readonly [string, string][] = [
  ['hoplite', 'A land counter: it fights in hoplite rounds.'],
  ['trireme', 'A sea counter: it fights in trireme rounds and may not go to a Location fought by hoplites only.'],
  [
    'Leader',
    'The winner of a city’s election: commands its army this turn and becomes a statue there at the end of the turn.',
  ],
  [
    'candidate',
    'One of a city’s two candidate spaces (α filled first, then β); the ' +
      'one with more cubes in the city wins the election, α on a tie.',
  ],
  ['statue', 'A former Leader of a city: worth the city’s statue value at the end of the game.'],
  ['defeat', 'Counted whenever the attackers win a Location of the city; each defeat lowers the city’s statue value.'],
  ['supply', `Cubes not on the board: each player has ${CUBES_PER_PLAYER}.`],
  ['stack', 'A power’s counters that nobody leads this turn.'],
  ['pool', 'A Leader’s counters not yet committed to a Location.'],
  ['dead pool', 'Greek counters lost in battle: each turn a city’s Leader recovers one of them.'],
  ['face down', 'A committed counter whose strength only its controller sees until its Location’s battle.'],
  ['battle token', 'A side gains one when its dice hit; two tokens win the combat round.'],
  ['ally slot', 'Counters sent to a side by players other than that side’s main player.'],
  [
    'Persian leader',
    'A player who leads no city this turn: commands the Persian army with the others in the same position.',
  ],
  ['start player', 'Takes the first influence turn; the Leader of Athens becomes start player of the next turn.'],
];

function build(): GlossaryEntry[] {
  const entries: GlossaryEntry[] = [];
  CITIES.forEach((name, c) => entries.push({ term: name, text: cityText(c), kind: 'city' }));
  entries.push({ term: POWERS[PERSIA], text: persiaText(), kind: 'power' });
  LOCATIONS.forEach((_, id) =>
    entries.push({ term: locationLabel(id), text: locationText(id), kind: 'Location tile' }),
  );
  for (const [label, ids] of tileGroups()) {
    const tile = INFLUENCE_TILES[ids[0]];
    const stage = tile.shards === 2 ? 'first (2-shard)' : 'second (1-shard)';
    const extra = tile.kind === TK_ANY ? ' (brown, no city)' : '';
    entries.push({
      term: label,
      text:
        `Influence tile${extra} with ${tile.shards} ` +
        `shard${tile.shards === 1 ? '' : 's'}. ${tileEffect(ids[0])} ` +
        `${ids.length} in the game; spent in the ${stage} stage of committing forces.`,
      kind: 'Influence tile',
    });
  }
  SPECIALS.forEach((name, k) =>
    entries.push({ term: name, text: `Special tile, single use. ${SPECIAL_TEXT[k]}`, kind: 'Special tile' }),
  );
  POWERS.forEach((_, power) =>
    UNIT_TYPES.forEach((__, type) =>
      entries.push({ term: unitLabel(power, type), text: unitText(power, type), kind: 'counter' }),
    ),
  );
  CRT.forEach((col, i) =>
    entries.push({
      term: col.name,
      text:
        `Combat column for ${CRT_CONDITION[i]}: attackers hit on ` +
        `${col.attackerTarget} or more with two dice, defenders on ` +
        `${col.defenderTarget} or more.`,
      kind: 'combat column',
    }),
  );
  for (const [term, text] of CONCEPTS) entries.push({ term, text, kind: 'rule term' });
  return entries;
}

export const GLOSSARY: readonly GlossaryEntry[] = Object.freeze(build().map((e) => Object.freeze(e)));

const BY_TERM = new Map(GLOSSARY.map((e) => [e.term, e.text]));

/** The reference text of a term ('' if none). */
export function explain(term: string): string {
  return BY_TERM.get(term) ?? '';
}

/**
 * The flat action space of §9 (218 actions), the legal actions of each decision kind, and the
 * dispatch of a validated action to its transition. Legality is one predicate per decision
 * (isLegal), and legalActions() is that predicate over the decision's action ranges (counter
 * selection takes a faster equivalent path; a test checks both agree on random positions).
 */
import type { ActionRange } from '../core/define-game.js';
import {
  CITY_COUNT,
  DISPLAY_SLOTS,
  KIND_COUNT,
  LOCATION_SLOTS,
  MAX_PLAYERS,
  POWER_COUNT,
  SP_BRASIDAS,
  SP_PHORMIO,
  kindOf,
  kindPower,
  kindType,
} from './components.js';
import { answerBattleSpecial, casualtyCandidates, chooseCasualty } from './battle.js';
import {
  alkibiadesDestination,
  alkibiadesSource,
  anyTileCity,
  assassinate,
  canNominate,
  canTake,
  canUseInfluenceSpecial,
  declinePostSpecial,
  nominate,
  placeInitialCube,
  plague,
  takeTile,
  useInfluenceSpecial,
} from './influence.js';
import {
  answerPermission,
  canSelect,
  canSpend,
  canTarget,
  chooseExtraCity,
  chooseFirstCommit,
  chooseRecovery,
  chooseTarget,
  continueCommit,
  endCommitTurn,
  extraPower,
  hasTarget,
  isRecoveryChoice,
  poolHas,
  selectCounter,
  slaveRevolt,
  spartanHoplitesAt,
  spartanHoplitesInPool,
} from './military.js';
import {
  D_ALKI_DEST,
  D_ALKI_SOURCE,
  D_ANY_CITY,
  D_ASSASSINATE,
  D_BATTLE_SPECIAL,
  D_CASUALTY,
  D_DEAD_POOL,
  D_FIRST_COMMIT,
  D_INITIAL_CUBE,
  D_NOMINATE,
  D_PERMISSION,
  D_PLAGUE,
  D_POST_SPECIAL,
  D_SELECT,
  D_SLAVE_REVOLT,
  D_SPEND,
  D_TAKE,
  D_TARGET,
} from './components.js';
import { type PeriklesPosition } from './position.js';
import {
  CITIES,
  DECISIONS,
  LOCATIONS,
  POWERS,
  SPECIALS,
  UNIT_TYPES,
  kindLabel,
  tileLabel,
  type DecisionName,
} from './components.js';
import { roundType } from './battle.js';
import { deadOfType } from './military.js';

/**
 * §9's blocks in order; each block's first action number (A_*) is derived from the counts, so the
 * numbering is written once.
 */
const BLOCKS = [
  ['pass', 1, 'Pass / stop committing / deny permission / do not use a Special tile'],
  ['yes', 1, 'Yes: use the Special tile / grant permission'],
  ['power', POWER_COUNT, 'A power (city index 0..5, Persia 6): a city for a cube or the Plague, a casualty'],
  ['display', DISPLAY_SLOTS, 'Take the Influence tile in display slot 0..9'],
  ['nominate', CITY_COUNT * MAX_PLAYERS, 'Nominate: city·5 + seat'],
  [
    'assassinate',
    CITY_COUNT * 7,
    'Assassinate: city·7 + target (0..4 a seat’s regular cube, 5 the α, 6 the β candidate)',
  ],
  ['alkibiades', CITY_COUNT * MAX_PLAYERS, 'Alkibiades: move a cube, city·5 + owner seat'],
  ['choose', MAX_PLAYERS, 'Choose seat 0..4 (the first player to commit)'],
  ['deadPool', CITY_COUNT * 2, 'Recover from the dead pool: city·2 + type (0 hoplite, 1 trireme)'],
  ['select', KIND_COUNT, 'Select a counter to commit: power·8 + type·4 + strength − 1'],
  ['target', LOCATION_SLOTS * 2, 'Commit the selected counter: Location slot·2 + side (0 attack, 1 defend)'],
  ['revolt', LOCATION_SLOTS, 'Slave Revolt at Location slot 0..6'],
  ['revoltPool', 1, "Slave Revolt on the Sparta Leader's pool"],
  ['token', 2, 'Thessalanian Allies / Persian Fleet: battle token to the attackers (0) or defenders (1)'],
] as const;

/** The action space as blocks (the generated action table). */
export const ACTIONS: readonly ActionRange[] = BLOCKS.reduce<ActionRange[]>((out, [, count, meaning]) => {
  const last = out.at(-1);
  out.push({ first: last ? last.first + last.count : 0, count, meaning });
  return out;
}, []);
const first = (name: (typeof BLOCKS)[number][0]): number => ACTIONS[BLOCKS.findIndex((b) => b[0] === name)].first;

const A_PASS = first('pass');
const A_YES = first('yes');
export const A_POWER = first('power');
export const A_DISPLAY = first('display');
export const A_NOMINATE = first('nominate');
export const A_ASSASSINATE = first('assassinate');
export const A_ALKIBIADES = first('alkibiades');
export const A_CHOOSE = first('choose');
export const A_DEAD_POOL = first('deadPool');
export const A_SELECT = first('select');
export const A_TARGET = first('target');
export const A_REVOLT = first('revolt');
const A_REVOLT_POOL = first('revoltPool');
export const A_TOKEN = first('token');
/** §9: 1 + 1 + 7 + 10 + 30 + 42 + 30 + 5 + 12 + 56 + 14 + 8 + 2 = 218. */
export const ACTION_SIZE = A_TOKEN + 2;

/** Inclusive action ranges scanned for each decision kind's legal actions. */
const RANGES: readonly (readonly number[])[] = [
  [A_POWER, A_POWER + CITY_COUNT - 1], // initialCube
  [A_YES, A_YES, A_DISPLAY, A_NOMINATE - 1], // takeTile
  [A_POWER, A_POWER + CITY_COUNT - 1], // anyCity
  [A_NOMINATE, A_ASSASSINATE - 1], // nominate
  [A_ASSASSINATE, A_ALKIBIADES - 1], // assassinate
  [A_PASS, A_YES], // postSpecial
  [A_POWER, A_POWER + CITY_COUNT - 1], // plagueCity
  [A_ALKIBIADES, A_CHOOSE - 1], // alkibiadesSource
  [A_POWER, A_POWER + CITY_COUNT - 1], // alkibiadesDestination
  [A_DEAD_POOL, A_SELECT - 1], // deadPool
  [A_CHOOSE, A_DEAD_POOL - 1], // firstCommit
  [A_PASS, A_PASS, A_REVOLT, A_REVOLT_POOL], // slaveRevolt
  [A_PASS, A_PASS, A_SELECT, A_TARGET - 1], // selectCounter
  [A_TARGET, A_REVOLT - 1], // target
  [A_PASS, A_YES], // permission
  [A_PASS, A_PASS, A_POWER, A_POWER + CITY_COUNT - 1], // spendCube
  [A_PASS, A_YES, A_TOKEN, A_TOKEN + 1], // battleSpecial
  [A_POWER, A_POWER + POWER_COUNT - 1], // casualty
  [], // none
];

/** True if action a belongs to the ranges of decision kind `dec` (labels name it in context then). */
function inRanges(dec: number, a: number): boolean {
  const r = RANGES[dec];
  for (let i = 0; i < r.length; i += 2) if (a >= r[i] && a <= r[i + 1]) return true;
  return false;
}

/** Is action `a` (an integer in 0..217) legal for the seat to act? Reads only. */
function isLegal(t: PeriklesPosition, a: number): boolean {
  if (!inRanges(t.dec, a)) return false;
  const seat = t.actor;
  switch (t.dec) {
    case D_INITIAL_CUBE:
    case D_ANY_CITY:
    case D_PLAGUE:
    case D_POST_SPECIAL:
    case D_PERMISSION:
      return true;
    case D_TAKE:
      return a === A_YES ? canUseInfluenceSpecial(t, seat) : canTake(t, seat, a - A_DISPLAY);
    case D_NOMINATE: {
      const x = (a - A_NOMINATE) % 5;
      return x < t.players && canNominate(t, seat, Math.floor((a - A_NOMINATE) / 5), x);
    }
    case D_ASSASSINATE: {
      const city = Math.floor((a - A_ASSASSINATE) / 7);
      const target = (a - A_ASSASSINATE) % 7;
      if (target < 5) return target < t.players && t.cubes[target * CITY_COUNT + city] > 0;
      return t.cand[city * 2 + target - 5] >= 0;
    }
    case D_ALKI_SOURCE: {
      const owner = (a - A_ALKIBIADES) % 5;
      return owner < t.players && t.cubes[owner * CITY_COUNT + Math.floor((a - A_ALKIBIADES) / 5)] > 0;
    }
    case D_ALKI_DEST:
      return a - A_POWER !== Math.floor(t.alkiSource / 5);
    case D_DEAD_POOL:
      return isRecoveryChoice(t, seat, (a - A_DEAD_POOL) >> 1);
    case D_FIRST_COMMIT:
      return a - A_CHOOSE < t.players;
    case D_SLAVE_REVOLT:
      if (a === A_PASS) return true;
      return a === A_REVOLT_POOL ? spartanHoplitesInPool(t) > 0 : spartanHoplitesAt(t, a - A_REVOLT) > 0;
    case D_SELECT:
      return a === A_PASS || canSelect(t, seat, a - A_SELECT);
    case D_TARGET: {
      const k = a - A_TARGET;
      return canTarget(t, t.commitSeat, kindPower(t.selKind), kindType(t.selKind), k >> 1, k & 1);
    }
    case D_SPEND:
      return a === A_PASS || canSpend(t, seat, a - A_POWER);
    case D_BATTLE_SPECIAL: {
      const tile = t.special[seat];
      const isDoubler = tile === SP_BRASIDAS || tile === SP_PHORMIO;
      if (a === A_PASS) return true;
      if (a === A_YES) return isDoubler;
      return !isDoubler && (a === A_TOKEN ? t.tokA === 0 : t.tokD === 0);
    }
    case D_CASUALTY:
      return (casualtyCandidates(t, t.loser)[1] & (1 << (a - A_POWER))) !== 0;
    default:
      return false;
  }
}

/** Legal actions of the seat to act, ascending. */
export function legalActions(t: PeriklesPosition): number[] {
  const out: number[] = [];
  if (t.dec === D_SELECT) {
    // Selecting: test each (power, type) for a target once, not once per strength.
    out.push(A_PASS);
    const seat = t.actor;
    const only = t.extraCity >= 0 ? extraPower(t, seat) : -1;
    for (let power = 0; power < POWER_COUNT; power++) {
      if (!((t.ctrl[seat] >> power) & 1) || (only >= 0 && power !== only)) continue;
      for (let type = 0; type < 2; type++) {
        if (!poolHas(t, power, type) || !hasTarget(t, seat, power, type)) continue;
        const k = kindOf(power, type, 1);
        for (let s = 0; s < 4; s++) if (t.pool[k + s] > 0) out.push(A_SELECT + k + s);
      }
    }
    return out;
  }
  const r = RANGES[t.dec];
  for (let i = 0; i < r.length; i += 2) {
    for (let a = r[i]; a <= r[i + 1]; a++) if (isLegal(t, a)) out.push(a);
  }
  return out;
}

/** Applies a legal action (validated by the caller). */
export function applyLegal(t: PeriklesPosition, a: number): void {
  switch (t.dec) {
    case D_INITIAL_CUBE:
      return placeInitialCube(t, a - A_POWER);
    case D_TAKE:
      return a === A_YES ? useInfluenceSpecial(t, 0) : takeTile(t, a - A_DISPLAY);
    case D_ANY_CITY:
      return anyTileCity(t, a - A_POWER);
    case D_NOMINATE:
      return nominate(t, Math.floor((a - A_NOMINATE) / 5), (a - A_NOMINATE) % 5);
    case D_ASSASSINATE:
      return assassinate(t, Math.floor((a - A_ASSASSINATE) / 7), (a - A_ASSASSINATE) % 7);
    case D_POST_SPECIAL:
      return a === A_YES ? useInfluenceSpecial(t, 1) : declinePostSpecial(t);
    case D_PLAGUE:
      return plague(t, a - A_POWER);
    case D_ALKI_SOURCE:
      return alkibiadesSource(t, Math.floor((a - A_ALKIBIADES) / 5), (a - A_ALKIBIADES) % 5);
    case D_ALKI_DEST:
      return alkibiadesDestination(t, a - A_POWER);
    case D_DEAD_POOL:
      return chooseRecovery(t, (a - A_DEAD_POOL) >> 1, (a - A_DEAD_POOL) & 1);
    case D_FIRST_COMMIT:
      return chooseFirstCommit(t, a - A_CHOOSE);
    case D_SLAVE_REVOLT:
      return a === A_PASS ? continueCommit(t) : slaveRevolt(t, a - A_REVOLT);
    case D_SELECT:
      return a === A_PASS ? endCommitTurn(t) : selectCounter(t, a - A_SELECT);
    case D_TARGET:
      return chooseTarget(t, (a - A_TARGET) >> 1, (a - A_TARGET) & 1);
    case D_PERMISSION:
      return answerPermission(t, a === A_YES);
    case D_SPEND:
      return a === A_PASS ? endCommitTurn(t) : chooseExtraCity(t, a - A_POWER);
    case D_BATTLE_SPECIAL:
      return answerBattleSpecial(t, a !== A_PASS, a >= A_TOKEN ? a - A_TOKEN : -1);
    case D_CASUALTY:
      return chooseCasualty(t, a - A_POWER);
  }
}

// ---- labels ----------------------------------------------------------------------------------------

const SIDES = ['attack', 'defend'] as const;
const SPACE_NAMES = ['α', 'β'] as const;

/** Generic label of any action number (§9 meaning only). */
function genericLabel(a: number): string {
  if (!Number.isInteger(a) || a < 0 || a >= ACTION_SIZE) return `action ${a} (not an action)`;
  if (a === 0) return 'pass / stop / deny';
  if (a === 1) return 'yes / use / grant';
  if (a < A_DISPLAY) return `power ${POWERS[a - A_POWER]}`;
  if (a < A_NOMINATE) return `display slot ${a - A_DISPLAY}`;
  if (a < A_ASSASSINATE) return `nominate seat ${(a - A_NOMINATE) % 5} in ${CITIES[Math.floor((a - A_NOMINATE) / 5)]}`;
  if (a < A_ALKIBIADES) {
    const target = (a - A_ASSASSINATE) % 7;
    const city = CITIES[Math.floor((a - A_ASSASSINATE) / 7)];
    return target < 5
      ? `assassinate a seat ${target} cube in ${city}`
      : `assassinate the ${city} ${SPACE_NAMES[target - 5]} candidate`;
  }
  if (a < A_CHOOSE)
    return `Alkibiades: a seat ${(a - A_ALKIBIADES) % 5} cube from ${CITIES[Math.floor((a - A_ALKIBIADES) / 5)]}`;
  if (a < A_DEAD_POOL) return `choose seat ${a - A_CHOOSE}`;
  if (a < A_SELECT) return `recover a ${POWERS[(a - A_DEAD_POOL) >> 1]} ${UNIT_TYPES[(a - A_DEAD_POOL) & 1]}`;
  if (a < A_TARGET) return kindLabel(a - A_SELECT);
  if (a < A_REVOLT) return `${SIDES[(a - A_TARGET) & 1]} Location slot ${(a - A_TARGET) >> 1}`;
  if (a < A_REVOLT_POOL) return `Slave Revolt at Location slot ${a - A_REVOLT}`;
  if (a === A_REVOLT_POOL) return "Slave Revolt on the Sparta Leader's pool";
  return a === A_TOKEN ? 'battle token to the attackers' : 'battle token to the defenders';
}

/** The label of action a in position t (context label if a belongs to the decision being asked). */
export function actionLabel(t: PeriklesPosition, a: number): string {
  if (!Number.isInteger(a) || a < 0 || a >= ACTION_SIZE || !inRanges(t.dec, a)) return genericLabel(a);
  const city = (x: number) => CITIES[x];
  const special = t.actor >= 0 ? SPECIALS[t.special[t.actor]] : '';
  switch (t.dec) {
    case D_INITIAL_CUBE:
      return `place a cube in ${city(a - A_POWER)}`;
    case D_TAKE: {
      if (a === 1) return `use ${special}`;
      const tile = t.display[a - A_DISPLAY];
      return tile < 0 ? `display slot ${a - A_DISPLAY} (empty)` : `take ${tileLabel(tile)} from slot ${a - A_DISPLAY}`;
    }
    case D_ANY_CITY:
      return `Any-city cube to ${city(a - A_POWER)}`;
    case D_NOMINATE:
      return `nominate seat ${(a - A_NOMINATE) % 5} in ${city(Math.floor((a - A_NOMINATE) / 5))}`;
    case D_ASSASSINATE: {
      const c = Math.floor((a - A_ASSASSINATE) / 7);
      const target = (a - A_ASSASSINATE) % 7;
      if (target < 5) return `assassinate a seat ${target} cube in ${city(c)}`;
      return `assassinate the ${city(c)} ${SPACE_NAMES[target - 5]} candidate (seat ${t.cand[c * 2 + target - 5]})`;
    }
    case D_POST_SPECIAL:
      return a === 1 ? `use ${special}` : `do not use ${special}`;
    case D_PLAGUE:
      return `Plague in ${city(a - A_POWER)}`;
    case D_ALKI_SOURCE:
      return `Alkibiades: move a seat ${(a - A_ALKIBIADES) % 5} cube from ${city(Math.floor((a - A_ALKIBIADES) / 5))}`;
    case D_ALKI_DEST:
      return `Alkibiades: move it to ${city(a - A_POWER)}`;
    case D_DEAD_POOL: {
      const c = (a - A_DEAD_POOL) >> 1;
      const type = (a - A_DEAD_POOL) & 1;
      let s = 1;
      while (s < 4 && t.dead[kindOf(c, type, s)] === 0) s++;
      return deadOfType(t, c, type) > 0 ? `recover ${kindLabel(kindOf(c, type, s))}` : genericLabel(a);
    }
    case D_FIRST_COMMIT:
      return `seat ${a - A_CHOOSE} commits first`;
    case D_SLAVE_REVOLT: {
      if (a === 0) return 'do not use Slave Revolt';
      if (a === A_REVOLT_POOL) return "Slave Revolt on the Sparta Leader's pool";
      const loc = t.locSlot[a - A_REVOLT];
      return loc < 0 ? genericLabel(a) : `Slave Revolt at ${LOCATIONS[loc].name}`;
    }
    case D_SELECT:
      return a === 0 ? 'stop committing' : kindLabel(a - A_SELECT);
    case D_TARGET: {
      const loc = t.locSlot[(a - A_TARGET) >> 1];
      return loc < 0 ? genericLabel(a) : `${SIDES[(a - A_TARGET) & 1]} ${LOCATIONS[loc].name}`;
    }
    case D_PERMISSION:
      return a === 1 ? 'grant' : 'deny';
    case D_SPEND:
      return a === 0 ? 'no extra counters' : `spend a cube in ${city(a - A_POWER)} for extra counters`;
    case D_BATTLE_SPECIAL:
      if (a === 0) return `do not use ${special}`;
      if (a === 1) return `use ${special}`;
      return `${special}: token to the ${a === A_TOKEN ? 'attackers' : 'defenders'}`;
    case D_CASUALTY: {
      const [strength] = casualtyCandidates(t, t.loser);
      return `lose ${kindLabel(kindOf(a - A_POWER, roundType(t), Math.max(1, strength)))}`;
    }
    default:
      return genericLabel(a);
  }
}

// ---- why an action is illegal ---------------------------------------------------------------------

/** What the seat to act decides, by decision kind (neutral wording for messages and renderers). */
export const DECISION_TEXT: Readonly<Record<DecisionName, string>> = {
  initialCube: 'place an initial cube in a city',
  takeTile: 'take an Influence tile (or use a Special tile first)',
  anyCity: 'choose the city for the Any tile’s cube',
  nominate: 'nominate a candidate',
  assassinate: 'choose the cube or candidate to assassinate',
  postSpecial: 'use the Special tile now, or not',
  plagueCity: 'choose the city the Plague strikes',
  alkibiadesSource: 'Alkibiades: choose a cube to move',
  alkibiadesDestination: 'Alkibiades: choose where the cube goes',
  deadPool: 'choose the type of counter to recover from the dead pool',
  firstCommit: 'choose the first player to commit forces',
  slaveRevolt: 'use Slave Revolt, or not',
  selectCounter: 'choose a counter to commit, or stop',
  target: 'choose where the counter goes (attack or defend)',
  permission: 'grant or deny permission to defend',
  spendCube: 'spend a cube for extra counters, or not',
  battleSpecial: 'use the Special tile in this battle round, or not',
  casualty: 'choose which tied counter is lost',
  none: 'nothing: the game is over',
};

/** Why `a` is not legal now (the kit checked the range and that the game is on), or undefined. Reads only. */
export function whyIllegal(t: PeriklesPosition, a: number): string | undefined {
  if (isLegal(t, a)) return undefined;
  return (
    `'${actionLabel(t, a)}' is not among seat ${t.actor}'s choices now: ` + `it must ${DECISION_TEXT[DECISIONS[t.dec]]}`
  );
}

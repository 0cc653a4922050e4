/**
 * The flat action space of §9 (218 actions), the legal actions of each decision kind, and the
 * dispatch of a validated action to its transition. Legality is one predicate per decision
 * (isLegal), and legalActions() is that predicate over the decision's action ranges (counter
 * selection takes a faster equivalent path; a test checks both agree on random positions).
 */
import { CITY_COUNT, POWER_COUNT, SP_BRASIDAS, SP_PHORMIO, kindOf, kindPower, kindType } from './cards.js';
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
  type Table,
} from './table.js';

export const A_PASS = 0;
export const A_YES = 1;
export const A_POWER = 2;
export const A_DISPLAY = 9;
export const A_NOMINATE = 19;
export const A_ASSASSINATE = 49;
export const A_ALKIBIADES = 91;
export const A_CHOOSE = 121;
export const A_DEAD_POOL = 126;
export const A_SELECT = 138;
export const A_TARGET = 194;
export const A_REVOLT = 208;
export const A_REVOLT_POOL = 215;
export const A_TOKEN = 216;
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
export function inRanges(dec: number, a: number): boolean {
  const r = RANGES[dec];
  for (let i = 0; i < r.length; i += 2) if (a >= r[i] && a <= r[i + 1]) return true;
  return false;
}

/** Is action `a` (an integer in 0..217) legal for the seat to act? Reads only. */
export function isLegal(t: Table, a: number): boolean {
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
export function legalActions(t: Table): number[] {
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
export function applyLegal(t: Table, a: number): void {
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

/**
 * Phase G battles (§4.7), Phase H end of turn (§4.8), the end of the game (§7) and scoring. The
 * battle runs automatically except for the battle-special windows (D15) and casualty ties (D16);
 * after such a decision the resume functions pick the Location up where it stopped.
 */
import {
  ATHENS,
  CITY_COUNT,
  CRT,
  ENDING_DEFEATS,
  HOPLITE,
  KIND_COUNT,
  LOCATIONS,
  LOCATION_SLOTS,
  MAX_TURNS,
  PERSIA,
  POWER_COUNT,
  SPARTA,
  SP_BRASIDAS,
  SP_PERSIAN_FLEET,
  SP_PHORMIO,
  SP_THESSALANIAN,
  TRIREME,
  crtColumn,
  kindOf,
  kindPower,
  kindStrength,
  kindType,
  statueValue,
} from './components.js';
import { startTurn } from './influence.js';
import { EV, NONE_ARG, ev } from './events.js';
import { removeCommitted } from './military.js';
import {
  D_BATTLE_SPECIAL,
  D_CASUALTY,
  D_NONE,
  LOC_CLAIMED,
  LOC_REMOVED,
  PH_BATTLE,
  PH_OVER,
  ROLL_CAP,
} from './components.js';
import { addCubes, cubesOnBoard, refreshControl, type PeriklesPosition } from './position.js';

/** §5: one die from the position's Rng. */
const die = (t: PeriklesPosition): number => t.rng.die();

/** Phase G starts with slot 0. */
export function startBattles(t: PeriklesPosition): void {
  t.phase = PH_BATTLE;
  t.bSlot = -1;
  t.selKind = -1;
  t.stage = 0;
  t.commitSeat = -1;
  nextLocation(t);
}

/** Resolves Locations in slot order until one needs a decision; after slot 6 Phase H runs. */
function nextLocation(t: PeriklesPosition): void {
  for (t.bSlot++; t.bSlot < LOCATION_SLOTS; t.bSlot++) {
    if (resolveLocation(t)) return;
  }
  endTurn(t);
}

/** Players who get a Location's rewards: every Persian leader when a Persian leader wins (§4.7 step 6). */
function beneficiaries(t: PeriklesPosition, seat: number): number {
  return (t.persians & (1 << seat)) !== 0 ? t.persians : 1 << seat;
}

/** Counters of a type on a side of the battle slot. */
function countOn(t: PeriklesPosition, side: number, type: number): number {
  let n = 0;
  for (let i = 0; i < t.comLen; i++) {
    const place = t.comPlace[i];
    if (place >> 2 === t.bSlot && ((place >> 1) & 1) === side && kindType(t.comKind[i]) === type) n++;
  }
  return n;
}

/** §4.7 steps 1-4, or the rounds of step 5. Returns true if a decision is now pending. */
function resolveLocation(t: PeriklesPosition): boolean {
  const slot = t.bSlot;
  const loc = t.locSlot[slot];
  if (loc < 0) return false;
  const info = LOCATIONS[loc];
  ev(t, EV.reveal, slot, loc);
  const att = t.mainAtt[slot];
  const def = t.mainDef[slot];
  if (att < 0 && def < 0) {
    removeLocation(t, loc);
  } else if (att < 0) {
    // §4.7 step 3: unattacked; the defenders' main player (every Persian leader) gains 2 cubes.
    const who = beneficiaries(t, def);
    for (let s = 0; s < t.players; s++) {
      if ((who & (1 << s)) === 0) continue;
      ev(t, EV.unattacked, loc, s);
      const added = addCubes(t, s, info.owner, 2);
      ev(t, EV.cubes, s, info.owner, added, 2);
    }
    removeLocation(t, loc);
  } else if (def < 0 && info.defenderBonus === 0) {
    // §4.7 step 4: an unopposed attack needs a counter of the last round's type.
    const last = info.rounds[info.rounds.length - 1];
    if (countOn(t, 0, last) > 0) {
      claim(t, loc, att);
      addDefeat(t, info.owner);
    } else {
      removeLocation(t, loc);
    }
  } else {
    t.bRound = 0;
    t.carry = -1;
    return runRound(t);
  }
  finishLocation(t);
  return false;
}

/** §4.7 step 5 from round bRound on. Returns true if a decision is pending. */
function runRound(t: PeriklesPosition): boolean {
  const info = LOCATIONS[t.locSlot[t.bSlot]];
  for (;;) {
    const type = info.rounds[t.bRound];
    const last = t.bRound === info.rounds.length - 1;
    const a = countOn(t, 0, type);
    const d = countOn(t, 1, type);
    let winner: number;
    if (a === 0 && d === 0) {
      ev(t, EV.round, t.bSlot, t.bRound, type, 0);
      if (last) {
        removeLocation(t, info.id);
        finishLocation(t);
        return false;
      }
      t.carry = -1;
      t.bRound++;
      continue;
    } else if (a === 0) {
      ev(t, EV.round, t.bSlot, t.bRound, type, 2);
      winner = 1;
    } else if (d === 0 && (info.defenderBonus & (1 << type)) === 0) {
      ev(t, EV.round, t.bSlot, t.bRound, type, 1);
      winner = 0;
    } else {
      ev(t, EV.round, t.bSlot, t.bRound, type, 3);
      t.tokA = t.carry === 0 ? 1 : 0;
      t.tokD = t.carry === 1 ? 1 : 0;
      t.bFlags = 0;
      t.winPos = 0;
      return battleWindow(t);
    }
    if (last) {
      locationResult(t, winner);
      return false;
    }
    t.carry = winner;
    t.bRound++;
  }
}

/** The round type being fought. */
export const roundType = (t: PeriklesPosition): number => LOCATIONS[t.locSlot[t.bSlot]].rounds[t.bRound];

/** A power's counters of a type take part in the current round (either side). */
function takesPart(t: PeriklesPosition, power: number, type: number): boolean {
  for (let i = 0; i < t.comLen; i++) {
    const kind = t.comKind[i];
    if (t.comPlace[i] >> 2 === t.bSlot && kindPower(kind) === power && kindType(kind) === type) return true;
  }
  return false;
}

/** Special kinds usable in the current combat round's window (§2.5 conditions), as a bit mask. */
function windowKinds(t: PeriklesPosition): number {
  const type = roundType(t);
  const zeroSide = t.tokA === 0 || t.tokD === 0;
  if (type === HOPLITE) {
    return (zeroSide ? 1 << SP_THESSALANIAN : 0) | (takesPart(t, SPARTA, HOPLITE) ? 1 << SP_BRASIDAS : 0);
  }
  return (zeroSide ? 1 << SP_PERSIAN_FLEET : 0) | (takesPart(t, ATHENS, TRIREME) ? 1 << SP_PHORMIO : 0);
}

/**
 * §4.7 combat step 1 with its Decision: eligible holders decide in seat order from the start
 * player. Being asked (or not) tells everyone whether the seat's unused tile is one of the
 * eligible kinds (§6 Decision), which `possible` records.
 */
function battleWindow(t: PeriklesPosition): boolean {
  for (; t.winPos < t.players; t.winPos++) {
    const seat = (t.start + t.winPos) % t.players;
    if ((t.specialUsed & (1 << seat)) !== 0) continue;
    const kinds = windowKinds(t);
    if ((kinds & (1 << t.special[seat])) !== 0) {
      t.possible[seat] &= kinds;
      t.actor = seat;
      t.dec = D_BATTLE_SPECIAL;
      return true;
    }
    t.possible[seat] &= ~kinds;
  }
  return fight(t);
}

/** D15: 0 declines; 1 plays Brasidas/Phormio; side 0/1 gives the token tile's token to that side. */
export function answerBattleSpecial(t: PeriklesPosition, use: boolean, side: number): void {
  const seat = t.actor;
  if (use) {
    const tile = t.special[seat];
    t.specialUsed |= 1 << seat;
    ev(t, EV.special, seat, tile, side < 0 ? NONE_ARG : side);
    if (tile === SP_BRASIDAS) t.bFlags |= 1;
    else if (tile === SP_PHORMIO) t.bFlags |= 2;
    else if (side === 0) t.tokA = 1;
    else t.tokD = 1;
  }
  t.winPos++;
  if (!battleWindow(t)) nextLocation(t);
}

/** §4.7 combat step 2: a side's strength in the current round, with Brasidas/Phormio doubling. */
export function sideStrength(t: PeriklesPosition, side: number): number {
  const type = roundType(t);
  const info = LOCATIONS[t.locSlot[t.bSlot]];
  const bonus = side === 0 ? info.attackerBonus : info.defenderBonus;
  let total = (bonus & (1 << type)) !== 0 ? 1 : 0;
  for (let i = 0; i < t.comLen; i++) {
    const place = t.comPlace[i];
    const kind = t.comKind[i];
    if (place >> 2 !== t.bSlot || ((place >> 1) & 1) !== side || kindType(kind) !== type) continue;
    const power = kindPower(kind);
    const doubled =
      (t.bFlags & 1 && power === SPARTA && type === HOPLITE) || (t.bFlags & 2 && power === ATHENS && type === TRIREME);
    total += kindStrength(kind) * (doubled ? 2 : 1);
  }
  return total;
}

/** §4.7 combat steps 2-5: strengths, column, then the rolls. */
function fight(t: PeriklesPosition): boolean {
  const a = sideStrength(t, 0);
  const d = sideStrength(t, 1);
  const column = CRT[crtColumn(a, d)];
  ev(t, EV.combat, Math.min(a, 127), Math.min(d, 127), column.id, t.tokA, t.tokD);
  const winner = rollCombat(t, column.attackerTarget, column.defenderTarget, die);
  return casualty(t, winner);
}

/**
 * §4.7 combat step 5 on the position's tokens: both sides roll 2d6 (attacker's two dice first, §5)
 * until a side holds 2 tokens; both reaching 2 on one roll starts a roll-off until exactly one
 * side hits. §7 Decision: after ROLL_CAP rolls the defenders win. Returns the winning side
 * (0 attackers, 1 defenders). `roll` draws one die (the state's RNG; tests may script it).
 */
export function rollCombat(
  t: PeriklesPosition,
  attackerTarget: number,
  defenderTarget: number,
  roll: (t: PeriklesPosition) => number,
): number {
  let rolls = 0;
  let winner = -1;
  let capped = 0;
  let rollOff = false;
  while (winner < 0) {
    if (rolls >= ROLL_CAP) {
      winner = 1;
      capped = 1;
      break;
    }
    const a1 = roll(t);
    const a2 = roll(t);
    const d1 = roll(t);
    const d2 = roll(t);
    rolls++;
    const hitA = a1 + a2 >= attackerTarget;
    const hitD = d1 + d2 >= defenderTarget;
    const wasRollOff = rollOff;
    if (rollOff) {
      if (hitA !== hitD) winner = hitA ? 0 : 1;
    } else {
      if (hitA && t.tokA < 2) t.tokA++;
      if (hitD && t.tokD < 2) t.tokD++;
      if (t.tokA === 2 && t.tokD === 2) rollOff = true;
      else if (t.tokA === 2) winner = 0;
      else if (t.tokD === 2) winner = 1;
    }
    ev(t, EV.roll, a1, a2, d1, d2, t.tokA, t.tokD, wasRollOff ? 1 : 0);
  }
  ev(t, EV.roundWin, t.bSlot < 0 ? 0 : t.bSlot, t.bRound, winner, capped);
  return winner;
}

/**
 * §4.7 combat step 6: the lowest-strength counter(s) of the round's type in the losing side's main
 * slot, else its ally slot. Returns the lowest strength there and the tied powers (mask), or 0.
 */
export function casualtyCandidates(t: PeriklesPosition, side: number): [number, number, number] {
  const type = roundType(t);
  for (let ally = 0; ally < 2; ally++) {
    let best = 99;
    let powers = 0;
    for (let i = 0; i < t.comLen; i++) {
      const place = t.comPlace[i];
      const kind = t.comKind[i];
      if (place >> 2 !== t.bSlot || ((place >> 1) & 1) !== side || (place & 1) !== ally || kindType(kind) !== type)
        continue;
      const s = kindStrength(kind);
      if (s < best) {
        best = s;
        powers = 0;
      }
      if (s === best) powers |= 1 << kindPower(kind);
    }
    if (powers !== 0) return [best, powers, ally];
  }
  return [0, 0, 0];
}

function casualty(t: PeriklesPosition, winner: number): boolean {
  const loser = 1 - winner;
  const [strength, powers, ally] = casualtyCandidates(t, loser);
  if (powers !== 0 && (powers & (powers - 1)) !== 0) {
    t.loser = loser;
    t.actor = loser === 0 ? t.mainAtt[t.bSlot] : t.mainDef[t.bSlot];
    t.dec = D_CASUALTY;
    return true;
  }
  if (powers !== 0) removeCasualty(t, loser, ally, kindOf(31 - Math.clz32(powers), roundType(t), strength));
  return endRound(t, winner);
}

/** D16: the losing side's main player picks the power among tied lowest counters. */
export function chooseCasualty(t: PeriklesPosition, power: number): void {
  const loser = t.loser;
  const [strength, , ally] = casualtyCandidates(t, loser);
  removeCasualty(t, loser, ally, kindOf(power, roundType(t), strength));
  t.loser = -1;
  if (!endRound(t, 1 - loser)) nextLocation(t);
}

/** A lost Greek counter goes to the dead pool, a Persian one back to the Persian stack. */
function removeCasualty(t: PeriklesPosition, side: number, ally: number, kind: number): void {
  for (let i = 0; i < t.comLen; i++) {
    const place = t.comPlace[i];
    if (place >> 2 === t.bSlot && ((place >> 1) & 1) === side && (place & 1) === ally && t.comKind[i] === kind) {
      removeCommitted(t, i);
      break;
    }
  }
  if (kindPower(kind) === PERSIA) t.stack[kind]++;
  else t.dead[kind]++;
  ev(t, EV.casualty, t.bSlot, side, kind);
}

/** After a round's winner is known: the Location's result, or the next round with the carried token. */
function endRound(t: PeriklesPosition, winner: number): boolean {
  const info = LOCATIONS[t.locSlot[t.bSlot]];
  if (t.bRound === info.rounds.length - 1) {
    locationResult(t, winner);
    return false;
  }
  t.carry = winner;
  t.bRound++;
  return runRound(t);
}

/** §4.7 step 6 and 7. */
function locationResult(t: PeriklesPosition, winner: number): void {
  const slot = t.bSlot;
  const loc = t.locSlot[slot];
  if (winner === 0) {
    claim(t, loc, t.mainAtt[slot]);
    addDefeat(t, LOCATIONS[loc].owner);
  } else if (t.mainDef[slot] >= 0) {
    claim(t, loc, t.mainDef[slot]);
  } else {
    removeLocation(t, loc);
  }
  finishLocation(t);
}

function claim(t: PeriklesPosition, loc: number, seat: number): void {
  const who = beneficiaries(t, seat);
  t.locAt[loc] = LOC_CLAIMED;
  t.locClaim[loc] = who;
  for (let s = 0; s < t.players; s++) {
    if ((who & (1 << s)) === 0) continue;
    t.tileVp[s] += LOCATIONS[loc].vp;
    ev(t, EV.claim, loc, s);
  }
}

function addDefeat(t: PeriklesPosition, city: number): void {
  t.defeats[city]++;
  ev(t, EV.defeat, city, Math.min(t.defeats[city], 127));
}

function removeLocation(t: PeriklesPosition, loc: number): void {
  t.locAt[loc] = LOC_REMOVED;
  ev(t, EV.removed, loc);
}

/** §4.7 step 7: the Location's remaining counters go home; the slot is empty from now on. */
function finishLocation(t: PeriklesPosition): void {
  const slot = t.bSlot;
  let j = 0;
  for (let i = 0; i < t.comLen; i++) {
    if (t.comPlace[i] >> 2 === slot) {
      t.stack[t.comKind[i]]++;
    } else {
      t.comKind[j] = t.comKind[i];
      t.comPlace[j] = t.comPlace[i];
      j++;
    }
  }
  t.comLen = j;
  t.comKind.length = j;
  t.comPlace.length = j;
  for (let side = 0; side < 2; side++) {
    t.sideMask[slot * 2 + side] = 0;
    t.sideCount.fill(0, (slot * 2 + side) * POWER_COUNT, (slot * 2 + side + 1) * POWER_COUNT);
  }
  t.locSlot[slot] = -1;
  t.carry = -1;
  t.bRound = 0;
  t.bFlags = 0;
  t.tokA = 0;
  t.tokD = 0;
  t.winPos = 0;
}

// ---- Phase H and the end ---------------------------------------------------------------------------

/** §4.8 then §7's end check; otherwise the next turn's Phase A. */
function endTurn(t: PeriklesPosition): void {
  for (let c = 0; c < CITY_COUNT; c++) {
    const seat = t.leader[c];
    if (seat < 0) continue;
    t.statues[seat * CITY_COUNT + c]++;
    ev(t, EV.statue, seat, c);
  }
  const athensLeader = t.leader[ATHENS];
  for (let k = 0; k < KIND_COUNT; k++) {
    t.stack[k] += t.pool[k];
    t.pool[k] = 0;
  }
  clearTurnState(t);
  const reason =
    t.turn === MAX_TURNS ? 0 : t.defeats[ATHENS] >= ENDING_DEFEATS ? 1 : t.defeats[SPARTA] >= ENDING_DEFEATS ? 2 : -1;
  if (reason >= 0) {
    endGame(t, reason);
    return;
  }
  t.turn++;
  startTurn(t, athensLeader);
}

/** §4.8 step 3: relationships, permissions, main slots, leaders and Persian leaders reset. */
function clearTurnState(t: PeriklesPosition): void {
  for (let u = 0; u < POWER_COUNT; u++) {
    t.allied[u] = 1 << u;
    t.war[u] = 0;
  }
  t.granted.fill(0);
  t.denied.fill(0);
  t.mainAtt.fill(-1);
  t.mainDef.fill(-1);
  t.leader.fill(-1);
  t.persians = 0;
  refreshControl(t);
  t.bSlot = -1;
  t.firstCommit = -1;
  t.commitSeat = -1;
}

export function endGame(t: PeriklesPosition, reason: number): void {
  t.phase = PH_OVER;
  t.dec = D_NONE;
  t.actor = -1;
  ev(t, EV.gameEnd, reason);
}

// ---- scoring (§7) ----------------------------------------------------------------------------------

/** statueValue(city, defeats) at [city·256 + defeats] (defeats is a byte): score() runs at every view. */
const STATUE_VALUES = new Uint8Array(CITY_COUNT * 256);
for (let c = 0; c < CITY_COUNT; c++) for (let d = 0; d < 256; d++) STATUE_VALUES[c * 256 + d] = statueValue(c, d);

function statueVp(t: PeriklesPosition, seat: number): number {
  let vp = 0;
  for (let c = 0; c < CITY_COUNT; c++) vp += t.statues[seat * CITY_COUNT + c] * STATUE_VALUES[c * 256 + t.defeats[c]];
  return vp;
}

export function statueCount(t: PeriklesPosition, seat: number): number {
  let n = 0;
  for (let c = 0; c < CITY_COUNT; c++) n += t.statues[seat * CITY_COUNT + c];
  return n;
}

/** §7: claimed Location VP + statues at the current defeat counts + cubes on the board. */
export function score(t: PeriklesPosition, seat: number, onBoard = cubesOnBoard(t, seat)): number {
  return t.tileVp[seat] + statueVp(t, seat) + onBoard;
}

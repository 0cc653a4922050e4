/**
 * Phase E military preparation (§4.5) and Phase F committing forces (§4.6): armies and Persian
 * leaders, dead-pool recovery, the commit-turn order, Slave Revolt, legal targets with
 * relationships and permissions, placement slots and extra commitments.
 */
import {
  CITY_COUNT,
  HOPLITE,
  INFLUENCE_TILES,
  LOCATIONS,
  LOCATION_SLOTS,
  PERSIA,
  POWER_COUNT,
  SPARTA,
  SP_SLAVE_REVOLT,
  TILE_COUNT,
  TRIREME,
  kindOf,
  kindPower,
  kindType,
} from './components.js';
import { startBattles } from './battle.js';
import { EV, NONE_ARG, ev } from './events.js';
import {
  D_DEAD_POOL,
  D_FIRST_COMMIT,
  D_PERMISSION,
  D_SELECT,
  D_SLAVE_REVOLT,
  D_SPEND,
  D_TARGET,
  PH_COMMIT,
  PH_DEAD_POOL,
  PH_FIRST_COMMIT,
  TILE_DISCARDED,
  placeCode,
} from './components.js';
import { refreshControl, spartaOrStart, type PeriklesPosition } from './position.js';

const SLAVE_REVOLT_BIT = 1 << SP_SLAVE_REVOLT;
/** Kinds 8·power + 4·type + 0..3: the first kind of a power's type. */
const firstKind = (power: number, type: number): number => kindOf(power, type, 1);

// ---- Phase E -------------------------------------------------------------------------------------

/** §4.5 steps 1-2, then dead-pool recovery (step 3). */
export function startMilitary(t: PeriklesPosition): void {
  let persians = 0;
  for (let s = 0; s < t.players; s++) {
    let leads = false;
    for (let c = 0; c < CITY_COUNT; c++) if (t.leader[c] === s) leads = true;
    if (!leads) persians |= 1 << s;
  }
  t.persians = persians;
  for (let power = 0; power < POWER_COUNT; power++) {
    const used = power === PERSIA ? persians !== 0 : t.leader[power] >= 0;
    if (!used) continue;
    for (let k = power * 8; k < power * 8 + 8; k++) {
      t.pool[k] += t.stack[k];
      t.stack[k] = 0;
    }
  }
  refreshControl(t);
  ev(t, EV.persians, persians);
  t.phase = PH_DEAD_POOL;
  t.deadIndex = 0;
  t.deadDone = 0;
  nextRecovery(t);
}

export function deadOfType(t: PeriklesPosition, city: number, type: number): number {
  const k = firstKind(city, type);
  return t.dead[k] + t.dead[k + 1] + t.dead[k + 2] + t.dead[k + 3];
}

/** A city whose recovery waits for its Leader's choice of type (D8). */
export function isRecoveryChoice(t: PeriklesPosition, seat: number, city: number): boolean {
  return (
    t.leader[city] === seat &&
    (t.deadDone & (1 << city)) === 0 &&
    deadOfType(t, city, HOPLITE) > 0 &&
    deadOfType(t, city, TRIREME) > 0
  );
}

/**
 * §4.5 step 3: Leaders in seat order from the Sparta Leader (else the start player); single-type
 * recoveries are automatic, a city with both types in its dead pool asks its Leader.
 */
function nextRecovery(t: PeriklesPosition): void {
  const first = spartaOrStart(t);
  for (let idx = t.deadIndex; idx < t.players; idx++) {
    const seat = (first + idx) % t.players;
    let choice = false;
    for (let c = 0; c < CITY_COUNT; c++) {
      if (t.leader[c] !== seat || (t.deadDone & (1 << c)) !== 0) continue;
      const h = deadOfType(t, c, HOPLITE) > 0;
      const tr = deadOfType(t, c, TRIREME) > 0;
      if (h && tr) choice = true;
      else if (h || tr) recover(t, c, h ? HOPLITE : TRIREME);
      else t.deadDone |= 1 << c;
    }
    if (choice) {
      t.deadIndex = idx;
      t.actor = seat;
      t.dec = D_DEAD_POOL;
      return;
    }
  }
  t.phase = PH_FIRST_COMMIT;
  t.actor = spartaOrStart(t);
  t.dec = D_FIRST_COMMIT;
}

/** The lowest-strength dead counter of the type returns to the Leader's pool. */
function recover(t: PeriklesPosition, city: number, type: number): void {
  const k0 = firstKind(city, type);
  let k = k0;
  while (t.dead[k] === 0) k++;
  t.dead[k]--;
  t.pool[k]++;
  t.deadDone |= 1 << city;
  ev(t, EV.recover, t.leader[city], k);
}

/** D8. */
export function chooseRecovery(t: PeriklesPosition, city: number, type: number): void {
  recover(t, city, type);
  nextRecovery(t);
}

/** D9 (§4.5 step 4). */
export function chooseFirstCommit(t: PeriklesPosition, seat: number): void {
  ev(t, EV.firstCommit, t.actor, seat);
  t.firstCommit = seat;
  t.phase = PH_COMMIT;
  t.commitSeat = seat;
  nextCommitTurn(t);
}

// ---- Phase F: order of commit turns ---------------------------------------------------------------

/**
 * §4.6.2: one seat at a time clockwise; a seat holding a tile of the current stage (2-shard while
 * anyone holds one) takes a commit turn, others are skipped. No tiles left ends the phase.
 */
function nextCommitTurn(t: PeriklesPosition): void {
  for (;;) {
    let anyTwo = false;
    let any = false;
    for (let s = 0; s < t.players; s++) {
      if (t.held[s * 2 + 1] > 0) anyTwo = true;
      if (t.held[s * 2] + t.held[s * 2 + 1] > 0) any = true;
    }
    if (!any) {
      startBattles(t);
      return;
    }
    const stage = anyTwo ? 1 : 0;
    const seat = t.commitSeat;
    if (t.held[seat * 2 + stage] > 0) {
      startCommitTurn(t, seat, stage);
      return;
    }
    t.commitSeat = (seat + 1) % t.players;
  }
}

/** §4.6.3 steps 1-2. */
function startCommitTurn(t: PeriklesPosition, seat: number, stage: number): void {
  const shards = stage + 1;
  for (let tile = 0; tile < TILE_COUNT; tile++) {
    if (t.tileAt[tile] === seat && INFLUENCE_TILES[tile].shards === shards) {
      t.tileAt[tile] = TILE_DISCARDED;
      t.held[seat * 2 + stage]--;
      ev(t, EV.discard, seat, tile);
      break;
    }
  }
  t.stage = shards;
  t.basic = 0;
  t.extraCity = -1;
  t.extra = 0;
  t.selKind = -1;
  t.pendTarget = -1;
  t.actor = seat;
  // The window is asked only of a Slave Revolt holder: everyone learns whether he holds it (§6).
  if ((t.specialUsed & (1 << seat)) === 0 && slaveRevoltTargetExists(t)) {
    if (t.special[seat] === SP_SLAVE_REVOLT) {
      t.possible[seat] &= SLAVE_REVOLT_BIT;
      t.dec = D_SLAVE_REVOLT;
      return;
    }
    t.possible[seat] &= ~SLAVE_REVOLT_BIT;
  }
  continueCommit(t);
}

/** The power an extra-stage counter must be: X itself for its Leader, Persia for a Persian leader. */
export function extraPower(t: PeriklesPosition, seat: number): number {
  return (t.persians & (1 << seat)) !== 0 ? PERSIA : t.extraCity;
}

/** Poses the next decision of the running commit turn, or ends it (§4.6.3 step 5, §9 flow). */
export function continueCommit(t: PeriklesPosition): void {
  const seat = t.commitSeat;
  t.actor = seat;
  if (t.extraCity >= 0) {
    if (t.extra < 2 && hasSelectable(t, seat, extraPower(t, seat))) {
      t.dec = D_SELECT;
      return;
    }
  } else if (t.basic < 2) {
    if (hasSelectable(t, seat, -1)) {
      t.dec = D_SELECT;
      return;
    }
  } else if (anySpendable(t, seat)) {
    t.dec = D_SPEND;
    return;
  }
  endCommitTurn(t);
}

/** D11 STOP, D14 pass, or nothing left to do. */
export function endCommitTurn(t: PeriklesPosition): void {
  const seat = t.commitSeat;
  ev(t, EV.endCommit, seat, t.basic + t.extra);
  t.denied.fill(0);
  t.selKind = -1;
  t.pendTarget = -1;
  t.extraCity = -1;
  t.extra = 0;
  t.basic = 0;
  t.commitSeat = (seat + 1) % t.players;
  nextCommitTurn(t);
}

// ---- Slave Revolt (§2.5) ---------------------------------------------------------------------------

const SPARTAN_HOPLITE = firstKind(SPARTA, HOPLITE);
const isSpartanHoplite = (kind: number): boolean => kind >= SPARTAN_HOPLITE && kind < SPARTAN_HOPLITE + 4;

export function spartanHoplitesAt(t: PeriklesPosition, slot: number): number {
  let n = 0;
  for (let i = 0; i < t.comLen; i++) if (t.comPlace[i] >> 2 === slot && isSpartanHoplite(t.comKind[i])) n++;
  return n;
}

export function spartanHoplitesInPool(t: PeriklesPosition): number {
  return (
    t.pool[SPARTAN_HOPLITE] + t.pool[SPARTAN_HOPLITE + 1] + t.pool[SPARTAN_HOPLITE + 2] + t.pool[SPARTAN_HOPLITE + 3]
  );
}

function slaveRevoltTargetExists(t: PeriklesPosition): boolean {
  if (spartanHoplitesInPool(t) > 0) return true;
  for (let slot = 0; slot < LOCATION_SLOTS; slot++) if (spartanHoplitesAt(t, slot) > 0) return true;
  return false;
}

/**
 * D10: place 0..6 a Location slot, 7 the Sparta Leader's pool. §5: the Spartan hoplites there are
 * listed by ascending strength and index ⌊u·n⌋ is removed to the Sparta stack.
 */
export function slaveRevolt(t: PeriklesPosition, place: number): void {
  const seat = t.actor;
  t.specialUsed |= 1 << seat;
  ev(t, EV.special, seat, SP_SLAVE_REVOLT, place);
  let kind: number;
  if (place === 7) {
    let index = t.rng.int(spartanHoplitesInPool(t));
    kind = SPARTAN_HOPLITE;
    while (index >= t.pool[kind]) index -= t.pool[kind++];
    t.pool[kind]--;
  } else {
    // Equal strengths are interchangeable, so counting strength by strength is the sorted list.
    let index = t.rng.int(spartanHoplitesAt(t, place));
    kind = SPARTAN_HOPLITE;
    for (; ; kind++) {
      const here = countAt(t, place, kind);
      if (index < here) break;
      index -= here;
    }
    removeCommitted(t, indexOfCommitted(t, place, kind));
  }
  t.stack[kind]++;
  ev(t, EV.slaveRevolt, seat, place, kind, place === 7 ? NONE_ARG : t.locSlot[place]);
  continueCommit(t);
}

function countAt(t: PeriklesPosition, slot: number, kind: number): number {
  let n = 0;
  for (let i = 0; i < t.comLen; i++) if (t.comPlace[i] >> 2 === slot && t.comKind[i] === kind) n++;
  return n;
}

function indexOfCommitted(t: PeriklesPosition, slot: number, kind: number): number {
  for (let i = 0; i < t.comLen; i++) if (t.comPlace[i] >> 2 === slot && t.comKind[i] === kind) return i;
  return -1;
}

/** Removes committed counter i (the caller puts it somewhere), keeping commit order. */
export function removeCommitted(t: PeriklesPosition, i: number): void {
  const kind = t.comKind[i];
  const sideIndex = t.comPlace[i] >> 1;
  const power = kindPower(kind);
  if (--t.sideCount[sideIndex * POWER_COUNT + power] === 0) t.sideMask[sideIndex] &= ~(1 << power);
  for (let j = i + 1; j < t.comLen; j++) {
    t.comKind[j - 1] = t.comKind[j];
    t.comPlace[j - 1] = t.comPlace[j];
  }
  t.comLen--;
  t.comKind.length = t.comLen;
  t.comPlace.length = t.comLen;
}

// ---- legal targets (§4.6.4) -------------------------------------------------------------------------

/** Attacking powers of slot l (bit mask). */
const attackers = (t: PeriklesPosition, slot: number): number => t.sideMask[slot * 2];
/** Defending powers of slot l: those with counters there, plus the owning city. */
const defenders = (t: PeriklesPosition, slot: number): number =>
  t.sideMask[slot * 2 + 1] | (1 << LOCATIONS[t.locSlot[slot]].owner);

function canAttack(t: PeriklesPosition, seat: number, power: number, type: number, slot: number): boolean {
  const loc = t.locSlot[slot];
  if (loc < 0) return false;
  const info = LOCATIONS[loc];
  if (type === TRIREME && info.rounds.length === 1) return false;
  if (t.leader[info.owner] === seat) return false;
  const def = defenders(t, slot);
  // allied[power] contains power itself, so this also bars attacking one's own city.
  return (t.allied[power] & def) === 0 && (t.ctrl[seat] & def) === 0 && (t.war[power] & attackers(t, slot)) === 0;
}

function canDefend(t: PeriklesPosition, seat: number, power: number, type: number, slot: number): boolean {
  const loc = t.locSlot[slot];
  if (loc < 0) return false;
  const info = LOCATIONS[loc];
  if (type === TRIREME && info.rounds.length === 1) return false;
  const att = attackers(t, slot);
  if ((t.war[power] & defenders(t, slot)) !== 0 || (t.allied[power] & att) !== 0 || (t.ctrl[seat] & att) !== 0)
    return false;
  const owner = t.leader[info.owner];
  if (owner === seat) return true;
  // A pair still to be asked counts as legal; a city without a Leader cannot grant (§4.6.4).
  if ((t.granted[slot] & (1 << power)) !== 0) return true;
  return (t.denied[slot] & (1 << power)) === 0 && owner >= 0;
}

export function canTarget(
  t: PeriklesPosition,
  seat: number,
  power: number,
  type: number,
  slot: number,
  side: number,
): boolean {
  return side === 0 ? canAttack(t, seat, power, type, slot) : canDefend(t, seat, power, type, slot);
}

export function hasTarget(t: PeriklesPosition, seat: number, power: number, type: number): boolean {
  for (let slot = 0; slot < LOCATION_SLOTS; slot++) {
    if (canAttack(t, seat, power, type, slot) || canDefend(t, seat, power, type, slot)) return true;
  }
  return false;
}

export function poolHas(t: PeriklesPosition, power: number, type: number): boolean {
  const k = firstKind(power, type);
  return t.pool[k] + t.pool[k + 1] + t.pool[k + 2] + t.pool[k + 3] > 0;
}

/** Some counter the seat may select has a legal target (restricted to `only` unless it is -1). */
function hasSelectable(t: PeriklesPosition, seat: number, only: number): boolean {
  const mask = t.ctrl[seat];
  for (let power = 0; power < POWER_COUNT; power++) {
    if ((mask & (1 << power)) === 0 || (only >= 0 && power !== only)) continue;
    for (let type = 0; type < 2; type++) {
      if (poolHas(t, power, type) && hasTarget(t, seat, power, type)) return true;
    }
  }
  return false;
}

/** D11 legality of selecting a counter kind. */
export function canSelect(t: PeriklesPosition, seat: number, kind: number): boolean {
  const power = kindPower(kind);
  if (t.pool[kind] === 0 || !((t.ctrl[seat] >> power) & 1)) return false;
  if (t.extraCity >= 0 && power !== extraPower(t, seat)) return false;
  return hasTarget(t, seat, power, kindType(kind));
}

/** §4.6.3 step 4: city X may be named for extra commitments. */
export function canSpend(t: PeriklesPosition, seat: number, city: number): boolean {
  if (t.cubes[seat * CITY_COUNT + city] === 0) return false;
  if (t.leader[city] === seat) return hasSelectable(t, seat, city);
  return (t.persians & (1 << seat)) !== 0 && hasSelectable(t, seat, PERSIA);
}

function anySpendable(t: PeriklesPosition, seat: number): boolean {
  for (let c = 0; c < CITY_COUNT; c++) if (canSpend(t, seat, c)) return true;
  return false;
}

// ---- commitments -----------------------------------------------------------------------------------

/** D11: a counter is selected (others see its power and type only). */
export function selectCounter(t: PeriklesPosition, kind: number): void {
  t.selKind = kind;
  t.dec = D_TARGET;
  ev(t, EV.select, t.actor, kindPower(kind), kindType(kind));
}

/** D12: places the counter, or asks the owning city's Leader first (§4.6.4 permission). */
export function chooseTarget(t: PeriklesPosition, slot: number, side: number): void {
  const power = kindPower(t.selKind);
  const leader = t.leader[LOCATIONS[t.locSlot[slot]].owner];
  if (side === 1 && leader !== t.commitSeat && (t.granted[slot] & (1 << power)) === 0) {
    t.pendTarget = slot * 2 + side;
    t.actor = leader;
    t.dec = D_PERMISSION;
    return;
  }
  place(t, slot, side);
  afterPlacement(t);
}

/** D13. A denial leaves the counter in the pool and bars the pair for this commit turn. */
export function answerPermission(t: PeriklesPosition, grant: boolean): void {
  const slot = t.pendTarget >> 1;
  const power = kindPower(t.selKind);
  ev(t, EV.permission, t.actor, t.commitSeat, slot, power, grant ? 1 : 0, t.locSlot[slot]);
  if (grant) {
    t.granted[slot] |= 1 << power;
    place(t, slot, 1);
    afterPlacement(t);
    return;
  }
  t.denied[slot] |= 1 << power;
  t.selKind = -1;
  t.pendTarget = -1;
  continueCommit(t);
}

/**
 * §4.6.4 placement slot and relationship effects. The counter joins the main slot if the seat is
 * (or becomes) the side's main player, or if both are Persian leaders; else the ally slot.
 */
function place(t: PeriklesPosition, slot: number, side: number): void {
  const seat = t.commitSeat;
  const kind = t.selKind;
  const power = kindPower(kind);
  const mains = side === 0 ? t.mainAtt : t.mainDef;
  if (mains[slot] < 0) mains[slot] = seat;
  const main = mains[slot];
  const bothPersian = (t.persians & (1 << main)) !== 0 && (t.persians & (1 << seat)) !== 0;
  const ally = main === seat || bothPersian ? 0 : 1;
  const enemies = side === 0 ? defenders(t, slot) : attackers(t, slot);
  const friends = side === 0 ? attackers(t, slot) : defenders(t, slot);
  declare(t.war, power, enemies);
  declare(t.allied, power, friends);
  t.pool[kind]--;
  t.comKind[t.comLen] = kind;
  t.comPlace[t.comLen] = placeCode(slot, side, ally);
  t.comLen++;
  const sideIndex = slot * 2 + side;
  t.sideCount[sideIndex * POWER_COUNT + power]++;
  t.sideMask[sideIndex] |= 1 << power;
  t.selKind = -1;
  t.pendTarget = -1;
  ev(t, EV.commit, seat, power, kindType(kind), slot, side, ally, t.locSlot[slot]);
}

/** Makes `power` and every power in `mask` mutually related (war or alliance; symmetric). */
function declare(rel: Uint8Array, power: number, mask: number): void {
  rel[power] |= mask & ~(1 << power);
  for (let other = 0; other < POWER_COUNT; other++) {
    if (other !== power && (mask & (1 << other)) !== 0) rel[other] |= 1 << power;
  }
}

function afterPlacement(t: PeriklesPosition): void {
  if (t.extraCity >= 0) {
    t.extra++;
    // §4.6.3 step 4: the cube is spent when the first extra counter is actually placed.
    if (t.extra === 1) {
      t.cubes[t.commitSeat * CITY_COUNT + t.extraCity]--;
      ev(t, EV.spendCube, t.commitSeat, t.extraCity);
    }
  } else {
    t.basic++;
  }
  continueCommit(t);
}

/** D14 with a city: the extra stage starts (no cube is spent until a counter is placed). */
export function chooseExtraCity(t: PeriklesPosition, city: number): void {
  t.extraCity = city;
  t.extra = 0;
  continueCommit(t);
}

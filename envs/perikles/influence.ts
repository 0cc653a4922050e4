/**
 * Setup (§3), Phase A refresh (§4.1), Phase B influence turns with the influence-turn specials
 * (§4.2, §2.5), Phase C nominations (§4.3) and Phase D elections (§4.4). Every function assumes
 * the action it performs was validated, and ends by posing the next decision (or by handing over
 * to the next phase).
 */
import {
  ATHENS,
  CITY_COUNT,
  DISPLAY_SLOTS,
  INFLUENCE_SPECIALS,
  INFLUENCE_TILES,
  KIND_TOTALS,
  LOCATION_COUNT,
  LOCATION_SLOTS,
  SPECIAL_COUNT,
  SP_ALKIBIADES,
  SP_PERIKLES,
  SP_PLAGUE,
  START_CUBES_PER_CITY,
  TILE_COUNT,
  TK_ANY,
  TK_ASSASSIN,
  TK_CANDIDATE,
  TK_PLAIN,
  tilesPerPlayer,
} from './components.js';
import { EV, NONE_ARG, ev } from './events.js';
import { startMilitary } from './military.js';
import {
  DRAWN,
  D_ALKI_DEST,
  D_ALKI_SOURCE,
  D_ANY_CITY,
  D_ASSASSINATE,
  D_INITIAL_CUBE,
  D_NOMINATE,
  D_PLAGUE,
  D_POST_SPECIAL,
  D_TAKE,
  LOC_DISPLAY,
  PH_INFLUENCE,
  PH_NOMINATIONS,
  PH_SETUP,
  TILE_DECK,
  TILE_DISPLAY,
} from './components.js';
import { addCubes, isCandidate, emptyPosition, shuffleRange, type PeriklesPosition } from './position.js';
import type { Rng } from '../core/rng.js';

// ---- setup and Phase A ---------------------------------------------------------------------------

/** §3 steps 1-8, drawing in the canonical order of §3 and §5. */
export function dealNewGame(players: number, rng: Rng): PeriklesPosition {
  const t = emptyPosition(players, rng);
  dealInfluence(t);
  for (let i = 0; i < LOCATION_COUNT; i++) t.locDeck[i] = i;
  t.locPos = 0;
  shuffleRange(t, t.locDeck, 0, LOCATION_COUNT);
  dealLocations(t);
  t.stack.set(KIND_TOTALS);
  const specials = Uint8Array.from({ length: SPECIAL_COUNT }, (_, i) => i);
  shuffleRange(t, specials, 0, SPECIAL_COUNT);
  for (let s = 0; s < players; s++) t.special[s] = specials[s];
  t.start = t.rng.int(players);
  ev(t, EV.setup, t.start);
  t.cubes.fill(START_CUBES_PER_CITY);
  t.phase = PH_SETUP;
  t.dec = D_INITIAL_CUBE;
  t.actor = t.start;
  return t;
}

/** §3 step 1 / §4.1 step 1: all 36 tiles from id order, shuffled, 10 dealt to slots 0..9. */
function dealInfluence(t: PeriklesPosition): void {
  for (let i = 0; i < TILE_COUNT; i++) {
    t.infDeck[i] = i;
    t.tileAt[i] = TILE_DECK;
  }
  t.infPos = 0;
  shuffleRange(t, t.infDeck, 0, TILE_COUNT);
  for (let slot = 0; slot < DISPLAY_SLOTS; slot++) t.display[slot] = drawInfluence(t);
  t.held.fill(0);
  t.taken.fill(0);
  t.colors.fill(0);
}

function drawInfluence(t: PeriklesPosition): number {
  const tile = t.infDeck[t.infPos];
  t.infDeck[t.infPos++] = DRAWN;
  t.tileAt[tile] = TILE_DISPLAY;
  return tile;
}

/** §3 step 2 / §4.1 step 2: the next 7 Locations into slots 0..6. */
function dealLocations(t: PeriklesPosition): void {
  for (let slot = 0; slot < LOCATION_SLOTS; slot++) {
    const id = t.locDeck[t.locPos];
    t.locDeck[t.locPos++] = DRAWN;
    t.locAt[id] = LOC_DISPLAY;
    t.locSlot[slot] = id;
  }
}

/** D1: one initial cube (§3 step 7); after 2N placements turn 1 begins. */
export function placeInitialCube(t: PeriklesPosition, city: number): void {
  t.cubes[t.actor * CITY_COUNT + city]++;
  ev(t, EV.initialCube, t.actor, city);
  t.placed++;
  if (t.placed < 2 * t.players) {
    t.actor = (t.actor + 1) % t.players;
    return;
  }
  ev(t, EV.turn, t.turn, t.start);
  beginInfluencePhase(t);
}

/** §4.1 Phase A of turns 2 and 3; `athensLeader` is last turn's Leader of Athens (or -1). */
export function startTurn(t: PeriklesPosition, athensLeader: number): void {
  dealInfluence(t);
  dealLocations(t);
  // §4.1 step 3 and its Decision: no Athens Leader keeps the start player.
  if (athensLeader >= 0) t.start = athensLeader;
  ev(t, EV.turn, t.turn, t.start);
  beginInfluencePhase(t);
}

// ---- Phase B -------------------------------------------------------------------------------------

function beginInfluencePhase(t: PeriklesPosition): void {
  t.phase = PH_INFLUENCE;
  startInfluenceTurn(t, t.start);
}

function startInfluenceTurn(t: PeriklesPosition, seat: number): void {
  t.actor = seat;
  t.dec = D_TAKE;
  t.curSlot = -1;
  t.curTile = -1;
}

const hasUnusedSpecial = (t: PeriklesPosition, seat: number): boolean => (t.specialUsed & (1 << seat)) === 0;

/** The seat may use its special in an influence-turn window (D2's "1", D6). */
export const canUseInfluenceSpecial = (t: PeriklesPosition, seat: number): boolean =>
  hasUnusedSpecial(t, seat) && (INFLUENCE_SPECIALS & (1 << t.special[seat])) !== 0;

/** §4.2 step 2 and §8.1: a color already taken this turn is barred unless every display tile has one. */
export function canTake(t: PeriklesPosition, seat: number, slot: number): boolean {
  const tile = t.display[slot];
  if (tile < 0) return false;
  const taken = t.colors[seat];
  if ((taken & (1 << INFLUENCE_TILES[tile].color)) === 0) return true;
  for (let s = 0; s < DISPLAY_SLOTS; s++) {
    const other = t.display[s];
    if (other >= 0 && (taken & (1 << INFLUENCE_TILES[other].color)) === 0) return false;
  }
  return true;
}

/** D2: takes the display tile in `slot` and places its cubes (§4.2 steps 2-3). */
export function takeTile(t: PeriklesPosition, slot: number): void {
  const seat = t.actor;
  const tile = t.display[slot];
  const info = INFLUENCE_TILES[tile];
  t.display[slot] = -1;
  t.curSlot = slot;
  t.curTile = tile;
  t.tileAt[tile] = seat;
  t.held[seat * 2 + info.shards - 1]++;
  t.taken[seat]++;
  t.colors[seat] |= 1 << info.color;
  ev(t, EV.take, seat, slot, tile);
  if (info.kind === TK_ANY) {
    t.dec = D_ANY_CITY;
    return;
  }
  addCubesLogged(t, seat, info.color, info.kind === TK_PLAIN ? 2 : 1);
  resolveSymbol(t);
}

/** D3: the Any tile's cube. */
export function anyTileCity(t: PeriklesPosition, city: number): void {
  addCubesLogged(t, t.actor, city, 1);
  resolveSymbol(t);
}

function addCubesLogged(t: PeriklesPosition, seat: number, city: number, n: number): void {
  const added = addCubes(t, seat, city, n);
  ev(t, EV.cubes, seat, city, added, n);
}

/** §4.2 step 4: the Candidate or Assassin symbol; §8.2: nothing happens when there is no target. */
function resolveSymbol(t: PeriklesPosition): void {
  const kind = INFLUENCE_TILES[t.curTile].kind;
  if (kind === TK_CANDIDATE) {
    if (hasAnyNomination(t, t.actor)) {
      t.dec = D_NOMINATE;
      return;
    }
    ev(t, EV.noNomination, t.actor);
  } else if (kind === TK_ASSASSIN && anyCubeOrCandidate(t)) {
    t.dec = D_ASSASSINATE;
    return;
  }
  postWindow(t);
}

/**
 * §4.2 step 5. The window is asked only of a holder of an unused Perikles, Alkibiades or Plague,
 * so everyone learns whether the seat's unused tile is one of those (§6 Decision): `possible`
 * records it.
 */
function postWindow(t: PeriklesPosition): void {
  const seat = t.actor;
  if (hasUnusedSpecial(t, seat)) {
    if (canUseInfluenceSpecial(t, seat)) {
      t.possible[seat] &= INFLUENCE_SPECIALS;
      t.dec = D_POST_SPECIAL;
      return;
    }
    t.possible[seat] &= ~INFLUENCE_SPECIALS;
  }
  endInfluenceTurn(t);
}

/** D6 "do not use". */
export function declinePostSpecial(t: PeriklesPosition): void {
  endInfluenceTurn(t);
}

/** §4.2 step 6: refill (unless the phase's last tile was taken), then the next seat clockwise. */
function endInfluenceTurn(t: PeriklesPosition): void {
  let total = 0;
  for (let s = 0; s < t.players; s++) total += t.taken[s];
  if (total === tilesPerPlayer(t.players) * t.players) {
    startNominations(t);
    return;
  }
  const tile = drawInfluence(t);
  t.display[t.curSlot] = tile;
  ev(t, EV.refill, t.curSlot, tile);
  startInfluenceTurn(t, (t.actor + 1) % t.players);
}

// ---- nominations and assassinations --------------------------------------------------------------

/** §4.2 nomination rule: actor A nominates X in city c. */
export function canNominate(t: PeriklesPosition, actor: number, city: number, nominee: number): boolean {
  if (t.cand[city * 2 + 1] >= 0) return false; // both spaces taken (α always fills first)
  const hasPresence = t.cubes[actor * CITY_COUNT + city] > 0 || isCandidate(t, city, actor);
  return hasPresence && t.cubes[nominee * CITY_COUNT + city] > 0 && !isCandidate(t, city, nominee);
}

function hasAnyNomination(t: PeriklesPosition, actor: number): boolean {
  for (let c = 0; c < CITY_COUNT; c++) {
    for (let x = 0; x < t.players; x++) if (canNominate(t, actor, c, x)) return true;
  }
  return false;
}

/** D4: one of the nominee's regular cubes moves to α, or β if α is taken. */
export function nominate(t: PeriklesPosition, city: number, nominee: number): void {
  const space = t.cand[city * 2] < 0 ? 0 : 1;
  t.cubes[nominee * CITY_COUNT + city]--;
  t.cand[city * 2 + space] = nominee;
  ev(t, EV.nominate, t.actor, nominee, city, space);
  if (t.phase === PH_INFLUENCE) {
    postWindow(t);
  } else {
    t.nomSeat = (t.actor + 1) % t.players;
    nextNomination(t);
  }
}

function anyCubeOrCandidate(t: PeriklesPosition): boolean {
  for (let i = 0; i < t.cubes.length; i++) if (t.cubes[i] > 0) return true;
  for (let i = 0; i < CITY_COUNT * 2; i++) if (t.cand[i] >= 0) return true;
  return false;
}

/** D5: target 0..4 a regular cube of that seat, 5 the α candidate, 6 the β candidate. */
export function assassinate(t: PeriklesPosition, city: number, target: number): void {
  let victim: number;
  if (target < 5) {
    victim = target;
    t.cubes[target * CITY_COUNT + city]--;
  } else if (target === 5) {
    // §4.2 step 4: the β cube moves up to α.
    victim = t.cand[city * 2];
    t.cand[city * 2] = t.cand[city * 2 + 1];
    t.cand[city * 2 + 1] = -1;
  } else {
    victim = t.cand[city * 2 + 1];
    t.cand[city * 2 + 1] = -1;
  }
  ev(t, EV.assassinate, t.actor, city, target, victim);
  postWindow(t);
}

// ---- influence-turn specials (§2.5) --------------------------------------------------------------

/** D2 "1" (from = 0) or D6 "1" (from = 1): plays the seat's Perikles, Alkibiades or Plague. */
export function useInfluenceSpecial(t: PeriklesPosition, from: number): void {
  const seat = t.actor;
  const tile = t.special[seat];
  t.specialUsed |= 1 << seat;
  t.specialFrom = from;
  if (tile === SP_PERIKLES) {
    ev(t, EV.special, seat, tile, NONE_ARG);
    addCubesLogged(t, seat, ATHENS, 2);
    finishSpecial(t);
  } else if (tile === SP_PLAGUE) {
    t.dec = D_PLAGUE;
  } else if (tile === SP_ALKIBIADES) {
    ev(t, EV.special, seat, tile, NONE_ARG);
    t.alkiMoves = 0;
    beginAlkibiadesMove(t);
  }
}

/** D7 Plague: every player loses ⌊n/2⌋ regular cubes, n counting his candidate cube too (§8.6). */
export function plague(t: PeriklesPosition, city: number): void {
  ev(t, EV.special, t.actor, SP_PLAGUE, city);
  for (let s = 0; s < t.players; s++) {
    const i = s * CITY_COUNT + city;
    const lost = (t.cubes[i] + (isCandidate(t, city, s) ? 1 : 0)) >> 1;
    if (lost > 0) {
      t.cubes[i] -= lost;
      ev(t, EV.plague, s, city, lost);
    }
  }
  finishSpecial(t);
}

/** §8.7: a move with no regular cube anywhere is skipped without a decision. */
function beginAlkibiadesMove(t: PeriklesPosition): void {
  for (let i = 0; i < t.cubes.length; i++) {
    if (t.cubes[i] > 0) {
      t.dec = D_ALKI_SOURCE;
      return;
    }
  }
  finishSpecial(t);
}

export function alkibiadesSource(t: PeriklesPosition, city: number, owner: number): void {
  t.alkiSource = city * 5 + owner;
  t.dec = D_ALKI_DEST;
}

export function alkibiadesDestination(t: PeriklesPosition, to: number): void {
  const from = Math.floor(t.alkiSource / 5);
  const owner = t.alkiSource % 5;
  t.cubes[owner * CITY_COUNT + from]--;
  t.cubes[owner * CITY_COUNT + to]++;
  ev(t, EV.alkibiades, t.actor, owner, from, to);
  t.alkiSource = -1;
  t.alkiMoves++;
  if (t.alkiMoves < 2) beginAlkibiadesMove(t);
  else finishSpecial(t);
}

/** D2 then continues without the "use" option (§9); D6 ends the influence turn. */
function finishSpecial(t: PeriklesPosition): void {
  t.alkiMoves = 0;
  if (t.specialFrom === 0) t.dec = D_TAKE;
  else endInfluenceTurn(t);
}

// ---- Phase C and D -------------------------------------------------------------------------------

function startNominations(t: PeriklesPosition): void {
  t.phase = PH_NOMINATIONS;
  t.curSlot = -1;
  t.curTile = -1;
  t.nomSeat = t.start;
  nextNomination(t);
}

/** §4.3: the next seat clockwise with a legal nomination must make one; none left ends the phase. */
function nextNomination(t: PeriklesPosition): void {
  for (let i = 0; i < t.players; i++) {
    const seat = (t.nomSeat + i) % t.players;
    if (hasAnyNomination(t, seat)) {
      t.nomSeat = seat;
      t.actor = seat;
      t.dec = D_NOMINATE;
      return;
    }
  }
  holdElections(t);
  startMilitary(t);
}

/** §4.4 Phase D for every city. */
function holdElections(t: PeriklesPosition): void {
  for (let c = 0; c < CITY_COUNT; c++) {
    const a = t.cand[c * 2];
    const b = t.cand[c * 2 + 1];
    t.cand[c * 2] = -1;
    t.cand[c * 2 + 1] = -1;
    if (a < 0) {
      t.leader[c] = -1;
      ev(t, EV.noLeader, c);
      continue;
    }
    if (b < 0) {
      t.leader[c] = a;
      ev(t, EV.election, c, a, NONE_ARG, 0);
      continue;
    }
    const ra = t.cubes[a * CITY_COUNT + c];
    const rb = t.cubes[b * CITY_COUNT + c];
    // A tie goes to α; the winner removes as many of his regular cubes as the loser has.
    const winner = ra >= rb ? a : b;
    const removed = ra >= rb ? rb : ra;
    t.cubes[winner * CITY_COUNT + c] -= removed;
    t.leader[c] = winner;
    ev(t, EV.election, c, winner, winner === a ? b : a, removed);
  }
}

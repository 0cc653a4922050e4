/**
 * Perikles' flow: setup from the seed (§3), applying an action (the decision's transition, the
 * step cap of §7), who acts, the end, and determinize. The rules of each phase live in the topic
 * modules: influence.ts (setup, Phases A-D), military.ts (Phases E-F) and battle.ts (Phase G).
 */
import { Rng } from '../core/rng.js';
import { applyLegal } from './actions.js';
import { endGame } from './battle.js';
import {
  LOCATION_COUNT,
  PH_BATTLE,
  PH_OVER,
  POWER_COUNT,
  SPECIAL_COUNT,
  STEP_CAP,
  TILE_COUNT,
  kindOf,
  kindPower,
  kindType,
} from './components.js';
import { dealNewGame } from './influence.js';
import { POSITION, type PeriklesPosition } from './position.js';

/** A new game: §3's deal and draws from the seed's Rng, in the canonical order of §5. */
export function setup(players: number, seed: number | string): PeriklesPosition {
  return dealNewGame(players, Rng.fromSeed(seed));
}

/** The seat to act, -1 once the game is over. */
export const toAct = (t: PeriklesPosition): number => t.actor;

export const isOver = (t: PeriklesPosition): boolean => t.phase === PH_OVER;

/** True when the game was ended by the step cap (§7 Decision). */
export const isTruncated = (t: PeriklesPosition): boolean => t.truncated;

/** Applies a legal action (the kit validated it) for the seat to act. */
export function apply(t: PeriklesPosition, action: number): void {
  t.lastMove[t.actor] = t.logCount;
  applyLegal(t, action);
  t.steps++;
  // §7 Decision: the environment's hard cap.
  if (t.steps >= STEP_CAP && t.phase !== PH_OVER) {
    t.truncated = true;
    endGame(t, 3);
  }
}

// ---- determinize ------------------------------------------------------------------------------------

/**
 * determinize (§6): a full position consistent with what seat p sees. Everything p cannot see is
 * pooled in ascending id order, shuffled with the given rng and dealt back into the same slots:
 * the order of both decks, the other seats' unused Special tiles together with the set-aside ones
 * (respecting what the windows asked so far revealed), and, for every power p does not control,
 * which strengths sit in the pool, on which face-down committed counter, or in the selection
 * awaiting a target. The world's own RNG is then reseeded from rng, so everything that affects
 * play depends on view(p) and rng only (the event history older than p's view is copied as it
 * is: no rule reads it).
 */
export function determinize(src: PeriklesPosition, p: number, rng: Rng): PeriklesPosition {
  const t = POSITION.clone(src);
  reshuffleDeck(t.infDeck, t.infPos, TILE_COUNT, rng);
  reshuffleDeck(t.locDeck, t.locPos, LOCATION_COUNT, rng);
  dealSpecials(t, p, rng);
  redistributeStrengths(t, p, rng);
  t.rng = rng.fork('world');
  return t;
}

function reshuffleDeck(deck: Uint8Array, from: number, to: number, rng: Rng): void {
  const rest = Array.from(deck.subarray(from, to)).sort((a, b) => a - b);
  rng.shuffleInPlace(rest);
  deck.set(rest, from);
}

/**
 * Other seats' unused tiles and the set-aside tiles are exchangeable, except that each seat's tile
 * must lie in its `possible` set. A plain shuffle usually satisfies that; otherwise one of all the
 * consistent assignments is drawn uniformly.
 */
function dealSpecials(t: PeriklesPosition, p: number, rng: Rng): void {
  const seats: number[] = [];
  let seen = 0;
  for (let s = 0; s < t.players; s++) {
    if (s === p || (t.specialUsed & (1 << s)) !== 0) seen |= 1 << t.special[s];
    else seats.push(s);
  }
  if (seats.length === 0) return;
  const pool: number[] = [];
  for (let tile = 0; tile < SPECIAL_COUNT; tile++) if ((seen & (1 << tile)) === 0) pool.push(tile);
  rng.shuffleInPlace(pool);
  if (seats.every((s, i) => (t.possible[s] & (1 << pool[i])) !== 0)) {
    seats.forEach((s, i) => (t.special[s] = pool[i]));
    return;
  }
  pool.sort((a, b) => a - b);
  const chosen: number[] = [];
  const count = (i: number, used: number): number => {
    if (i === seats.length) return 1;
    let n = 0;
    for (const tile of pool)
      if (!(used & (1 << tile)) && t.possible[seats[i]] & (1 << tile)) n += count(i + 1, used | (1 << tile));
    return n;
  };
  let index = rng.int(count(0, 0));
  // Walk to the index-th consistent assignment in lexicographic order.
  let used = 0;
  for (let i = 0; i < seats.length; i++) {
    for (const tile of pool) {
      if (used & (1 << tile) || !(t.possible[seats[i]] & (1 << tile))) continue;
      const below = count(i + 1, used | (1 << tile));
      if (index < below) {
        chosen.push(tile);
        used |= 1 << tile;
        break;
      }
      index -= below;
    }
  }
  seats.forEach((s, i) => (t.special[s] = chosen[i]));
}

/**
 * §6 pools: for a power p does not control, the strengths in its pool and on its face-down
 * committed counters form one multiset; deal it back over the same face-down counters (commit
 * order), the selected counter, then the pool.
 */
function redistributeStrengths(t: PeriklesPosition, p: number, rng: Rng): void {
  const revealed = t.phase === PH_BATTLE ? t.bSlot : -1;
  for (let power = 0; power < POWER_COUNT; power++) {
    if (p >= 0 && (t.ctrl[p] >> power) & 1) continue;
    for (let type = 0; type < 2; type++) {
      const k0 = kindOf(power, type, 1);
      const strengths: number[] = [];
      for (let s = 0; s < 4; s++) for (let n = t.pool[k0 + s]; n > 0; n--) strengths.push(s);
      const faceDown: number[] = [];
      for (let i = 0; i < t.comLen; i++) {
        const kind = t.comKind[i];
        if (t.comPlace[i] >> 2 !== revealed && kindPower(kind) === power && kindType(kind) === type) faceDown.push(i);
      }
      for (const i of faceDown) strengths.push(t.comKind[i] - k0);
      if (strengths.length < 2) continue;
      strengths.sort((a, b) => a - b);
      rng.shuffleInPlace(strengths);
      let next = 0;
      for (const i of faceDown) t.comKind[i] = k0 + strengths[next++];
      if (t.selKind >= 0 && kindPower(t.selKind) === power && kindType(t.selKind) === type)
        t.selKind = k0 + strengths[next];
      t.pool.fill(0, k0, k0 + 4);
      for (; next < strengths.length; next++) t.pool[k0 + strengths[next]]++;
    }
  }
}

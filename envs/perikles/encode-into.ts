/**
 * The observation written straight from a position: encodePerikles(view(t, seat)) value for value,
 * without building the view (the kit's encodeInto; its checker compares the two). Each value is
 * computed by the same expression as encode.ts, so float32 rounding matches; the kit zeroed the
 * range, so only nonzero values are written. No allocation: offsets are per seat count constants,
 * and the per-cell tallies live in module scratch arrays.
 */
import { score, sideStrength, statueCount } from './battle.js';
import {
  CITY_COUNT,
  CUBES_PER_PLAYER,
  D_ALKI_DEST,
  DISPLAY_SLOTS,
  KIND_COUNT,
  KIND_TOTALS,
  LOCATIONS,
  LOCATION_COUNT,
  LOCATION_SLOTS,
  LOC_CLAIMED,
  LOC_REMOVED,
  MAX_PLAYERS,
  MAX_TURNS,
  MIN_PLAYERS,
  PH_BATTLE,
  PH_COMMIT,
  PH_OVER,
  POWER_COUNT,
  SPECIAL_COUNT,
  STEP_CAP,
  TILE_COUNT,
  TILE_DISCARDED,
  kindPower,
  kindStrength,
  kindType,
} from './components.js';
import { clamp01, layout } from './encode.js';
import { cubesOnBoard, type PeriklesPosition } from './position.js';

/**
 * Segment offsets by seat count. Copied into fresh literals: the layout's offsets object is built
 * key by key and V8 keeps it in dictionary mode; the copies share one fast hidden class.
 */
const OFFSETS: Readonly<Record<string, number>>[] = [];
for (let n = MIN_PLAYERS; n <= MAX_PLAYERS; n++) OFFSETS[n] = { ...layout(n).offsets };

/** Committed counters and their visible strength per [slot][side][power][type]; ally counters per [slot][side]. */
const COUNTS = new Uint8Array(LOCATION_SLOTS * 2 * POWER_COUNT * 2);
const STRENGTHS = new Uint16Array(COUNTS.length);
const ALLIES = new Uint8Array(LOCATION_SLOTS * 2);
/** Counters of uncontrolled powers face down to the viewer, by kind. */
const FACE_DOWN = new Uint8Array(KIND_COUNT);
/** KIND_TOTALS as bytes (reads from the frozen array were measurably slower in this loop). */
const TOTALS = Uint8Array.from(KIND_TOTALS);
/** Influence tiles in the display. */
const SHOWN = new Uint8Array(TILE_COUNT);
/** Seat -> its offset from the viewer (viewer 0, then clockwise; the spectator counts from seat 0). */
const OFF = new Uint8Array(MAX_PLAYERS);

/** encodePerikles(view(t, seat)) into out[offset ..] (zeroed by the kit). */
export function encodePeriklesInto(t: PeriklesPosition, seat: number, out: Float32Array, offset: number): void {
  const n = t.players;
  const o = OFFSETS[n];
  const me = Math.max(seat, 0);
  const off = OFF;
  for (let s = 0; s < n; s++) off[s] = (s - me + n) % n;
  const ctrl = seat >= 0 ? t.ctrl[seat] : 0;
  const revealedSlot = t.phase === PH_BATTLE ? t.bSlot : -1;

  out[offset + o.phase + t.phase] = 1;
  out[offset + o.decision + t.dec] = 1;
  if (t.actor >= 0) out[offset + o.toAct + off[t.actor]] = 1;
  out[offset + o.turn + t.turn - 1] = 1;
  out[offset + o.startPlayer + off[t.start]] = 1;

  // Per seat: cubes, statues, supply, scores, Location VP, Specials.
  for (let s = 0; s < n; s++) {
    const so = off[s];
    for (let c = 0; c < CITY_COUNT; c++) {
      const cubes = t.cubes[s * CITY_COUNT + c];
      if (cubes > 0) out[offset + o.cubes + so * CITY_COUNT + c] = clamp01(cubes / 30);
      const statues = t.statues[s * CITY_COUNT + c];
      if (statues > 0) out[offset + o.statues + so * CITY_COUNT + c] = clamp01(statues / MAX_TURNS);
    }
    const onBoard = cubesOnBoard(t, s); // supplyOf and score count them again
    out[offset + o.supply + so] = clamp01((CUBES_PER_PLAYER - onBoard) / 30);
    out[offset + o.scores + so] = clamp01(score(t, s, onBoard) / 150);
    out[offset + o.tileVp + so] = clamp01(t.tileVp[s] / 60);
    if ((t.specialUsed & (1 << s)) !== 0) {
      out[offset + o.specialUsed + so] = 1;
      out[offset + o.usedTile + so * SPECIAL_COUNT + t.special[s]] = 1;
    } else {
      const possible = t.possible[s];
      for (let k = 0; k < SPECIAL_COUNT; k++) {
        if (possible & (1 << k)) out[offset + o.possible + so * SPECIAL_COUNT + k] = 1;
      }
    }
    if (t.persians & (1 << s)) out[offset + o.persianLeaders + so] = 1;
  }

  for (let c = 0; c < CITY_COUNT; c++) {
    for (let space = 0; space < 2; space++) {
      const s = t.cand[c * 2 + space];
      if (s >= 0) out[offset + o.candidates + (c * 2 + space) * n + off[s]] = 1;
    }
    if (t.leader[c] >= 0) out[offset + o.leaders + c * n + off[t.leader[c]]] = 1;
    out[offset + o.defeats + c] = clamp01(t.defeats[c] / 8);
  }

  // Location slots and the counters committed there.
  let displayed = 0; // bit mask over Location ids
  for (let l = 0; l < LOCATION_SLOTS; l++) {
    const loc = t.locSlot[l];
    if (loc < 0) continue;
    displayed |= 1 << loc;
    out[offset + o.slots + l * LOCATION_COUNT + loc] = 1;
    if (t.mainAtt[l] >= 0) out[offset + o.mainAttacker + l * n + off[t.mainAtt[l]]] = 1;
    if (t.mainDef[l] >= 0) out[offset + o.mainDefender + l * n + off[t.mainDef[l]]] = 1;
    if (l === revealedSlot) out[offset + o.revealed + l] = 1;
    for (let u = 0; u < POWER_COUNT; u++) {
      if (t.granted[l] & (1 << u)) out[offset + o.granted + l * POWER_COUNT + u] = 1;
      if (t.denied[l] & (1 << u)) out[offset + o.denied + l * POWER_COUNT + u] = 1;
    }
  }
  COUNTS.fill(0);
  STRENGTHS.fill(0);
  ALLIES.fill(0);
  FACE_DOWN.fill(0);
  const comLen = t.comLen;
  for (let i = 0; i < comLen; i++) {
    const place = t.comPlace[i];
    const kind = t.comKind[i];
    const l = place >> 2;
    const power = kindPower(kind);
    const controlled = ((ctrl >> power) & 1) === 1;
    if (l !== revealedSlot && !controlled) FACE_DOWN[kind]++;
    if (t.locSlot[l] < 0) continue;
    const side = (place >> 1) & 1;
    const cell = ((l * 2 + side) * POWER_COUNT + power) * 2 + kindType(kind);
    COUNTS[cell]++;
    if (l === revealedSlot || controlled) STRENGTHS[cell] += kindStrength(kind);
    if (place & 1) ALLIES[l * 2 + side]++;
  }
  for (let i = 0; i < comLen; i++) {
    const l = t.comPlace[i] >> 2;
    if (t.locSlot[l] < 0) continue;
    const side = (t.comPlace[i] >> 1) & 1;
    const kind = t.comKind[i];
    const cell = ((l * 2 + side) * POWER_COUNT + kindPower(kind)) * 2 + kindType(kind);
    out[offset + o.committedCount + cell] = clamp01(COUNTS[cell] / 8);
    if (STRENGTHS[cell] > 0) out[offset + o.committedStrength + cell] = clamp01(STRENGTHS[cell] / 24);
    if (ALLIES[l * 2 + side] > 0) out[offset + o.allyCount + l * 2 + side] = clamp01(ALLIES[l * 2 + side] / 8);
  }

  // Location tiles: deck, display, removed or claimed (claimed wins over removed over display).
  const seatMask = (1 << n) - 1;
  for (let loc = 0; loc < LOCATION_COUNT; loc++) {
    const claimedBy = t.locAt[loc] === LOC_CLAIMED ? t.locClaim[loc] & seatMask : 0;
    const state = claimedBy !== 0 ? 3 : t.locAt[loc] === LOC_REMOVED ? 2 : (displayed >> loc) & 1 ? 1 : 0;
    out[offset + o.locationState + loc * 4 + state] = 1;
    for (let s = 0; s < n; s++) if (claimedBy & (1 << s)) out[offset + o.claimedBy + loc * n + off[s]] = 1;
  }

  for (let u = 0; u < POWER_COUNT; u++) {
    for (let v = 0; v < POWER_COUNT; v++) {
      const r = (t.allied[u] >> v) & 1 ? 1 : (t.war[u] >> v) & 1 ? 2 : 0;
      if (r > 0) out[offset + o.relations + (u * POWER_COUNT + v) * 2 + r - 1] = 1;
    }
  }

  // Counters by kind / the kind's total (encode.ts byTotal; kinds that do not exist stay 0). A power's
  // pool is the viewer's to see if it controls the power; otherwise it counts as unseen.
  const stackAt = offset + o.stack;
  const deadAt = offset + o.dead;
  const poolAt = offset + o.pool;
  const unseenAt = offset + o.unseen;
  const stack = t.stack;
  const dead = t.dead;
  const pools = t.pool;
  for (let k = 0; k < KIND_COUNT; k++) {
    const total = TOTALS[k];
    if (total === 0) continue;
    if (stack[k] > 0) out[stackAt + k] = clamp01(stack[k] / total);
    if (dead[k] > 0) out[deadAt + k] = clamp01(dead[k] / total);
    const mine = ((ctrl >> kindPower(k)) & 1) === 1;
    const pool = mine ? pools[k] : 0;
    const unseen = (mine ? 0 : pools[k]) + FACE_DOWN[k];
    if (pool > 0) out[poolAt + k] = clamp01(pool / total);
    if (unseen > 0) out[unseenAt + k] = clamp01(unseen / total);
  }
  // Kinds are power·8 + type·4 + strength − 1, so pool count i = power·2 + type sums kinds 4i .. 4i + 3.
  for (let i = 0; i < POWER_COUNT * 2; i++) {
    const count = t.pool[4 * i] + t.pool[4 * i + 1] + t.pool[4 * i + 2] + t.pool[4 * i + 3];
    if (count > 0) out[offset + o.poolCounts + i] = clamp01(count / 14);
  }
  for (let u = 0; u < POWER_COUNT; u++) if ((ctrl >> u) & 1) out[offset + o.controlled + u] = 1;

  // Influence tiles: held (by whom), else discarded, displayed or in the deck.
  SHOWN.fill(0);
  for (let slot = 0; slot < DISPLAY_SLOTS; slot++) {
    const tile = t.display[slot];
    if (tile >= 0) {
      SHOWN[tile] = 1;
      out[offset + o.displaySlots + slot] = 1;
    }
  }
  for (let tile = 0; tile < TILE_COUNT; tile++) {
    const at = t.tileAt[tile];
    if (at < n) {
      const so = off[at];
      out[offset + o.tileHeld + tile * n + so] = 1;
      // += in float32, as encode.ts's SegmentWriter.add, so the sums round alike.
      out[offset + o.heldCounts + so * 2 + (tile < 14 ? 1 : 0)] += 0.2;
    } else {
      out[offset + o.tileState + tile * 3 + (at === TILE_DISCARDED ? 2 : SHOWN[tile])] = 1;
    }
  }
  out[offset + o.decks] = clamp01((TILE_COUNT - t.infPos) / TILE_COUNT);
  out[offset + o.decks + 1] = clamp01((LOCATION_COUNT - t.locPos) / LOCATION_COUNT);
  if (t.curTile >= 0) out[offset + o.currentTile + t.curTile] = 1;
  if (seat >= 0) out[offset + o.ownSpecial + t.special[seat]] = 1;
  if (t.dec === D_ALKI_DEST) {
    out[offset + o.alkibiades + Math.floor(t.alkiSource / 5) * n + off[t.alkiSource % 5]] = 1;
  }

  if (t.phase === PH_COMMIT) {
    out[offset + o.commitSeat + ((t.commitSeat - me + n) % n)] = 1; // as encode.ts, unguarded
    if (t.stage >= 1) out[offset + o.commitStage + t.stage - 1] = 1;
    if (t.basic >= 0) out[offset + o.commitBasic + t.basic] = 1;
    if (t.extraCity >= 0) out[offset + o.extraCity + t.extraCity] = 1;
    if (t.extra >= 0) out[offset + o.commitExtra + t.extra] = 1;
    const sel = t.selKind;
    if (sel >= 0) {
      out[offset + o.selected + kindPower(sel) * 2 + kindType(sel)] = 1;
      if ((ctrl >> kindPower(sel)) & 1) out[offset + o.selectedStrength + kindStrength(sel) - 1] = 1;
    }
    if (t.pendTarget >= 0) out[offset + o.request + (t.pendTarget >> 1)] = 1;
  }
  if (t.firstCommit >= 0) out[offset + o.firstCommit + off[t.firstCommit]] = 1;
  if (t.phase === PH_BATTLE && t.bSlot >= 0 && t.bSlot < LOCATION_SLOTS && t.locSlot[t.bSlot] >= 0) {
    out[offset + o.battleSlot + t.bSlot] = 1;
    out[offset + o.battleRound + t.bRound] = 1;
    out[offset + o.roundType + LOCATIONS[t.locSlot[t.bSlot]].rounds[t.bRound]] = 1;
    out[offset + o.tokens + t.tokA] = 1;
    out[offset + o.tokens + 3 + t.tokD] = 1;
    if (t.carry >= 0) out[offset + o.carry + t.carry] = 1;
    if (t.bFlags & 1) out[offset + o.doubled] = 1;
    if (t.bFlags & 2) out[offset + o.doubled + 1] = 1;
    out[offset + o.strengths] = clamp01(sideStrength(t, 0) / 40);
    out[offset + o.strengths + 1] = clamp01(sideStrength(t, 1) / 40);
  }
  out[offset + o.steps] = clamp01(t.steps / STEP_CAP);
  if (t.phase === PH_OVER) {
    writeWinners(t, out, offset + o.winners);
    out[offset + o.over] = 1;
  }
  if (t.truncated) out[offset + o.over + 1] = 1;
  if (seat >= 0) out[offset + o.seat + seat] = 1;
}

/**
 * The seats ranked first (scoring.ts ranking: score, then Location VP, then statues, higher
 * better; place 0 = no seat strictly better), found without building the ranking.
 */
function writeWinners(t: PeriklesPosition, out: Float32Array, at: number): void {
  let best = -1;
  for (let s = 0; s < t.players; s++) {
    if (best < 0 || compareKeys(t, s, best) > 0) best = s;
  }
  for (let s = 0; s < t.players; s++) if (compareKeys(t, s, best) === 0) out[at + OFF[s]] = 1;
}

function compareKeys(t: PeriklesPosition, a: number, b: number): number {
  return score(t, a) - score(t, b) || t.tileVp[a] - t.tileVp[b] || statueCount(t, a) - statueCount(t, b);
}

/**
 * The observation written straight from the position: encodePhiladelphia(view(p, seat)) value for
 * value (encode-into.test.ts checks it at every step of seeded games), without building the view.
 * Same expressions in the same order as encode.ts, so the float32 roundings are the same.
 */
import {
  AD_CARD_COUNT,
  AD_KINDS,
  FRAMES,
  FRAME_SIZE,
  F_OVERTIME,
  INDUSTRIES,
  ITEM_BOOM,
  ITEM_CARD_COUNT,
  ITEM_SLOTS,
  KINDS_PER_INDUSTRY,
  KIND_COUNT,
  MAX_FIELD,
  MAX_PLAYERS,
  MAX_ROUNDS,
  MIN_PLAYERS,
  OVERTIME_MAX,
  PH_ACTION,
  PH_OVER,
} from './components.js';
import {
  COUNT_SCALE,
  FRAME_SCALE,
  GOLD_SCALE,
  HAND_SCALE,
  ITEM_COPIES,
  KIND_CODE,
  MARKER_SCALE,
  MAX_COPIES,
  SLOT_SIZE,
  VP_SCALE,
  layoutOf,
} from './encode.js';
import type { PhiladelphiaPosition } from './position.js';

/**
 * Segment offsets of one seat count as an object literal (one fixed shape, fast property reads; the
 * layout's own `offsets` record is built key by key). encode-into.test.ts checks it names every segment.
 */
export function offsetsFor(players: number) {
  const l = layoutOf(players).offsets;
  return {
    context: l.context,
    phase: l.phase,
    toAct: l.toAct,
    turnSeat: l.turnSeat,
    startPlayer: l.startPlayer,
    round: l.round,
    actionsLeft: l.actionsLeft,
    purchased: l.purchased,
    decisionCount: l.decisionCount,
    decisionSelf: l.decisionSelf,
    hand: l.hand,
    handSizes: l.handSizes,
    known: l.known,
    gold: l.gold,
    vp: l.vp,
    fields: l.fields,
    adDeckSize: l.adDeckSize,
    adDiscard: l.adDiscard,
    revealed: l.revealed,
    submitting: l.submitting,
    itemSlots: l.itemSlots,
    itemActive: l.itemActive,
    itemDeckSize: l.itemDeckSize,
    itemDiscard: l.itemDiscard,
    boom: l.boom,
    lastDie: l.lastDie,
    frames: l.frames,
    overtimePosted: l.overtimePosted,
    winners: l.winners,
    truncated: l.truncated,
  };
}

/** OFFSETS[players], built once per seat count at load. */
const OFFSETS: readonly ReturnType<typeof offsetsFor>[] = (() => {
  const table: ReturnType<typeof offsetsFor>[] = [];
  for (let n = MIN_PLAYERS; n <= MAX_PLAYERS; n++) table[n] = offsetsFor(n);
  return table;
})();

/** Each ad kind's period (the divisor of a field slot's markers). */
const PERIOD: readonly number[] = AD_KINDS.map((k) => k.period);
const REVEAL_SIZE = KIND_CODE + 1;
const ITEM_SLOT_SIZE = ITEM_BOOM + 1;

const clip = (value: number, scale: number): number => Math.min(value, scale) / scale;

/** Copies per kind of one seat's block of a per-kind array, / MAX_COPIES (encode adds 1/4 per card: exact). */
function writeCopies(out: Float32Array, at: number, counts: readonly number[], from: number): void {
  for (let k = 0; k < KIND_COUNT; k++) {
    const c = counts[from + k];
    if (c > 0) out[at + k] = c / MAX_COPIES;
  }
}

/** encodePhiladelphia(view(t, seat)) into out[offset ..]; the kit zeroed that range. */
export function encodePhiladelphiaInto(t: PhiladelphiaPosition, seat: number, out: Float32Array, offset: number): void {
  const n = t.players;
  const o = OFFSETS[n];
  const me = seat >= 0 ? seat : 0;
  const over = t.phase === PH_OVER;

  out[offset + o.context + t.ctx] = 1;
  out[offset + o.phase + t.phase] = 1;
  if (!over && t.actor >= 0) out[offset + o.toAct + ((t.actor - me + n) % n)] = 1;
  if (t.phase === PH_ACTION) out[offset + o.turnSeat + ((((t.start + t.turn) % n) - me + n) % n)] = 1;
  out[offset + o.startPlayer + ((t.start - me + n) % n)] = 1;
  out[offset + o.round] = t.round / MAX_ROUNDS;
  out[offset + o.actionsLeft] = t.actionsLeft / 2;
  if (t.purchased) out[offset + o.purchased] = 1;
  out[offset + o.decisionCount] = clip(t.ctxCount, COUNT_SCALE);
  if (t.ctxArg >= 0) out[offset + o.decisionSelf + t.ctxArg] = 1;
  if (seat >= 0) writeCopies(out, offset + o.hand, t.hands, seat * KIND_COUNT);

  // Winners (ranking place 0 once over): no seat ahead on VP, then gold (scoring.ts ranking).
  let bestVp = -1;
  let bestGold = -1;
  if (over) {
    for (let s = 0; s < n; s++) {
      if (t.vp[s] > bestVp || (t.vp[s] === bestVp && t.gold[s] > bestGold)) {
        bestVp = t.vp[s];
        bestGold = t.gold[s];
      }
    }
  }
  for (let s = 0; s < n; s++) {
    const r = (s - me + n) % n;
    out[offset + o.handSizes + r] = clip(t.handSize[s], HAND_SCALE);
    writeCopies(out, offset + o.known + r * KIND_COUNT, t.known, s * KIND_COUNT);
    out[offset + o.gold + r] = clip(t.gold[s], GOLD_SCALE);
    out[offset + o.vp + r] = clip(t.vp[s], VP_SCALE);
    const len = t.fieldLen[s];
    for (let slot = 0; slot < len; slot++) {
      const kind = t.fieldKind[s * MAX_FIELD + slot];
      const markers = t.fieldMarkers[s * MAX_FIELD + slot];
      const at = offset + o.fields + (r * MAX_FIELD + slot) * SLOT_SIZE;
      writeKind(out, at, kind);
      out[at + KIND_CODE] = clip(markers, MARKER_SCALE);
      out[at + KIND_CODE + 1] = Math.min(1, markers / PERIOD[kind]);
    }
    if (over && t.vp[s] === bestVp && t.gold[s] === bestGold) out[offset + o.winners + r] = 1;
  }

  out[offset + o.adDeckSize] = t.deck.length / AD_CARD_COUNT;
  for (let k = 0; k < KIND_COUNT; k++) {
    const c = t.discard[k];
    if (c > 0) out[offset + o.adDiscard + k] = clip(c, MAX_COPIES);
  }
  for (let i = 0; i < t.revealed.length; i++) {
    const at = offset + o.revealed + i * REVEAL_SIZE;
    writeKind(out, at, t.revealed[i]);
    if ((t.revealedTaken & (1 << i)) !== 0) out[at + KIND_CODE] = 1;
  }
  for (let i = 0; i < t.submitSets.length; i++) out[offset + o.submitting + t.submitSets[i]] = 1;
  for (let slot = 0; slot < ITEM_SLOTS; slot++) {
    const item = t.itemSlots[slot];
    out[offset + o.itemSlots + slot * ITEM_SLOT_SIZE + (item < 0 ? ITEM_BOOM : item)] = 1;
  }
  if (t.activeItem >= 0) out[offset + o.itemActive + t.activeItem] = 1;
  out[offset + o.itemDeckSize] = t.itemDeck.length / ITEM_CARD_COUNT;
  for (let k = 0; k < ITEM_BOOM; k++) {
    const c = t.itemDiscard[k];
    if (c > 0) out[offset + o.itemDiscard + k] = clip(c, ITEM_COPIES);
  }
  if (t.boom) out[offset + o.boom] = 1;
  if (t.lastDie > 0) out[offset + o.lastDie + t.lastDie - 1] = 1;

  // Frames: counted in place as whole numbers (exact in float32), then scaled. The last Overtime
  // frame's postings win, as in encode.
  const frames = offset + o.frames;
  const stack = t.stack;
  for (let at = 0; at < stack.length; at += FRAME_SIZE) {
    const frame = stack[at];
    out[frames + frame]++;
    if (frame === F_OVERTIME) out[offset + o.overtimePosted] = stack[at + 2] / OVERTIME_MAX;
  }
  for (let i = 0; i < FRAMES.length; i++) {
    const c = out[frames + i];
    if (c > 0) out[frames + i] = clip(c, FRAME_SCALE);
  }
  if (t.truncated) out[offset + o.truncated] = 1;
}

/** A card kind as industry one-hot + position-in-industry one-hot (encode.ts writeKind). */
function writeKind(out: Float32Array, at: number, kind: number): void {
  out[at + Math.floor(kind / KINDS_PER_INDUSTRY)] = 1;
  out[at + INDUSTRIES + (kind % KINDS_PER_INDUSTRY)] = 1;
}

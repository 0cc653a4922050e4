/** The observation vector (rules §9 "suggested observation"), from a view. */
import { SegmentWriter, defineLayout, type SegmentLayout } from '../core/segments.js';
import {
  AD_CARD_COUNT,
  AD_KINDS,
  INDUSTRIES,
  ITEM_BOOM,
  ITEM_CARD_COUNT,
  ITEM_SLOTS,
  KINDS_PER_INDUSTRY,
  KIND_COUNT,
  SET_COUNT,
} from './components.js';
import type { PhiladelphiaView } from './view.js';
import { CONTEXTS, FRAMES, MAX_FIELD, MAX_REVEAL, OVERTIME_MAX, PHASES } from './components.js';

export const ENCODING_VERSION = 1;

/** Scales for unbounded counts: values are clipped there, so every entry stays in [0, 1]. */
const MAX_COPIES = 4;
const GOLD_SCALE = 60;
const VP_SCALE = 20;
const HAND_SCALE = 20;
const MARKER_SCALE = 6;
const COUNT_SCALE = 10;
/** A posting chain is at most 5 deep (components.ts STACK_CAP). */
const FRAME_SCALE = 5;
/**
 * A card kind is written factored: industry one-hot (6) + position in the industry one-hot (6), which
 * identifies the kind (id = 6 * industry + position) in 12 entries instead of 36.
 */
const KIND_CODE = INDUSTRIES + KINDS_PER_INDUSTRY;
/** Per field slot: the kind code, markers / 6, markers / period (how close to defaulting). */
const SLOT_SIZE = KIND_CODE + 2;

/**
 * Segments (rules §9 "suggested observation"). Per-seat segments are rotated so the viewer is
 * index 0 and the others follow clockwise; seats are by offset everywhere (toAct, start player...).
 */
function layoutFor(players: number): SegmentLayout {
  return defineLayout([
    { name: 'context', size: CONTEXTS.length }, // one-hot decision context (NONE once over)
    { name: 'phase', size: PHASES.length },
    { name: 'toAct', size: players }, // one-hot offset; none once over
    { name: 'turnSeat', size: players },
    { name: 'startPlayer', size: players },
    { name: 'round', size: 1 }, // round / maxRounds
    { name: 'actionsLeft', size: 1 }, // / 2
    { name: 'purchased', size: 1 },
    { name: 'decisionCount', size: 1 }, // picks made in this decision, / 10 clipped
    { name: 'decisionSelf', size: MAX_FIELD }, // one-hot slot of the Fire Station / Doctor resolving
    { name: 'hand', size: KIND_COUNT }, // my copies per kind / 4
    { name: 'handSizes', size: players }, // / 20 clipped
    { name: 'known', size: players * KIND_COUNT }, // known cards per seat and kind / 4
    { name: 'gold', size: players }, // / 60 clipped
    { name: 'vp', size: players }, // / 20 clipped
    { name: 'fields', size: players * MAX_FIELD * SLOT_SIZE },
    { name: 'adDeckSize', size: 1 }, // / 85
    { name: 'adDiscard', size: KIND_COUNT }, // copies per kind / 4
    { name: 'revealed', size: MAX_REVEAL * (KIND_CODE + 1) }, // kind code + taken, per position
    { name: 'submitting', size: SET_COUNT }, // selected set ids (a set twice: 1)
    { name: 'itemSlots', size: ITEM_SLOTS * (ITEM_BOOM + 1) }, // item one-hot, last entry = empty (resolving)
    { name: 'itemActive', size: ITEM_BOOM },
    { name: 'itemDeckSize', size: 1 }, // / 15
    { name: 'itemDiscard', size: ITEM_BOOM }, // copies / 3
    { name: 'boom', size: 1 },
    { name: 'lastDie', size: 6 }, // one-hot face
    { name: 'frames', size: FRAMES.length }, // pending frames of each kind / 5 clipped
    { name: 'overtimePosted', size: 1 }, // postings made by the Overtime resolving / 2
    { name: 'winners', size: players },
    { name: 'truncated', size: 1 },
  ]);
}

const LAYOUTS = new Map<number, SegmentLayout>();
function layout(players: number): SegmentLayout {
  let l = LAYOUTS.get(players);
  if (l === undefined) {
    l = layoutFor(players);
    LAYOUTS.set(players, l);
  }
  return l;
}

/** The observation layout for a seat count. */
export const layoutOf = layout;

const clip = (value: number, scale: number): number => Math.min(value, scale) / scale;

function writeKind(w: SegmentWriter, segment: string, at: number, kind: number): void {
  w.set(segment, at + Math.floor(kind / KINDS_PER_INDUSTRY), 1);
  w.set(segment, at + INDUSTRIES + (kind % KINDS_PER_INDUSTRY), 1);
}

export function encodePhiladelphia(view: PhiladelphiaView): Float32Array {
  const n = view.players;
  const w = new SegmentWriter(layout(n));
  const me = view.seat >= 0 ? view.seat : 0;
  const offset = (seat: number) => (seat - me + n) % n;
  w.oneHot('context', CONTEXTS.indexOf(view.decision.context));
  w.oneHot('phase', PHASES.indexOf(view.phase));
  if (view.toAct >= 0) w.oneHot('toAct', offset(view.toAct));
  if (view.turnSeat >= 0) w.oneHot('turnSeat', offset(view.turnSeat));
  w.oneHot('startPlayer', offset(view.startPlayer));
  w.set('round', 0, view.round / view.maxRounds);
  w.set('actionsLeft', 0, view.actionsLeft / 2);
  if (view.purchased) w.set('purchased', 0, 1);
  w.set('decisionCount', 0, clip(view.decision.count, COUNT_SCALE));
  w.oneHot('decisionSelf', view.decision.self);
  if (view.hand !== null) for (const k of view.hand) w.add('hand', k, 1 / MAX_COPIES);
  for (let seat = 0; seat < n; seat++) {
    const o = offset(seat);
    w.set('handSizes', o, clip(view.handSizes[seat], HAND_SCALE));
    for (const k of view.known[seat]) w.add('known', o * KIND_COUNT + k, 1 / MAX_COPIES);
    w.set('gold', o, clip(view.gold[seat], GOLD_SCALE));
    w.set('vp', o, clip(view.vp[seat], VP_SCALE));
    view.fieldKinds[seat].forEach((kind, slot) => {
      const markers = view.fieldMarkers[seat][slot];
      const at = (o * MAX_FIELD + slot) * SLOT_SIZE;
      writeKind(w, 'fields', at, kind);
      w.set('fields', at + KIND_CODE, clip(markers, MARKER_SCALE));
      w.set('fields', at + KIND_CODE + 1, Math.min(1, markers / AD_KINDS[kind].period));
    });
    if (view.winners.includes(seat)) w.set('winners', o, 1);
  }
  w.set('adDeckSize', 0, view.adDeckSize / AD_CARD_COUNT);
  view.adDiscard.forEach((c, k) => c > 0 && w.set('adDiscard', k, clip(c, MAX_COPIES)));
  view.revealed.forEach(([kind, taken], pos) => {
    writeKind(w, 'revealed', pos * (KIND_CODE + 1), kind);
    if (taken) w.set('revealed', pos * (KIND_CODE + 1) + KIND_CODE, 1);
  });
  for (const id of view.submitting) w.set('submitting', id, 1);
  view.items.slots.forEach((item, slot) =>
    w.set('itemSlots', slot * (ITEM_BOOM + 1) + (item < 0 ? ITEM_BOOM : item), 1),
  );
  w.oneHot('itemActive', view.items.active);
  w.set('itemDeckSize', 0, view.items.deckSize / ITEM_CARD_COUNT);
  view.items.discard.forEach((c, k) => c > 0 && w.set('itemDiscard', k, clip(c, 3)));
  if (view.items.boom) w.set('boom', 0, 1);
  if (view.lastDie > 0) w.oneHot('lastDie', view.lastDie - 1);
  const frames = new Array<number>(FRAMES.length).fill(0);
  for (const [frame, , posted] of view.pending) {
    frames[FRAMES.indexOf(frame)]++;
    if (frame === 'overtime') w.set('overtimePosted', 0, posted / OVERTIME_MAX);
  }
  frames.forEach((c, i) => c > 0 && w.set('frames', i, clip(c, FRAME_SCALE)));
  if (view.truncated) w.set('truncated', 0, 1);
  return w.finish();
}

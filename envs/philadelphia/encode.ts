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
import { CONTEXTS, FRAMES, MAX_FIELD, MAX_REVEAL, MAX_ROUNDS, OVERTIME_MAX, PHASES } from './components.js';

export const ENCODING_VERSION = 1;

/** Scales for unbounded counts: values are clipped there, so every entry stays in [0, 1]. */
export const MAX_COPIES = 4;
export const GOLD_SCALE = 60;
export const VP_SCALE = 20;
export const HAND_SCALE = 20;
export const MARKER_SCALE = 6;
export const COUNT_SCALE = 10;
/** A posting chain is at most 5 deep (components.ts STACK_CAP). */
export const FRAME_SCALE = 5;
/** Item discard copies are scaled by 3 (the most copies of a buyable item). */
export const ITEM_COPIES = 3;
/**
 * A card kind is written factored: industry one-hot (6) + position in the industry one-hot (6), which
 * identifies the kind (id = 6 * industry + position) in 12 entries instead of 36.
 */
export const KIND_CODE = INDUSTRIES + KINDS_PER_INDUSTRY;
/** Per field slot: the kind code, markers / 6, markers / period (how close to defaulting). */
export const SLOT_SIZE = KIND_CODE + 2;

/** Per-seat segments: by offset from the viewer (the spectator: from seat 0), then clockwise. */
const BY_OFFSET = 'seats by offset from the viewer (seat 0 for the spectator), then clockwise';
/** A card written as its kind code. */
const KIND_CODE_MEANING = 'industry one-hot (6), then the kind within its industry one-hot (6)';

/** Segments (rules §9 "suggested observation"); every value is in [0, 1]. */
function layoutFor(players: number): SegmentLayout {
  return defineLayout([
    { name: 'context', size: CONTEXTS.length, meaning: `one-hot decision context (${CONTEXTS.join(', ')})` },
    { name: 'phase', size: PHASES.length, meaning: 'one-hot phase: action, adoption, over' },
    { name: 'toAct', size: players, meaning: `one-hot seat to act, ${BY_OFFSET}; all 0 once over` },
    {
      name: 'turnSeat',
      size: players,
      meaning: `one-hot seat whose turn it is, ${BY_OFFSET}; all 0 outside the Action phase`,
    },
    { name: 'startPlayer', size: players, meaning: `one-hot start player of the round, ${BY_OFFSET}` },
    { name: 'round', size: 1, meaning: `round / ${MAX_ROUNDS} (the round cap)` },
    { name: 'actionsLeft', size: 1, meaning: 'actions left in the turn, counting the one being resolved, / 2' },
    { name: 'purchased', size: 1, meaning: "1 once this turn's one item Purchase is made" },
    {
      name: 'decisionCount',
      size: 1,
      meaning: `picks made in this decision (discards, sets, markers...) / ${COUNT_SCALE}, clipped at 1`,
    },
    {
      name: 'decisionSelf',
      size: MAX_FIELD,
      meaning: 'one-hot field slot of the Fire Station / Doctor resolving (FIRE_TARGET, DOCTOR_MARKERS)',
    },
    {
      name: 'hand',
      size: KIND_COUNT,
      meaning: `the viewer's cards, copies per ad kind / ${MAX_COPIES}; all 0 for the spectator`,
    },
    { name: 'handSizes', size: players, meaning: `cards in hand / ${HAND_SCALE} clipped, ${BY_OFFSET}` },
    {
      name: 'known',
      size: players * KIND_COUNT,
      meaning: `publicly known cards of each hand (§6), per seat copies per ad kind / ${MAX_COPIES}; ${BY_OFFSET}`,
    },
    { name: 'gold', size: players, meaning: `gold / ${GOLD_SCALE} clipped, ${BY_OFFSET}` },
    { name: 'vp', size: players, meaning: `VP / ${VP_SCALE} clipped, ${BY_OFFSET}` },
    {
      name: 'fields',
      size: players * MAX_FIELD * SLOT_SIZE,
      meaning:
        `per seat (${BY_OFFSET}) ${MAX_FIELD} field slots, oldest first, ${SLOT_SIZE} values each: ` +
        `${KIND_CODE_MEANING}, markers / ${MARKER_SCALE} clipped, markers / the kind's period clipped; empty: 0`,
    },
    { name: 'adDeckSize', size: 1, meaning: `cards in the ad deck / ${AD_CARD_COUNT}` },
    { name: 'adDiscard', size: KIND_COUNT, meaning: `face-up ad discard pile, copies per ad kind / ${MAX_COPIES}` },
    {
      name: 'revealed',
      size: MAX_REVEAL * (KIND_CODE + 1),
      meaning: `cards on display in reveal order, ${KIND_CODE + 1} each: ${KIND_CODE_MEANING}, 1 if taken`,
    },
    {
      name: 'submitting',
      size: SET_COUNT,
      meaning: 'per set id, 1 if selected in the Submit being made (also if selected twice)',
    },
    {
      name: 'itemSlots',
      size: ITEM_SLOTS * (ITEM_BOOM + 1),
      meaning: `per face-up item slot, item kind one-hot (${ITEM_BOOM}), then 1 if empty (its item is resolving)`,
    },
    { name: 'itemActive', size: ITEM_BOOM, meaning: 'one-hot item kind being resolved; all 0 if none' },
    { name: 'itemDeckSize', size: 1, meaning: `cards in the item deck / ${ITEM_CARD_COUNT}` },
    {
      name: 'itemDiscard',
      size: ITEM_BOOM,
      meaning: `item discard pile, copies per item kind / ${ITEM_COPIES} clipped`,
    },
    { name: 'boom', size: 1, meaning: '1 once Economic Boom is face up' },
    { name: 'lastDie', size: 6, meaning: 'one-hot face of the last die roll; all 0 before the first Adoption phase' },
    {
      name: 'frames',
      size: FRAMES.length,
      meaning: `pending continuation frames per type (${FRAMES.join(', ')}) / ${FRAME_SCALE} clipped`,
    },
    {
      name: 'overtimePosted',
      size: 1,
      meaning: `postings made by the Overtime resolving / ${OVERTIME_MAX}; 0 if none`,
    },
    { name: 'winners', size: players, meaning: `1 for each seat in first place once over, ${BY_OFFSET}` },
    { name: 'truncated', size: 1, meaning: `1 if the game ended at the ${MAX_ROUNDS}-round cap` },
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
  view.items.discard.forEach((c, k) => c > 0 && w.set('itemDiscard', k, clip(c, ITEM_COPIES)));
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

/**
 * What Philadelphia gives people besides its rules engine (envs/core/board.ts): the drawn board
 * (board-svg.ts, drawn from board-parts.ts), the glossary (glossary.ts), the rules page (rules-doc.ts) and, here, the
 * decision
 * at hand in one plain sentence. All are pure functions of a view or of the constant tables.
 */
import {
  ACTIONS_PER_TURN,
  AD_KINDS,
  EXPLORE_REVEAL,
  FORESTER_MAX,
  HAND_LIMIT,
  ITEM_KINDS,
  K,
  KIND_COUNT,
  MAX_ACQUIRE,
  MAX_FIELD,
  MINER_DISCARDS,
  OVERTIME_MAX,
  PASS_GOLD,
  RENEWAL_MAX,
  RESEARCH_PICKS,
  SETS,
} from './components.js';
import { orList } from './glossary.js';
import type { PhiladelphiaView } from './view.js';

export { renderSvg } from './board-svg.js';
export { GLOSSARY } from './glossary.js';
export { RULES } from './rules-doc.js';

/**
 * The turn actions the viewer may take now (rules §4.1), worked out from its own view: the same
 * conditions actions.ts checks on the position, so the sentence names exactly the legal choices.
 */
export function turnOptions(view: PhiladelphiaView): string[] {
  const seat = view.seat;
  const hand = view.hand ?? [];
  const gold = view.gold[seat];
  const field = view.fieldKinds[seat];
  const inField = (kind: number) => field.filter((k) => k === kind).length;
  const cards = view.adDeckSize + view.adDiscard.reduce((a, b) => a + b, 0);
  const counts = new Array<number>(KIND_COUNT).fill(0);
  for (const k of hand) counts[k]++;
  const cost = (kind: number) =>
    kind === K.construction && hand.length <= 3 ? 0 : Math.max(0, AD_KINDS[kind].cost - inField(K.realEstate));
  const out: string[] = [];
  if (hand.length < HAND_LIMIT && cards >= 1) out.push('explore');
  if (hand.length + 1 <= HAND_LIMIT && cards >= 1 && gold >= Math.max(0, 1 - inField(K.tradingCompany)))
    out.push('acquire cards');
  if (field.length < MAX_FIELD && hand.some((k) => gold >= cost(k))) out.push('post an ad');
  if (view.round >= 2 && !view.purchased && view.items.slots.some((it) => it >= 0 && gold >= ITEM_KINDS[it].cost))
    out.push('purchase an item');
  if (SETS.some((set) => set.kinds.every((k) => counts[k] >= set.kinds.filter((x) => x === k).length)))
    out.push('submit sets');
  return out;
}

const ORDINAL = ['first', 'second', 'third', 'fourth', 'fifth'];
const ordinal = (i: number) => ORDINAL[i] ?? `${i + 1}th`;

/** The viewing seat's current decision in one sentence; '' when it is not that seat's turn or the game is over. */
export function describeDecision(view: PhiladelphiaView): string {
  if (view.isOver || view.seat < 0 || view.toAct !== view.seat) return '';
  const d = view.decision;
  const handSize = view.hand?.length ?? 0;
  switch (d.context) {
    case 'MAIN': {
      const which = ordinal(ACTIONS_PER_TURN - view.actionsLeft);
      const options = turnOptions(view);
      if (options.length === 0) {
        return (
          `Nothing else is possible, so pass: show your hand to ` +
          `everyone, gain ${PASS_GOLD} gold and end your turn.`
        );
      }
      return `Choose your ${which} action of ${ACTIONS_PER_TURN}: ${orList(options)}.`;
    }
    case 'ACQUIRE_COUNT':
      return (
        `Choose how many cards to draw face down (1 to ${MAX_ACQUIRE}, 1 gold ` +
        `each; your hand of ${handSize} may not go above ${HAND_LIMIT}).`
      );
    case 'POST_PICK':
      return 'Choose a card from your hand to post as an ad in your field, paying its posting cost.';
    case 'ITEM_PICK':
      return 'Choose one of the face-up items to buy and use at once.';
    case 'EXPLORE_PICK':
      return (
        `Take one of the ${view.revealed.length || EXPLORE_REVEAL} ` +
        `revealed cards into your hand; the others go to the discard pile.`
      );
    case 'TAXI_PICK':
      return 'Your Taxi Company lets you take a second revealed card: pick one, or take no second card.';
    case 'SET_SELECT':
      return view.submitting.length === 0
        ? 'Choose a set from your hand to submit for VP.'
        : `Choose another set to submit (${view.submitting.length} chosen so far), or finish submitting.`;
    case 'DESIGN_TARGET':
      return 'Design Office: choose another of your ads whose "when posted" effect happens again, or copy nothing.';
    case 'FIRE_TARGET':
      return 'Fire Station: choose another ad in your field to take back into your hand, or return nothing.';
    case 'POLICE_TARGET':
      return "Police Station: choose an opponent's ad to receive a month marker.";
    case 'DOCTOR_MARKERS':
      return 'Doctor: choose 0, 1 or 2 month markers to place on the Doctor itself.';
    case 'MINER_DISCARD':
      return `Miner: choose a card from your hand to discard (${d.count + 1} of ${MINER_DISCARDS}).`;
    case 'SUPERVISOR_POST':
      return 'Site Supervisor: choose a card from your hand to post for free, or post nothing.';
    case 'OVERTIME_POST': {
      const frame = [...view.pending].reverse().find(([f]) => f === 'overtime');
      const made = frame ? frame[2] : 0;
      return (
        `Overtime: choose a card to post, paying its cost (posting ` +
        `${made + 1} of ${OVERTIME_MAX}), or stop posting.`
      );
    }
    case 'JOB_DISCARD':
      return (
        `Job Change: choose a card to discard (${d.count} discarded ` +
        `so far), or stop and draw as many cards as you discarded.`
      );
    case 'RENEWAL_TARGET':
      return (
        `Contract Renewal: choose one of your ads to remove a month ` +
        `marker from (${d.count} of ${RENEWAL_MAX} removed), or stop.`
      );
    case 'MR_PICK':
      return (
        `Market Research: take one of the revealed cards into ` +
        `your hand (pick ${d.count + 1} of ${RESEARCH_PICKS}).`
      );
    case 'PRESS_TARGET':
      return 'Press Release: choose one of your ads to be established right now.';
    case 'HEADHUNT_TARGET':
      return 'Headhunting: choose an opponent to take a random card from.';
    case 'FORESTER_DISCARD':
      return `Forester: choose a card to discard and redraw (${d.count} of up to ${FORESTER_MAX}), or stop and draw.`;
    default:
      return '';
  }
}

/** Every ad and item name the pages show (for tests and callers that link names to the glossary). */
export const CARD_NAMES: readonly string[] = [...AD_KINDS.map((k) => k.name), ...ITEM_KINDS.map((k) => k.name)];

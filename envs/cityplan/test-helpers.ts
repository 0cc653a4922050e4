/**
 * Helpers shared by the City Plan tests: positions from card names (as version-1 saved states, which
 * fromJSON migrates and checks like any saved state), commits in mayor order, and readable reads of
 * a state (hands and cities as 'Apartments x2, Factory', events as arrays, zones by seat).
 */
import type { GameState } from '../core/game.js';
import { Rng, type RngState } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import {
  CHIPS_PER_PLAYER,
  FARM,
  INITIAL_PLANT,
  PLAIN_START_POWER,
  START_POWER,
  ACTION_CARD_NAMES,
  CITY_KINDS,
  DECK_KINDS,
  INCOME_CARDS,
  PHASES,
  VARIANTS,
  expectedCopies,
  kindByName,
  kindList,
  type Variant,
} from './components.js';
import { cityplan } from './index.js';
import { GAME, type CityPlanJsonV1, type CityPlanPosition } from './position.js';
import { cardList } from './render.js';
import { breakdowns, type ScoreBreakdown } from './scoring.js';
import type { CityPlanView } from './view.js';

export type CityPlanState = GameState<CityPlanView>;
/** The version-1 (readable) saved state: kind lists per seat, the deck top first. */
export type CityPlanJson = CityPlanJsonV1;

export const load = (spec: PositionSpec): CityPlanState => cityplan.fromJSON(positionJson(spec));

/** Loads a position after editing its JSON (for zones positionJson does not reach). */
export function loadEdited(spec: PositionSpec, edit: (json: CityPlanJson) => void): CityPlanState {
  const json = positionJson(spec);
  edit(json);
  return cityplan.fromJSON(json);
}

/** The state's position as version-1 JSON: zones by seat and kind lists, readable in assertions. */
export const readable = (s: CityPlanState): CityPlanJson => version1Json(cityplan.positionOf(s));

/** Items 1-6 of §7.1 per seat. */
export const breakdownsOf = (s: CityPlanState): ScoreBreakdown[] => breakdowns(cityplan.positionOf(s));

/** Every seat commits its action card in mayor order; cards[seat] is 'Income', 'Exchange' or 'Council'. */
export function commitAll(s: CityPlanState, cards: readonly string[]): CityPlanState {
  for (let i = 0; i < s.players; i++) playNamed(s, `play ${cards[s.currentPlayer()]}`);
  return s;
}

export const handOf = (s: CityPlanState, seat: number): string => cardList(s.view(seat).hand);
export const labels = (s: CityPlanState): string[] => s.legalActions().map((a) => s.actionToString(a));

/** Log events of a turn (default: the current one) as [kind, ...args]. */
export function events(s: CityPlanState, turn = s.view(-1).turn): (string | number)[][] {
  return s
    .view(-1)
    .log.filter((e) => e[1] === turn)
    .map(([kind, , ...args]) => [kind, ...args]);
}

/** The JSON text of a state: the byte-identity tests compare it. */
export const saved = (s: CityPlanState): string => JSON.stringify(s.toJSON());

// ---- readable positions for tests and puzzles ----------------------------------------------------

/** Cards by name: 'Apartments, Eco Housing x2' (empty string: none). */
export function parseCards(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const m = /^(.*?)(?:\s+x(\d+))?$/.exec(item)!;
    const kind = kindByName(m[1]);
    for (let i = 0; i < Number(m[2] ?? 1); i++) out.push(kind);
  }
  return out;
}

/** A hand-made position (tests, puzzles): see positionJson. */
export interface PositionSpec {
  readonly players: number;
  readonly variant?: Variant;
  /** 'actionSelect' (default) or 'build' (every seat then has an action card: `commits`, default Income). */
  readonly phase?: 'actionSelect' | 'build';
  readonly turn?: number;
  readonly mayor?: number;
  /** Position in mayor order of the seat to build (phase 'build'). */
  readonly cursor?: number;
  /** Each seat's hand by name: 'Apartments, Eco Housing x2'. */
  readonly hands: readonly string[];
  /** Each seat's buildings by name besides the Initial Power Plant (and the Plain Farm), which are added. */
  readonly cities?: readonly string[];
  readonly power?: readonly number[];
  readonly councilors?: readonly number[];
  /** Chips on the assembly; default: what is left of 3 per player once the council is open. */
  readonly assembly?: number;
  /** Income card numbers 1..6 already triggered. */
  readonly incomeUsed?: readonly number[];
  readonly freeBuilds?: readonly number[];
  /** Top cards of the deck by name; every card not placed elsewhere follows in ascending kind order. */
  readonly deck?: string;
  /** When true the unplaced cards go to the face-up discard pile instead of the deck bottom. */
  readonly restToDiscard?: boolean;
  /** Face-down discards by seat, by name. */
  readonly discards?: readonly string[];
  readonly commits?: readonly (null | 'Income' | 'Exchange' | 'Council')[];
  readonly rng?: RngState;
}

/** The saved-state JSON of a position; pass it to fromJSON, which checks it like any saved state. */
export function positionJson(spec: PositionSpec): CityPlanJson {
  const n = spec.players;
  const variant = spec.variant ?? 'delta';
  const phase = spec.phase ?? 'actionSelect';
  const hands = spec.hands.map(parseCards);
  const cities = Array.from({ length: n }, (_, s) => {
    const extra = variant === 'plain' ? [FARM] : [];
    return [...parseCards(spec.cities?.[s] ?? ''), ...extra, INITIAL_PLANT].sort((a, b) => a - b);
  });
  const discards = Array.from({ length: n }, (_, s) => parseCards(spec.discards?.[s] ?? ''));
  const top = parseCards(spec.deck ?? '');
  const left = expectedCopies(n, variant);
  for (const k of [...hands.flat(), ...cities.flat(), ...discards.flat(), ...top]) left[k]--;
  const rest: number[] = [];
  left.forEach((count, k) => {
    for (let i = 0; i < count; i++) rest.push(k);
  });
  const incomeUsed = [...(spec.incomeUsed ?? [])];
  const councilors = [...(spec.councilors ?? new Array<number>(n).fill(0))];
  const held = councilors.reduce((a, b) => a + b, 0);
  const commits = spec.commits ?? new Array(n).fill(phase === 'build' ? 'Income' : null);
  return {
    game: GAME,
    variant,
    players: n,
    phase,
    turn: spec.turn ?? 1,
    mayor: spec.mayor ?? 0,
    hands: hands.map((h) => h.sort((a, b) => a - b)),
    cities,
    power: [...(spec.power ?? new Array<number>(n).fill(variant === 'plain' ? PLAIN_START_POWER : START_POWER))],
    councilors,
    freeBuilds: [...(spec.freeBuilds ?? new Array<number>(n).fill(0))],
    deck: spec.restToDiscard ? top : [...top, ...rest],
    discard: { bySeat: discards.map((h) => h.sort((a, b) => a - b)), faceUp: spec.restToDiscard ? rest : [] },
    setAside: [],
    assembly: spec.assembly ?? (incomeUsed.length > 0 ? CHIPS_PER_PLAYER * n - held : 0),
    incomeUsed,
    commits: [...commits],
    cursor: spec.cursor ?? 0,
    pending: null,
    truncated: false,
    bonusDraws: new Array(n).fill([]).map(() => []),
    rng: spec.rng ?? Rng.fromSeed('position').state(),
    log: [],
    lastMove: new Array<number>(n).fill(0),
  };
}

/** The version-1 JSON of a position: the exact inverse of position.ts's migration (fromJSON loads it back). */
function version1Json(p: CityPlanPosition): CityPlanJsonV1 {
  const n = p.players;
  const all = Array.from({ length: n }, (_, s) => s);
  const bonusDraws = all.map((): number[] => []);
  for (let i = 0; i < p.bonusDraws.length; i += 2) bonusDraws[p.bonusDraws[i]].push(p.bonusDraws[i + 1]);
  return {
    game: GAME,
    variant: VARIANTS[p.variant],
    players: n,
    phase: PHASES[p.phase],
    turn: p.turn,
    mayor: p.mayor,
    hands: all.map((s) => kindList(p.hands, s * DECK_KINDS, DECK_KINDS)),
    cities: all.map((s) => kindList(p.cities, s * CITY_KINDS, CITY_KINDS)),
    power: p.power.slice(),
    councilors: p.councilors.slice(),
    freeBuilds: p.freeBuilds.slice(),
    deck: p.deck.slice().reverse(),
    discard: {
      bySeat: all.map((s) => kindList(p.discards, s * DECK_KINDS, DECK_KINDS)),
      faceUp: kindList(p.discards, n * DECK_KINDS, DECK_KINDS),
    },
    setAside: p.setAside.slice(),
    assembly: p.assembly,
    incomeUsed: INCOME_CARDS.filter((c) => p.incomeUsed & (1 << c.id)).map((c) => c.number),
    commits: p.commits.map((c) => (c < 0 ? null : ACTION_CARD_NAMES[c])),
    cursor: p.cursor,
    pending:
      p.pendingKind < 0
        ? null
        : { kind: p.pendingKind, cost: p.pendingCost, due: p.pendingDue, sacrificed: p.pendingSacrificed },
    truncated: p.truncated,
    bonusDraws,
    rng: p.rng.state(),
    log: p.log.toJSON() as CityPlanJsonV1['log'],
    lastMove: p.lastMove.slice(),
  };
}

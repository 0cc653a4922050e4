/**
 * Philadelphia's components as constant tables (rules/philadelphia.md §2): the 36 ad kinds and
 * their 85 cards (§2.3), the five set types (§2.5) and the 102 set ids of §9, the 6 item kinds,
 * their 14 cards and the field card (§2.6); then the counts of §3-§9 (players, gold, hand limit,
 * picks) and the names of the decision contexts, phases and continuation frames a position holds.
 * Every number the rules use is derived from these.
 */

/** Industries in index order (§2.2): codes for compact text, names for people. */
export const INDUSTRY_CODES = ['CON', 'FUN', 'PUB', 'TRN', 'NAT', 'FIN'] as const;
export const INDUSTRY_NAMES = [
  'Construction',
  'Food & Leisure',
  'Public Service',
  'Transport',
  'Primary Industry',
  'Finance & Commerce',
] as const;
export const INDUSTRIES = INDUSTRY_CODES.length;
/** Industry indexes by code. */
export const IND = { CON: 0, FUN: 1, PUB: 2, TRN: 3, NAT: 4, FIN: 5 } as const;
/** Regular (set-eligible) names per industry: kind ids 6i + j, j = 0..3 (§2.3). */
export const REGULAR_PER_INDUSTRY = 4;
export const KINDS_PER_INDUSTRY = 6;

/** When an ad's effect happens (§2.4). */
type Timing = 'cost' | 'post' | 'watch' | 'ongoing' | 'adopt' | 'post+default' | 'none';

export interface AdKind {
  /** === index in AD_KINDS; the kind id of §2.3. */
  readonly id: number;
  readonly name: string;
  readonly japanese: string;
  readonly industry: number;
  /** Specialist ★: never part of a set (§2.2). */
  readonly specialist: boolean;
  readonly copies: number;
  readonly cost: number;
  readonly reward: number;
  /** Contract length in months (§2.2). */
  readonly period: number;
  /** Die faces on which the ad is established. */
  readonly faces: readonly number[];
  /** Bit f set = face f establishes it (faces 1..6), for the Adoption phase hot path. */
  readonly faceMask: number;
  readonly timing: Timing;
  /** True when the ad has a [POST] effect (Design Office may copy it unless it is one). */
  readonly hasPost: boolean;
  readonly effect: string;
}

type Row = [
  name: string,
  japanese: string,
  industry: number,
  specialist: boolean,
  copies: number,
  cost: number,
  reward: number,
  period: number,
  faces: number[],
  timing: Timing,
  effect: string,
];

const { CON, FUN, PUB, TRN, NAT, FIN } = IND;

/** Table 2.3, one row per kind, in kind-id order. */
const KIND_TABLE: Row[] = [
  [
    'Construction Company',
    '建設会社',
    CON,
    false,
    4,
    3,
    5,
    3,
    [2, 4, 6],
    'cost',
    'Costs 0 if your hand holds 3 or fewer cards (this one included) when you post it.',
  ],
  ['Demolition Contractor', '解体屋', CON, false, 4, 1, 8, 2, [1, 3, 5], 'post', 'Lose 3 gold (negative).'],
  [
    'Design Office',
    '設計事務所',
    CON,
    false,
    3,
    2,
    5,
    3,
    [1, 2],
    'post',
    'You may resolve the [POST] effect of another of your ads again (not a Design Office).',
  ],
  [
    'Painter',
    '塗装屋',
    CON,
    false,
    2,
    2,
    4,
    4,
    [3, 4],
    'ongoing',
    'Negative parts of your [POST] effects are inverted: lose → gain, discard → draw, place markers → remove.',
  ],
  [
    'Architect',
    '建築家',
    CON,
    true,
    1,
    3,
    6,
    5,
    [5, 6],
    'ongoing',
    'Each of your other Construction ads pays +2 gold when established.',
  ],
  [
    'Site Supervisor',
    '現場監督',
    CON,
    true,
    1,
    2,
    4,
    3,
    [3, 6],
    'post',
    'You may post one ad from your hand without paying its cost.',
  ],
  ['Cafe', 'カフェ', FUN, false, 4, 1, 4, 3, [1, 4], 'watch', 'Each time you post another ad, gain 1 gold.'],
  [
    'Movie Theater',
    '映画館',
    FUN,
    false,
    3,
    2,
    5,
    3,
    [2, 5],
    'post',
    'Gain 1 gold for each other Food & Leisure ad in your field.',
  ],
  [
    'Hotel',
    'ホテル',
    FUN,
    false,
    3,
    3,
    6,
    4,
    [3, 6],
    'ongoing',
    'Whenever another of your ads is established, gain 1 gold.',
  ],
  [
    'Restaurant',
    'レストラン',
    FUN,
    false,
    2,
    2,
    5,
    3,
    [1, 5],
    'watch',
    'Each time you post another Food & Leisure ad, draw 1 card.',
  ],
  ['Head Chef', '料理長', FUN, true, 1, 3, 5, 4, [2, 6], 'watch', 'Each time you post another ad, draw 1 card.'],
  ['Celebrity', '人気俳優', FUN, true, 1, 3, 11, 3, [1, 2, 3], 'post', 'Each opponent gains 3 gold.'],
  [
    'Fire Station',
    '消防署',
    PUB,
    false,
    4,
    2,
    5,
    3,
    [4, 6],
    'post',
    'You may return one other ad from your field to your hand.',
  ],
  [
    'Police Station',
    '警察署',
    PUB,
    false,
    4,
    2,
    5,
    4,
    [1, 2],
    'post',
    "Place 1 month marker on one ad in an opponent's field (mandatory if possible).",
  ],
  [
    'Doctor',
    '医者',
    PUB,
    false,
    2,
    2,
    5,
    4,
    [3, 4],
    'post+default',
    'Post: place 0-2 markers on this card. Default: remove all markers from every ad not defaulting.',
  ],
  [
    'Guard',
    '衛兵',
    PUB,
    false,
    2,
    2,
    4,
    4,
    [5, 6],
    'ongoing',
    'Whenever a card effect would make you lose gold, gain 5 gold instead.',
  ],
  [
    'Lawyer',
    '弁護士',
    PUB,
    true,
    1,
    2,
    5,
    5,
    [1, 6],
    'ongoing',
    "Opponents' effects cannot place markers on your ads, make you lose gold or take cards from your hand.",
  ],
  ['Tax Inspector', '税務調査官', PUB, true, 1, 2, 5, 3, [2, 3], 'post', 'Each opponent loses 2 gold.'],
  [
    'Railway Company',
    '鉄道会社',
    TRN,
    false,
    4,
    2,
    5,
    3,
    [2, 3],
    'ongoing',
    'Whenever another of your ads defaults, it goes to your hand and you gain 4 gold.',
  ],
  [
    'Bus Company',
    'バス会社',
    TRN,
    false,
    3,
    1,
    4,
    3,
    [1, 6],
    'post',
    'Remove 1 month marker from each other ad in your field.',
  ],
  [
    'Taxi Company',
    'タクシー会社',
    TRN,
    false,
    3,
    1,
    3,
    3,
    [3, 5],
    'ongoing',
    'When you Explore, you may take a second revealed card.',
  ],
  [
    'Airline',
    '航空会社',
    TRN,
    false,
    2,
    3,
    9,
    3,
    [4, 5],
    'post',
    'Place 1 month marker on each other ad in your field (negative).',
  ],
  ['Pilot', 'パイロット', TRN, true, 1, 2, 4, 4, [1, 2], 'ongoing', 'Each time an opponent posts an ad, gain 1 gold.'],
  [
    'Ship Captain',
    '船長',
    TRN,
    true,
    1,
    3,
    6,
    4,
    [4, 6],
    'ongoing',
    'Your other ads default only at period + 1 markers.',
  ],
  ['Farmer', '農家', NAT, false, 4, 1, 3, 4, [2, 5], 'adopt', 'When established: draw 1 card.'],
  [
    'Forester',
    '林業家',
    NAT,
    false,
    4,
    1,
    3,
    3,
    [1, 3],
    'adopt',
    'When established: discard up to 2 cards, then draw as many.',
  ],
  ['Fisher', '漁師', NAT, false, 3, 0, 2, 2, [4, 6], 'post', 'Draw 1 card.'],
  ['Miner', '鉱夫', NAT, false, 2, 1, 8, 3, [2, 4], 'post', 'Discard 2 cards from your hand (negative).'],
  [
    'Veterinarian',
    '獣医',
    NAT,
    true,
    1,
    2,
    3,
    4,
    [3, 5],
    'adopt',
    'When established: gain 2 gold per Primary Industry ad in your field.',
  ],
  [
    'Geologist',
    '地質学者',
    NAT,
    true,
    1,
    2,
    4,
    3,
    [1, 4],
    'post',
    'Reveal the top 5 ad cards; keep the Primary Industry ones, discard the rest.',
  ],
  ['Bank', '銀行', FIN, false, 4, 3, 6, 4, [4, 5], 'ongoing', 'Each time you Submit, gain 2 gold per set submitted.'],
  [
    'Real Estate Agency',
    '不動産屋',
    FIN,
    false,
    3,
    2,
    5,
    3,
    [3, 5],
    'ongoing',
    'Your other ads cost 1 gold less to post.',
  ],
  [
    'Insurance Company',
    '保険会社',
    FIN,
    false,
    2,
    2,
    4,
    5,
    [6],
    'ongoing',
    'Whenever another of your ads defaults, gain 3 gold.',
  ],
  [
    'Trading Company',
    '商社',
    FIN,
    false,
    2,
    2,
    5,
    3,
    [2, 6],
    'ongoing',
    'When you Acquire, one of the cards costs 0 gold.',
  ],
  [
    'Accountant',
    '会計士',
    FIN,
    true,
    1,
    2,
    4,
    4,
    [1, 4],
    'ongoing',
    'Each of your established ads (this one included) pays +1 gold.',
  ],
  ['Investor', '投資家', FIN, true, 1, 3, 5, 3, [3, 6], 'post', 'Gain 2 gold for each other ad in your field.'],
];

export const AD_KINDS: readonly AdKind[] = Object.freeze(
  KIND_TABLE.map(([name, japanese, industry, specialist, copies, cost, reward, period, faces, timing, effect], id) =>
    Object.freeze({
      id,
      name,
      japanese,
      industry,
      specialist,
      copies,
      cost,
      reward,
      period,
      faces: Object.freeze([...faces]),
      faceMask: faces.reduce((m, f) => m | (1 << f), 0),
      timing,
      hasPost: timing === 'post' || timing === 'post+default',
      effect,
    }),
  ),
);
export const KIND_COUNT = AD_KINDS.length;

/** Kind ids by name, so rules code reads like the card table. */
export const K = {
  construction: 0,
  demolition: 1,
  designOffice: 2,
  painter: 3,
  architect: 4,
  siteSupervisor: 5,
  cafe: 6,
  movieTheater: 7,
  hotel: 8,
  restaurant: 9,
  headChef: 10,
  celebrity: 11,
  fireStation: 12,
  policeStation: 13,
  doctor: 14,
  guard: 15,
  lawyer: 16,
  taxInspector: 17,
  railway: 18,
  busCompany: 19,
  taxi: 20,
  airline: 21,
  pilot: 22,
  shipCaptain: 23,
  farmer: 24,
  forester: 25,
  fisher: 26,
  miner: 27,
  veterinarian: 28,
  geologist: 29,
  bank: 30,
  realEstate: 31,
  insurance: 32,
  tradingCompany: 33,
  accountant: 34,
  investor: 35,
} as const;

/** One physical ad card: letters A.. per copy have no rules effect (§2.2). */
export interface AdCard {
  /** === index in AD_CARDS; cards of a kind are consecutive, so id order is kind order. */
  readonly id: number;
  readonly kind: number;
  readonly letter: string;
}

export const AD_CARDS: readonly AdCard[] = Object.freeze(
  AD_KINDS.flatMap((k) => Array.from({ length: k.copies }, (_, c) => ({ kind: k.id, letter: 'ABCD'[c] }))).map(
    (card, id) => Object.freeze({ id, ...card }),
  ),
);
export const AD_CARD_COUNT = AD_CARDS.length;

/** Kind id of regular index r = 4 * industry + j (§9). */
export const regularKind = (r: number): number =>
  KINDS_PER_INDUSTRY * Math.floor(r / REGULAR_PER_INDUSTRY) + (r % REGULAR_PER_INDUSTRY);
export const REGULAR_COUNT = INDUSTRIES * REGULAR_PER_INDUSTRY;

// ---- sets (§2.5) and set ids (§9) ------------------------------------------------------------------

export const SET_TYPES = ['pair', 'three', 'four', 'flush3', 'flush4'] as const;
export type SetType = (typeof SET_TYPES)[number];
export const SET_TYPE_NAMES: Readonly<Record<SetType, string>> = {
  pair: 'Pair',
  three: 'Three of a Kind',
  four: 'Four of a Kind',
  flush3: 'Flush 3',
  flush4: 'Flush 4',
};
export const SET_VP: Readonly<Record<SetType, number>> = { pair: 1, three: 3, four: 5, flush3: 2, flush4: 3 };

export interface SetDef {
  /** === index in SETS: the set id of §9 (action 51 + id). */
  readonly id: number;
  readonly type: SetType;
  readonly vp: number;
  /** Kinds used, with repetition (a Pair of Cafe is [6, 6]); ascending. */
  readonly kinds: readonly number[];
  /** Industry of a flush, or of the name of an n-of-a-kind. */
  readonly industry: number;
}

function setDef(id: number, type: SetType, kinds: number[]): SetDef {
  return Object.freeze({
    id,
    type,
    vp: SET_VP[type],
    kinds: Object.freeze(kinds),
    industry: AD_KINDS[kinds[0]].industry,
  });
}

/**
 * §9: 0-23 Pair of r, 24-47 Three of r, 48-71 Four of r, 72-95 Flush 3 of industry i omitting
 * regular name j (72 + 4i + j), 96-101 Flush 4 of industry i. 24 * 3 + 24 + 6 = 102.
 */
export const SETS: readonly SetDef[] = Object.freeze([
  ...Array.from({ length: REGULAR_COUNT }, (_, r) => setDef(r, 'pair', [regularKind(r), regularKind(r)])),
  ...Array.from({ length: REGULAR_COUNT }, (_, r) => setDef(REGULAR_COUNT + r, 'three', Array(3).fill(regularKind(r)))),
  ...Array.from({ length: REGULAR_COUNT }, (_, r) =>
    setDef(2 * REGULAR_COUNT + r, 'four', Array(4).fill(regularKind(r))),
  ),
  ...Array.from({ length: REGULAR_COUNT }, (_, x) => {
    const i = Math.floor(x / REGULAR_PER_INDUSTRY);
    const omit = x % REGULAR_PER_INDUSTRY;
    const kinds = [0, 1, 2, 3].filter((j) => j !== omit).map((j) => KINDS_PER_INDUSTRY * i + j);
    return setDef(3 * REGULAR_COUNT + x, 'flush3', kinds);
  }),
  ...Array.from({ length: INDUSTRIES }, (_, i) =>
    setDef(
      4 * REGULAR_COUNT + i,
      'flush4',
      [0, 1, 2, 3].map((j) => KINDS_PER_INDUSTRY * i + j),
    ),
  ),
]);
export const SET_COUNT = SETS.length;

/** SET_NEED[id * KIND_COUNT + kind] = cards of that kind the set needs (hot-path lookup). */
export const SET_NEED: Uint8Array = (() => {
  const out = new Uint8Array(SET_COUNT * KIND_COUNT);
  for (const s of SETS) for (const k of s.kinds) out[s.id * KIND_COUNT + k]++;
  return out;
})();

/** 'Pair of Cafe (1 VP)', 'Flush 3 Food & Leisure: Cafe, Movie Theater, Hotel (2 VP)'. */
export function setLabel(id: number): string {
  const s = SETS[id];
  const vp = `(${s.vp} VP)`;
  if (s.type === 'pair') return `Pair of ${AD_KINDS[s.kinds[0]].name} ${vp}`;
  if (s.type === 'three' || s.type === 'four') return `${SET_TYPE_NAMES[s.type]}: ${AD_KINDS[s.kinds[0]].name} ${vp}`;
  if (s.type === 'flush4') return `Flush 4 ${INDUSTRY_NAMES[s.industry]} ${vp}`;
  return `Flush 3 ${INDUSTRY_NAMES[s.industry]}: ${s.kinds.map((k) => AD_KINDS[k].name).join(', ')} ${vp}`;
}

// ---- items and the field card (§2.6) ---------------------------------------------------------------

export interface ItemKind {
  /** === index in ITEM_KINDS; ITEM_BOOM (the field card) is last and is never bought. */
  readonly id: number;
  readonly name: string;
  readonly japanese: string;
  readonly copies: number;
  /** Price in gold; 0 for the field card. */
  readonly cost: number;
  readonly effect: string;
}

const ITEM_TABLE: [string, string, number, number, string][] = [
  ['Job Change', '転職', 3, 2, 'Discard any number of cards, then draw that many.'],
  ['Overtime', '残業', 3, 3, 'Post up to 2 ads now, paying costs; they use no action.'],
  ['Contract Renewal', '契約更新', 2, 2, 'Remove up to 3 month markers from your ads.'],
  ['Market Research', '市場調査', 2, 3, 'Reveal the top 5 ad cards; keep 2, discard the rest.'],
  ['Press Release', 'プレスリリース', 2, 4, 'One ad in your field is established now.'],
  ['Headhunting', 'ヘッドハンティング', 2, 3, "Take a random card from an opponent's hand (shown to all)."],
  [
    'Economic Boom',
    '好景気',
    1,
    0,
    'Field card: once revealed, every established ad pays +1 gold for the rest of the game.',
  ],
];

export const ITEM_KINDS: readonly ItemKind[] = Object.freeze(
  ITEM_TABLE.map(([name, japanese, copies, cost, effect], id) =>
    Object.freeze({ id, name, japanese, copies, cost, effect }),
  ),
);
export const ITEM_JOB_CHANGE = 0;
export const ITEM_OVERTIME = 1;
export const ITEM_CONTRACT_RENEWAL = 2;
export const ITEM_MARKET_RESEARCH = 3;
export const ITEM_PRESS_RELEASE = 4;
export const ITEM_HEADHUNTING = 5;
/** The field card's kind: shuffled into the item deck, never bought (§2.6). */
export const ITEM_BOOM = ITEM_KINDS.length - 1;

export interface ItemCard {
  /** === index in ITEM_CARDS; table 2.6 order with Economic Boom last (§5). */
  readonly id: number;
  readonly kind: number;
}
export const ITEM_CARDS: readonly ItemCard[] = Object.freeze(
  ITEM_KINDS.flatMap((k) => Array.from({ length: k.copies }, () => k.id)).map((kind, id) =>
    Object.freeze({ id, kind }),
  ),
);
export const ITEM_CARD_COUNT = ITEM_CARDS.length;
/** Face-up item slots (§3 step 3). */
export const ITEM_SLOTS = 3;

/** Kind id of a card name ('Cafe'), or -1. */
export function kindByName(name: string): number {
  return AD_KINDS.findIndex((k) => k.name === name);
}

/** Item kind id of a name ('Overtime'), or -1. */
export function itemByName(name: string): number {
  return ITEM_KINDS.findIndex((k) => k.name === name);
}

// ---- the counts of §1, §3-§9 -----------------------------------------------------------------------

/** §1: 2-4 players. */
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;
export const DEFAULT_PLAYERS = 2;
/** §7.1: the game ends after a round in which someone has this many VP. */
export const WIN_VP = 10;
/** §7.3: the turn cap. */
export const MAX_ROUNDS = 40;
/** §3 step 5. */
export const START_GOLD = 7;
export const START_HAND = 4;
/** §4.1. */
export const ACTIONS_PER_TURN = 2;
export const HAND_LIMIT = 7;
export const EXPLORE_REVEAL = 4;
export const MAX_ACQUIRE = 5;
/** §4.1 action 3 (decision): a field holds at most 12 ads. */
export const MAX_FIELD = 12;
/** Market Research and Geologist reveal 5 (§2.3, §2.6); Explore 4. */
export const MAX_REVEAL = 5;
export const RESEARCH_PICKS = 2;
export const MINER_DISCARDS = 2;
export const FORESTER_MAX = 2;
export const RENEWAL_MAX = 3;
export const OVERTIME_MAX = 2;
/** Doctor: 0, 1 or 2 month markers. */
export const DOCTOR_CHOICES = 3;
/** Gold per set and Bank (§2.3 Bank), per Railway return, per Insurance, Guard's replacement. */
export const BANK_GOLD = 2;
export const RAILWAY_GOLD = 4;
export const INSURANCE_GOLD = 3;
export const GUARD_GOLD = 5;
export const PASS_GOLD = 1;
/** Most copies of one ad kind (§2.3): no pile or hand holds more of a kind. */
export const MAX_COPIES = Math.max(...AD_KINDS.map((k) => k.copies));

// ---- decision contexts, phases and continuation frames (§4, §9) -------------------------------------

/** Decision contexts of §9 ('NONE' once the game is over). */
export const CONTEXTS = [
  'MAIN',
  'ACQUIRE_COUNT',
  'POST_PICK',
  'ITEM_PICK',
  'EXPLORE_PICK',
  'TAXI_PICK',
  'SET_SELECT',
  'DESIGN_TARGET',
  'FIRE_TARGET',
  'POLICE_TARGET',
  'DOCTOR_MARKERS',
  'MINER_DISCARD',
  'SUPERVISOR_POST',
  'OVERTIME_POST',
  'JOB_DISCARD',
  'RENEWAL_TARGET',
  'MR_PICK',
  'PRESS_TARGET',
  'HEADHUNT_TARGET',
  'FORESTER_DISCARD',
  'NONE',
] as const;
export type ContextName = (typeof CONTEXTS)[number];
export const C = Object.fromEntries(CONTEXTS.map((c, i) => [c, i])) as Record<ContextName, number>;

/** Round phases (§4); Renewal is automatic, so it is never the phase of a decision. */
export const PHASES = ['action', 'adoption', 'over'] as const;
export type PhaseName = (typeof PHASES)[number];
export const PH_ACTION = 0;
export const PH_ADOPTION = 1;
export const PH_OVER = 2;

/**
 * Continuation frames: what resumes once the decision on top is settled. A posting's [WATCH] and
 * Pilot steps wait under its [POST] decisions; an Overtime waits for its second posting; a bought
 * item goes to the discard pile and its slot refills after its effect; a Press Release's ad leaves
 * after its Forester decision; the Adoption phase resumes its [ADOPT] loop after a Forester.
 */
export const FRAMES = ['posting', 'overtime', 'item', 'press', 'adopt'] as const;
export type FrameName = (typeof FRAMES)[number];
export const F_POSTING = 0; // [seat, posted kind, W = count of slots 0..W-1 present at step 2]
export const F_OVERTIME = 1; // [seat, postings made]
export const F_ITEM = 2; // [seat, slot, item kind]
export const F_PRESS = 3; // [seat, slot of the established ad]
export const F_ADOPT = 4; // [player offset from the start player, next slot]
export const FRAME_SIZE = 4;
/**
 * Deepest possible stack: item + Overtime + a posting chain of at most 5 (a Site Supervisor and the
 * three Design Offices copying it each post one more card; a chain cannot revisit a card, since a
 * card leaves the field only by a Fire Station, whose effect ends the chain) = 7; 16 is ample.
 */
export const STACK_CAP = 16;

/** Sets per Submit at most: the 73 regular cards make at most 36 sets. */
export const SUBMIT_CAP = 40;

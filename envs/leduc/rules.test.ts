import { describe, expect, test } from 'vitest';
import { CHANCE, IllegalActionError, Rng, checkGame, makeEnv, playNamed, type GameState } from '../index.js';
import { leduc, type LeducView } from './index.js';

// Card ids as OpenSpiel numbers them: 2 * rank + suit.
const [Js, Jh, Qs, Qh, Ks, Kh] = [0, 1, 2, 3, 4, 5];
const [FOLD, CALL, RAISE] = [0, 1, 2];

/**
 * A hand in explicit-chance mode: the two private cards dealt, round 1's named actions, then (when
 * given) the public card and round 2's named actions.
 */
function hand(
  card0: number,
  card1: number,
  round1: readonly string[],
  publicCard?: number,
  round2: readonly string[] = [],
): GameState<LeducView> {
  const s = leduc.newGame({ players: 2, seed: 0, chance: 'explicit' });
  s.applyAction(card0);
  s.applyAction(card1);
  playNamed(s, ...round1);
  if (publicCard === undefined) return s;
  expect(s.currentPlayer()).toBe(CHANCE);
  s.applyAction(publicCard);
  return playNamed(s, ...round2);
}

describe('leduc: every way a hand can end pays as OpenSpiel', () => {
  test.each([
    // Round 1 folds: the folder loses what it put in.
    ['raise, fold: seat 1 loses its ante', ['raise', 'fold'], undefined, [], [1, -1]],
    ['check, bet, fold: seat 0 loses its ante', ['call', 'raise', 'fold'], undefined, [], [-1, 1]],
    ['bet, raise, fold: seat 0 loses 3', ['raise', 'raise', 'fold'], undefined, [], [-3, 3]],
    ['check, bet, raise, fold: seat 1 loses 3', ['call', 'raise', 'raise', 'fold'], undefined, [], [3, -3]],
    // Round 2 folds (raises of 4).
    ['check-check, then bet, fold', ['call', 'call'], Qh, ['raise', 'fold'], [1, -1]],
    ['bet-call (3 each), then bet, raise, fold', ['raise', 'call'], Qh, ['raise', 'raise', 'fold'], [-7, 7]],
    [
      'check, bet, raise, call (5), then check, bet, fold',
      ['call', 'raise', 'raise', 'call'],
      Qh,
      ['call', 'raise', 'fold'],
      [-5, 5],
    ],
    // Showdowns: K beats Q without a pair; the winner gains the loser's stake.
    ['checks all the way: the antes', ['call', 'call'], Jh, ['call', 'call'], [1, -1]],
    ['bet-call, then check, bet, call: 7 each', ['raise', 'call'], Jh, ['call', 'raise', 'call'], [7, -7]],
    ['two raises in each round: 13, the most', ['raise', 'raise', 'call'], Jh, ['raise', 'raise', 'call'], [13, -13]],
    [
      'check, bet, raise, call, twice: 13',
      ['call', 'raise', 'raise', 'call'],
      Jh,
      ['call', 'raise', 'raise', 'call'],
      [13, -13],
    ],
  ] as const)('%s', (_name, round1, publicCard, round2, returns) => {
    const s = hand(Ks, Qs, round1, publicCard, round2);
    expect(s.isTerminal()).toBe(true);
    expect(s.currentPlayer()).toBe(-1);
    expect(s.returns()).toEqual(returns);
    expect(s.scores()).toEqual(returns);
    expect(s.ranking()).toEqual(returns[0] > 0 ? [0, 1] : [1, 0]);
    expect(s.view(-1).stakes[returns[0] > 0 ? 1 : 0]).toBe(Math.abs(returns[0])); // the loser's chips
    expect(s.view(0).ending).toBe(round2.at(-1) === 'call' ? 'showdown' : 'fold');
  });

  test('a fold in round 1 ends the hand: no public card is dealt', () => {
    const s = hand(Ks, Qs, ['raise', 'fold']);
    expect(s.chanceOutcomes()).toEqual([]);
    expect(s.view(-1).publicCard).toBe(-1);
    expect(s.view(-1).round).toBe(1);
  });

  test('returns are chips: returnScale 13 (ante 1 + two raises of 2 + two of 4), unit chips', () => {
    expect([leduc.returnScale, leduc.returnUnit, leduc.hasExplicitChance, leduc.hasInformationStates]).toEqual([
      13,
      'chips',
      true,
      true,
    ]);
    expect([leduc.actionSize, leduc.maxGameLength(2), leduc.observationSize(2)]).toEqual([3, 8, 36]);
  });
});

describe('leduc: showdowns', () => {
  test.each([
    ['a pair beats a higher card', Js, Kh, Jh, [3, -3]],
    ['a pair beats a higher card (seat 1)', Ks, Qh, Qs, [-3, 3]],
    ['without a pair the higher private card wins, whatever the public card', Qs, Jh, Kh, [3, -3]],
    ['without a pair the higher private card wins, public card in between', Ks, Jh, Qh, [3, -3]],
    ['the public card below both: the higher card', Qh, Kh, Js, [-3, 3]],
    ['equal ranks split the pot (suits are equal)', Qs, Qh, Ks, [0, 0]],
    ['equal ranks split the pot, the public card below both', Ks, Kh, Jh, [0, 0]],
  ] as const)('%s', (_name, c0, c1, pub, returns) => {
    const s = hand(c0, c1, ['raise', 'call'], pub, ['call', 'call']);
    expect(s.returns()).toEqual(returns);
    expect(s.view(-1).cards).toEqual([c0, c1]);
    const last = s.view(-1).log.at(-1)!;
    if (returns[0] === 0) {
      expect(last).toEqual({ kind: 'split', args: [3] });
      expect(s.ranking()).toEqual([0, 0]);
      expect(leduc.renderText(s.view(0))).toContain('Split pot: each seat takes back its 3 chips.');
    } else {
      expect(last).toEqual({ kind: 'win', args: [returns[0] > 0 ? 0 : 1, 3] });
    }
  });
});

describe('leduc: legal actions at every kind of node', () => {
  test.each([
    ['the first action: check or bet, no fold', [], [CALL, RAISE]],
    ['after a check', ['call'], [CALL, RAISE]],
    ['facing a bet: fold, call or raise', ['raise'], [FOLD, CALL, RAISE]],
    ['after check, bet', ['call', 'raise'], [FOLD, CALL, RAISE]],
    ['facing the second raise: fold or call only', ['raise', 'raise'], [FOLD, CALL]],
    ['check, bet, raise: fold or call only', ['call', 'raise', 'raise'], [FOLD, CALL]],
  ] as const)('round 1, %s', (_name, round1, legal) => {
    const s = hand(Js, Qs, round1);
    expect(s.currentPlayer()).toBe(round1.length % 2);
    expect(s.legalActions()).toEqual(legal);
  });

  test('round 2 starts again with seat 0, its raise cap fresh and raises of 4', () => {
    const s = hand(Js, Qs, ['raise', 'raise', 'call'], Kh);
    expect(s.currentPlayer()).toBe(0);
    expect(s.view(0).round).toBe(2);
    expect(s.view(0).stakes).toEqual([5, 5]);
    expect(s.legalActions()).toEqual([CALL, RAISE]);
    playNamed(s, 'raise');
    expect(s.view(0).stakes).toEqual([9, 5]);
    expect(s.legalActions()).toEqual([FOLD, CALL, RAISE]);
    playNamed(s, 'raise');
    expect(s.view(0).stakes).toEqual([9, 13]);
    expect(s.legalActions()).toEqual([FOLD, CALL]);
  });

  test('a third raise and a fold with nothing owed are refused, naming why, and change nothing', () => {
    const capped = hand(Js, Qs, ['raise', 'raise']);
    const before = JSON.stringify(capped.toJSON());
    expect(() => capped.applyAction(RAISE)).toThrow(IllegalActionError);
    expect(() => capped.applyAction(RAISE)).toThrow(
      'leduc: seat 0 cannot take action 2 (2 raises were made this round already). Legal now: 0=fold, 1=call',
    );
    expect(JSON.stringify(capped.toJSON())).toBe(before);
    const open = hand(Js, Qs, ['call']);
    expect(() => open.applyAction(FOLD)).toThrow(
      'leduc: seat 1 cannot take action 0 (a fold needs a raise to face: nothing is owed, so call to check). ' +
        'Legal now: 1=call, 2=raise',
    );
  });

  test('the decision sentence says what each action costs', () => {
    expect(leduc.describeDecision(hand(Js, Qs, []).view(0))).toBe('Call to check, or raise to bet 2 chips.');
    expect(leduc.describeDecision(hand(Js, Qs, ['raise']).view(1))).toBe(
      'The other seat raised: fold (give up the 1 chip you put in), call (put in 2 more), or raise (put in 4 more).',
    );
    expect(leduc.describeDecision(hand(Js, Qs, ['raise', 'raise']).view(0))).toBe(
      'The other seat raised for the last time this round: ' +
        'fold (give up the 3 chips you put in) or call (put in 2 more).',
    );
    expect(leduc.describeDecision(hand(Js, Qs, ['call', 'call'], Kh).view(0))).toBe(
      'Call to check, or raise to bet 4 chips.',
    );
    expect(leduc.describeDecision(hand(Js, Qs, ['call', 'call'], Kh).view(1))).toBe('');
  });
});

describe('leduc: chance points', () => {
  test('explicit mode: seat 0 from six cards at 1/6, seat 1 from five at 1/5, the public card from four at 1/4', () => {
    const s = leduc.newGame({ players: 2, seed: 5, chance: 'explicit' });
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(s.chanceOutcomes()).toEqual(
      [
        'Js (Jack of spades)',
        'Jh (Jack of hearts)',
        'Qs (Queen of spades)',
        'Qh (Queen of hearts)',
        'Ks (King of spades)',
        'Kh (King of hearts)',
      ].map((card, outcome) => ({ outcome, probability: 1 / 6, label: `deal ${card} to seat 0` })),
    );
    s.applyAction(Qh);
    expect(s.chanceOutcomes().map((o) => [o.outcome, o.probability])).toEqual(
      [Js, Jh, Qs, Ks, Kh].map((c) => [c, 1 / 5]),
    );
    expect(s.chanceOutcomes()[0].label).toBe('deal Js (Jack of spades) to seat 1');
    s.applyAction(Ks);
    expect(s.currentPlayer()).toBe(0);
    expect(s.chanceOutcomes()).toEqual([]);
    playNamed(s, 'call', 'raise', 'call');
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(s.chanceOutcomes()).toEqual(
      [
        [Js, 'Js (Jack of spades)'],
        [Jh, 'Jh (Jack of hearts)'],
        [Qs, 'Qs (Queen of spades)'],
        [Kh, 'Kh (King of hearts)'],
      ].map(([outcome, card]) => ({ outcome, probability: 1 / 4, label: `turn up ${card} as the public card` })),
    );
    expect(() => s.applyAction(Qh)).toThrow(IllegalActionError);
    s.applyAction(Qs);
    expect(s.currentPlayer()).toBe(0);
    expect(s.view(1).publicCard).toBe(Qs);
  });

  test('implicit mode (the default) deals all three from the seed: no chance point is ever seen', () => {
    const a = leduc.newGame({ players: 2, seed: 'deal' });
    expect(a.chanceMode).toBe('implicit');
    expect(a.currentPlayer()).toBe(0);
    expect(a.toJSON()).toEqual(leduc.newGame({ players: 2, seed: 'deal' }).toJSON());
    playNamed(a, 'call', 'call');
    expect(a.currentPlayer()).toBe(0);
    const { cards, publicCard } = a.toJSON() as { cards: number[]; publicCard: number };
    expect(new Set([...cards, publicCard]).size).toBe(3);
  });
});

describe('leduc: information states and hidden cards', () => {
  test("keys: private cards ('??' hidden), ':' round 1's betting, '/' the public card, ':' round 2's", () => {
    const s = leduc.newGame({ players: 2, seed: 0, chance: 'explicit' });
    const keys = () => [s.informationState(0), s.informationState(1)];
    expect(keys()).toEqual(['', '']);
    s.applyAction(Js);
    expect(keys()).toEqual(['Js', '??']);
    s.applyAction(Qh);
    expect(keys()).toEqual(['Js??:', '??Qh:']);
    playNamed(s, 'call', 'raise');
    expect(keys()).toEqual(['Js??:cr', '??Qh:cr']);
    playNamed(s, 'call');
    expect(keys()).toEqual(['Js??:crc', '??Qh:crc']);
    s.applyAction(Ks);
    playNamed(s, 'raise');
    expect(keys()).toEqual(['Js??:crc/Ks:r', '??Qh:crc/Ks:r']);
    playNamed(s, 'call');
    expect(keys()).toEqual(['JsQh:crc/Ks:rc', 'JsQh:crc/Ks:rc']);
    const folded = hand(Js, Qh, ['raise', 'fold']);
    expect([folded.informationState(0), folded.informationState(1)]).toEqual(['Js??:rf', '??Qh:rf']);
  });

  test('a fold shows no private card; a showdown shows both', () => {
    const folded = hand(Qs, Kh, ['call', 'call'], Js, ['raise', 'fold']);
    expect(folded.view(0).cards).toEqual([Qs, -1]);
    expect(folded.view(1).cards).toEqual([-1, Kh]);
    expect(folded.view(-1).cards).toEqual([-1, -1]);
    expect(hand(Qs, Kh, ['call', 'call'], Js, ['call', 'call']).view(-1).cards).toEqual([Qs, Kh]);
  });

  test("determinize re-deals only the other seat's card, from the four the seat cannot see", () => {
    const s = hand(Qs, Kh, ['call', 'call'], Js);
    const drawn = new Set<number>();
    for (let i = 0; i < 80; i++) {
      const world = s.determinize(0, Rng.fromSeed(i)).toJSON() as { cards: number[]; publicCard: number };
      expect([world.cards[0], world.publicCard]).toEqual([Qs, Js]);
      drawn.add(world.cards[1]);
    }
    expect([...drawn].sort()).toEqual([Jh, Qh, Ks, Kh]);
  });

  test('the board hides the other card behind a card back and shows the public card', () => {
    const svg = leduc.renderSvg(hand(Qs, Kh, ['call', 'call'], Js).view(0));
    expect(svg).toContain('your card: Queen of spades');
    expect(svg).toContain('seat 1&#39;s card, face down');
    expect(svg).toContain('the public card: Jack of spades');
    expect(svg).not.toContain('King');
  });
});

/**
 * Seat 0's expected chips when both seats play `policy` (probabilities over the legal actions;
 * uniform by default), walking every chance outcome and action of the explicit tree and visiting
 * each decision point and each finished hand.
 */
function walkTree(
  visit: { decision?: (s: GameState) => void; terminal?: (s: GameState) => void },
  policy: (s: GameState) => number[] = (s) => s.legalActions().map(() => 1 / s.legalActions().length),
): number {
  const walk = (s: GameState): number => {
    if (s.isTerminal()) {
      visit.terminal?.(s);
      return s.returns()[0];
    }
    let steps: [number, number][];
    if (s.currentPlayer() === CHANCE) steps = s.chanceOutcomes().map((o) => [o.outcome, o.probability]);
    else {
      visit.decision?.(s);
      const probabilities = policy(s);
      steps = s.legalActions().map((a, i) => [a, probabilities[i]]);
    }
    return steps.reduce((v, [a, prob]) => {
      const next = s.clone();
      next.applyAction(a);
      return v + prob * walk(next);
    }, 0);
  };
  return walk(leduc.newGame({ players: 2, seed: 0, chance: 'explicit' }));
}

describe('leduc: the whole tree through the explicit-chance API', () => {
  test('936 information states where a seat acts, 468 each, as OpenSpiel; 5,520 hands; |return| up to 13', () => {
    // Per seat: 3 of its decision points in round 1 (seat 0 at '', 'cr', 'rr'; seat 1 at 'c', 'r',
    // 'crr') times its 6 possible cards = 18; in round 2, 5 ways round 1 closed ('cc', 'rc', 'crc',
    // 'rrc', 'crrc') times 6 cards times the 5 other public cards times 3 decision points = 450.
    // 18 + 450 = 468. The suits are told apart (OpenSpiel's default, no suit isomorphism).
    const keys = [new Set<string>(), new Set<string>()];
    let hands = 0;
    let most = 0;
    walkTree({
      decision: (s) => keys[s.currentPlayer()].add(s.informationState(s.currentPlayer())),
      terminal: (s) => {
        hands++;
        most = Math.max(most, ...s.returns().map(Math.abs));
        expect(s.returns()[0] + s.returns()[1]).toBe(0);
      },
    });
    expect([keys[0].size, keys[1].size]).toEqual([468, 468]);
    expect(hands).toBe(5520);
    expect(most).toBe(leduc.returnScale);
  });

  test('uniform random play is worth exactly -5/64 chip a hand to seat 0', () => {
    // Each legal action with equal probability at every decision (OpenSpiel's UniformRandomPolicy),
    // over every deal; -5/64 also comes from an independent transliteration of OpenSpiel's C++ in
    // exact fractions.
    expect(walkTree({})).toBeCloseTo(-5 / 64, 12);
  });

  test('always calling is worth 0 to seat 0 against itself: every hand is a check-down', () => {
    const alwaysCall = (s: GameState) => s.legalActions().map((a) => (a === CALL ? 1 : 0));
    expect(walkTree({}, alwaysCall)).toBeCloseTo(0, 12);
  });
});

test('leduc passes the conformance checker, its payoff, chance and information-state checks included', () => {
  const report = checkGame(leduc, { games: 100, seed: 'leduc-rules' });
  expect(report.games).toBe(100);
  expect(report.hiddenFields).toEqual(['view(0).cards[0]', 'view(1).cards[1]']);
});

test('the rules page lists the nine ways a betting round can go', () => {
  const table = leduc.rules.tables.find((t) => t.caption.startsWith('Every way'))!;
  expect(table.rows.map((r) => r[0])).toEqual([
    'seat 0 checks, seat 1 checks',
    'seat 0 checks, seat 1 bets, seat 0 folds',
    'seat 0 checks, seat 1 bets, seat 0 calls',
    'seat 0 checks, seat 1 bets, seat 0 raises, seat 1 folds',
    'seat 0 checks, seat 1 bets, seat 0 raises, seat 1 calls',
    'seat 0 bets, seat 1 folds',
    'seat 0 bets, seat 1 calls',
    'seat 0 bets, seat 1 raises, seat 0 folds',
    'seat 0 bets, seat 1 raises, seat 0 calls',
  ]);
  expect(table.rows.at(-1)).toEqual(['seat 0 bets, seat 1 raises, seat 0 calls', 'round closed', '4 / 4', '8 / 8']);
});

test('the environments reward chips', () => {
  const env = makeEnv('leduc', { seed: 3 });
  env.reset({ seed: 3 });
  env.step(RAISE); // seat 0 bets
  env.step(FOLD); // seat 1 folds: it loses its ante
  expect(env.state.returns()).toEqual([1, -1]);
  expect(env.rewards).toEqual([1, -1]);
});

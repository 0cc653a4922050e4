/**
 * The checks of checker-kit.ts catch what they are for: each test breaks one part of Kuhn poker
 * (its payoffs, chance points or information-state keys) and expects checkGame to name the fault.
 */
import { describe, expect, test } from 'vitest';
import { kuhn } from '../kuhn/index.js';
import { checkGame } from './checker.js';
import { defineGame } from './define-game.js';
import { CHANCE, type GameDefinition, type GameState, type LoadOptions, type NewGameOptions } from './game.js';
import type { Rng } from './rng.js';

type KuhnRules = typeof kuhn.kit;
type KuhnPosition = Parameters<KuhnRules['toAct']>[0];

/** Kuhn poker with some of its rules replaced. */
function mutant(changes: Partial<KuhnRules>): GameDefinition {
  return defineGame({ ...kuhn.kit, ...changes }) as unknown as GameDefinition;
}

const check = (def: GameDefinition) => () => checkGame(def, { games: 40, seed: 'mutant' });

describe('checker-kit catches a broken game', () => {
  test('returns that are not zero-sum', () => {
    const def = mutant({ payoffs: (p: KuhnPosition) => kuhn.kit.payoffs!(p).map((r) => (r > 0 ? r + 0.5 : r)) });
    expect(check(def)).toThrow(/returns\(\) \[.*\] are not zero-sum \(they add up to 0\.5\)/);
  });

  test('returns beyond returnScale', () => {
    const def = mutant({ payoffs: (p: KuhnPosition) => kuhn.kit.payoffs!(p).map((r) => 3 * r) });
    expect(check(def)).toThrow(/is beyond returnScale 2/);
  });

  test('chance probabilities that do not add up to 1', () => {
    const def = mutant({
      chanceOutcomes: (p: KuhnPosition) => kuhn.kit.chanceOutcomes!(p).map((o) => ({ ...o, probability: 0.4 })),
    });
    expect(check(def)).toThrow(/the probabilities of the chance outcomes \[.*\] add up to 1\.2\d*, not 1/);
  });

  test("an information-state key holding the opponent's hidden card fails the determinize check", () => {
    const def = mutant({
      informationState: (p: KuhnPosition, seat: number) => `${kuhn.kit.informationState!(p, seat)}|${p.cards.join()}`,
    });
    expect(check(def)).toThrow(/seat \d's information-state key is .* but a world determinize\(\d\) drew/);
  });

  test("a key without the seat's own card fails the equal-keys-equal-views check, naming the seat", () => {
    const def = mutant({
      informationState: (p: KuhnPosition, seat: number) =>
        kuhn.kit.informationState!(p, seat).replace(/[JQK]/g, (c, at: number) => (at === seat ? '?' : c)),
    });
    expect(check(def)).toThrow(
      /two states give seat \d the information-state key '.*' but differ in what seat \d sees/,
    );
  });

  test('a key that forgets the seat’s own actions fails the perfect-recall check', () => {
    const def = mutant({ informationState: (p: KuhnPosition, seat: number) => String(p.cards[seat]) });
    expect(check(def)).toThrow(/seat 0's information-state key stayed '\d' after its own action/);
  });

  test('implicit sampling that ignores the probabilities fails the frequency check', () => {
    const broken = check(alwaysFirstOutcome(kuhn as unknown as GameDefinition));
    expect(broken).toThrow(/implicit chance does not follow the stated probabilities \(chi-square /);
    expect(broken).toThrow(/deal J \(Jack\) to seat 0: 600 of 600 \(expected 200\.0\)/);
  });
});

/**
 * A definition whose implicit mode resolves every chance point with its first outcome, whatever
 * the probabilities say (as a game dealing by hand, wrongly, would).
 */
function alwaysFirstOutcome(inner: GameDefinition): GameDefinition {
  const settle = (s: GameState): void => {
    while (s.currentPlayer() === CHANCE) s.applyAction(s.chanceOutcomes()[0].outcome);
  };
  const implicit = (explicit: GameState): GameState => {
    settle(explicit);
    // Every method not replaced here reads the explicit state (its prototype).
    return Object.assign(Object.create(explicit) as GameState, {
      chanceMode: 'implicit' as const,
      applyAction: (a: number) => {
        explicit.applyAction(a);
        settle(explicit);
      },
      clone: () => implicit(explicit.clone()),
      determinize: (p: number, rng: Rng) => implicit(explicit.determinize(p, rng)),
    });
  };
  return {
    ...inner,
    newGame: (options: NewGameOptions) =>
      options.chance === 'explicit'
        ? inner.newGame(options)
        : implicit(inner.newGame({ ...options, chance: 'explicit' })),
    fromJSON: (json: unknown, options?: LoadOptions) =>
      options?.chance === 'explicit'
        ? inner.fromJSON(json, options)
        : implicit(inner.fromJSON(json, { chance: 'explicit' })),
  };
}

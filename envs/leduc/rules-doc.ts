/** The rules of Leduc hold'em for players (the arena's rules page and docs/rules/leduc.md). */
import type { RulesDoc } from '../core/board.js';
import { addRound, endsInFold, legalIn, roundOver } from './betting.js';
import {
  ANTE,
  CARDS,
  MAX_RAISES,
  MAX_STAKE,
  RAISE_SIZES,
  RANK_TITLES,
  RANKS,
  SEATS,
  SUIT_TITLES,
  cardTitle,
} from './components.js';
import { roundText } from './render.js';

/** Every complete betting round, in action order (a depth-first walk of the legal actions). */
function roundLines(line: number[] = []): number[][] {
  if (roundOver(line)) return [line];
  return legalIn(line).flatMap((a) => roundLines([...line, a]));
}

/** What each seat adds in a round of this line, '2 / 4' (seat 0 / seat 1). */
function added(line: readonly number[], round: number): string {
  const put = [0, 0];
  addRound(put, line, round);
  return put.join(' / ');
}

export const RULES: RulesDoc = {
  intro:
    'Leduc hold’em is a small poker game with two betting rounds and a public card: two players, a deck of ' +
    'six cards. Each hand is played for chips, and what counts is the chips won, not the hands.',
  sections: [
    {
      heading: 'Set-up',
      paragraphs: [
        `The deck holds two suits (${SUIT_TITLES.join(' and ')}) of ${RANKS.map((r) => RANK_TITLES[r]).join(', ')}, ` +
          'ranked Jack lowest, King highest; the suits are equal. ' +
          `Both players put ${ANTE} chip in the pot (the ante). Each is dealt one private card face down.`,
      ],
    },
    {
      heading: 'A turn',
      paragraphs: [
        'There are two betting rounds. In each, seat 0 acts first, then the players take turns. ' +
          'A player calls, raises or folds.',
        'A call puts in what it takes to match the other player; with nothing to match it is a check. A raise ' +
          `matches and then adds ${RAISE_SIZES[0]} chips in round 1, ${RAISE_SIZES[1]} in round 2 (with nothing to ` +
          `match it is a bet). At most ${MAX_RAISES} raises are made in a round. Folding is allowed only facing a ` +
          'raise: the folder gives up the pot.',
        'A round ends when both players check, or when a raise is called. After round 1 one card from the deck is ' +
          'turned up: the public card, shared by both players. Then round 2 is bet the same way.',
      ],
    },
    {
      heading: 'The end',
      paragraphs: [
        'A fold ends the hand at once: the other player takes the pot, and no card is shown.',
        'Otherwise, after round 2 both private cards are shown. A private card of the same rank as the public card ' +
          'makes a pair, which wins; without a pair the higher private card wins; two private cards of the same ' +
          'rank split the pot. The winner gains what the loser put in: from 1 chip (the ante, after checks all the ' +
          `way) to ${MAX_STAKE} (two raises in each round).`,
      ],
    },
  ],
  tables: [
    {
      caption: 'The deck (OpenSpiel’s card numbers)',
      columns: ['card', 'number', 'name'],
      rows: CARDS.map((c, id) => [c, id, cardTitle(id)]),
    },
    {
      caption: 'Every way a betting round can go, and the chips each player adds',
      columns: ['betting', 'how it ends', 'round 1 adds (seat 0 / seat 1)', 'round 2 adds (seat 0 / seat 1)'],
      rows: roundLines().map((line) => [
        roundText(line),
        endsInFold(line) ? `seat ${(line.length - 1) % SEATS} folds` : 'round closed',
        added(line, 0),
        added(line, 1),
      ]),
    },
  ],
};

/**
 * What the project's suites demand of every game's pages, checkGame asks first
 * (envs/core/checker-presentation.ts): each mutant of Goofspiel breaks one rule and must be named.
 */
import { describe, expect, test } from 'vitest';
import { ConformanceError, checkGame, type GameDefinition } from '../envs/index.js';
import { goofspiel } from './example-game/goofspiel/index.js';

const base = goofspiel as unknown as GameDefinition;

describe('the checker asks what the suites ask of a game’s pages', () => {
  test.each<[string, Partial<GameDefinition>, RegExp]>([
    [
      'a rules page without the sections every page has',
      { rules: { ...base.rules, sections: base.rules.sections.filter((s) => s.heading !== 'A turn') } },
      new RegExp(
        String.raw`goofspiel: rules: no section headed 'A turn' \(rules-doc\.ts; every rules page has ` +
          String.raw`'Set-up', 'A turn', 'The end'; this one has 'Set-up', 'The end'\)`,
      ),
    ],
    [
      'a glossary term listed twice',
      { glossary: [...base.glossary, base.glossary[0]] },
      /glossary: the term 'A' is listed twice/,
    ],
    [
      'a glossary term not explained',
      { glossary: [{ term: 'A', text: 'ace', kind: 'card' }] },
      /glossary: 'A' is not explained/,
    ],
    [
      'an observation segment without a meaning',
      { observationLayout: (n) => base.observationLayout(n).map((s, i) => (i === 2 ? { ...s, meaning: '' } : s)) },
      /observation layout \(2 players\), segment 'prize' has no meaning/,
    ],
    [
      'an observation layout that does not cover the vector',
      { observationLayout: (n) => base.observationLayout(n).slice(0, -1) },
      /observation layout \(2 players\): the segments cover 22 values; observationSize is 23/,
    ],
    [
      'a board that is an empty frame',
      { renderSvg: () => '<svg xmlns="http://www.w3.org/2000/svg" class="board"><rect/></svg>' },
      /renderSvg\(view\(-1\)\) has 1 drawing elements .*; a board has more than 8/,
    ],
    [
      'a board that is not sound SVG',
      { renderSvg: (v) => base.renderSvg(v).replace('</svg>', '<g></svg>') },
      /renderSvg\(view\(-1\)\) is not sound SVG: <\/svg> closes <g>/,
    ],
    [
      'a decision sentence for a seat that is not to act',
      { describeDecision: () => 'Bid a card.' },
      /describeDecision\(view\(1\)\) is 'Bid a card\.' while seat 0 is to act/,
    ],
  ])('%s', (_name, patch, message) => {
    const run = () => checkGame({ ...base, ...patch }, { games: 3, seed: 'pages' });
    expect(run).toThrow(ConformanceError);
    expect(run).toThrow(message);
  });
});

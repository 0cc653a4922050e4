/**
 * svgMarkupProblem confirms a sound board by a forward scan and names a problem by a regular-expression
 * walk (firstProblem). The two must agree: on every game's boards and on thousands of boards broken at
 * random, the scan accepts exactly what the walk accepts, and the message is the walk's.
 */
import { describe, expect, test } from 'vitest';
import { getGame, listGames } from '../index.js';
import { Rng } from './rng.js';
import { firstProblem, svgMarkupProblem } from './svg-check.js';

/** Boards of one seeded random game, every seat's and the spectator's, every few steps. */
function boards(name: string): string[] {
  const def = getGame(name);
  const rng = Rng.fromSeed(`svg-check:${name}`);
  const state = def.newGame({ players: def.defaultPlayers, seed: `svg-check:${name}` });
  const out: string[] = [];
  for (let step = 0; !state.isTerminal() && step < 300; step++) {
    if (step % 30 === 0) for (let seat = -1; seat < state.players; seat++) out.push(def.renderSvg(state.view(seat)));
    const legal = state.legalActions();
    state.applyAction(legal[rng.int(legal.length)]);
  }
  return out;
}

// The edits that break markup: brackets, entities and quotes; attributes, tags and active content.
const TEXT_PIECES = ['<', '>', '&', '&amp;', '&#12;', '&#x1;', '"', '/', '='];
const PIECES = [...TEXT_PIECES, ' a="1"', ' k="&"', '<g>', '</g>', '<b/>', 'href=', 'url('];

/** The board with one to three random edits: a piece inserted, a span deleted, or a span repeated. */
function broken(svg: string, rng: Rng): string {
  let s = svg;
  const edits = 1 + rng.int(3);
  for (let e = 0; e < edits; e++) {
    const at = rng.int(s.length + 1);
    const kind = rng.int(3);
    if (kind === 0) s = s.slice(0, at) + PIECES[rng.int(PIECES.length)] + s.slice(at);
    else if (kind === 1) s = s.slice(0, at) + s.slice(at + 1 + rng.int(12));
    else s = s.slice(0, at) + s.slice(at, at + 1 + rng.int(40)) + s.slice(at);
  }
  return s;
}

describe('svgMarkupProblem', () => {
  test.each(listGames())('%s: sound boards pass, and 400 broken ones get the same verdict either way', (name) => {
    const rng = Rng.fromSeed(`svg-break:${name}`);
    const sound = boards(name);
    expect(sound.length).toBeGreaterThan(2);
    let problems = 0;
    let passed = 0;
    for (const svg of sound) expect(svgMarkupProblem(svg)).toBe('');
    for (let i = 0; i < 400; i++) {
      const svg = broken(sound[rng.int(sound.length)], rng);
      const expected = firstProblem(svg);
      const got = svgMarkupProblem(svg);
      if (got !== expected) expect(got, svg).toBe(expected);
      if (expected === '') passed++;
      else problems++;
    }
    // Both kinds occur, so the agreement is tested on each side of the verdict.
    expect(problems).toBeGreaterThan(100);
    expect(passed).toBeGreaterThan(10);
  });

  test('names each kind of problem', () => {
    const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" class="board">${inner}</svg>`;
    expect(svgMarkupProblem(svg('<g><rect x="1"/></g>'))).toBe('');
    // Only text is held to entities: an attribute's value may hold a bare '&'.
    expect(svgMarkupProblem(svg('<rect x="1" data-k="R&D"/><text>R&amp;D &#39;</text>'))).toBe('');
    expect(svgMarkupProblem(svg('<text>a > b</text>'))).toMatch(/^stray angle bracket before offset \d+: a > b/);
    expect(svgMarkupProblem(svg('<text>a < b</text>'))).toMatch(/^stray angle bracket before offset/);
    expect(svgMarkupProblem(svg('<text>R&D</text>'))).toMatch(/^unescaped & near offset \d+/);
    expect(svgMarkupProblem(svg('<rect x="1" x="2"/>'))).toMatch(/^an attribute given twice in <rect> at offset/);
    expect(svgMarkupProblem(svg('<g></text>'))).toMatch(/^<\/text> closes <g> at offset/);
    expect(svgMarkupProblem(svg('<g>').replace('</svg>', ''))).toBe('unclosed <svg>, <g>');
    expect(svgMarkupProblem(`${svg('')}>`)).toBe('stray angle bracket at the end');
    expect(svgMarkupProblem(svg('<a href="x"/>'))).toMatch(/^active content 'href=' at offset/);
    expect(svgMarkupProblem(svg('<rect style="fill:url(#p)"/>'))).toMatch(/^active content 'url\(' at offset/);
  });
});

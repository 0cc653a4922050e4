import { svgMarkupProblem } from '../core/svg-check.js';
import { describe, expect, test } from 'vitest';
import { Rng } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import { describeDecision, renderSvg } from './board.js';
import { SIDES, SUITS, SUIT_NAMES } from './components.js';
import { GLOSSARY } from './glossary.js';
import { promotion } from './index.js';
import { renderHtml } from './render.js';
import { RULES } from './rules-doc.js';
import { positionJson, type PromotionState } from './test-helpers.js';

/** Positions from seeded random games: every `every`-th decision and the final one. */
function positions(seed: number, every: number): PromotionState[] {
  const s = promotion.newGame({ players: 4, seed }) as PromotionState;
  const rng = Rng.fromSeed(`board-${seed}`);
  const out: PromotionState[] = [s.clone()];
  for (let step = 1; !s.isTerminal(); step++) {
    const legal = s.legalActions();
    s.applyAction(legal[rng.int(legal.length)]);
    if (step % every === 0 || s.isTerminal()) out.push(s.clone());
  }
  return out;
}

const ALL: PromotionState[] = [positions(1, 1), positions(2, 2), positions(3, 3), positions(4, 1)].flat();
const SEATS = [-1, 0, 1, 2, 3];

/** Sound markup (envs/core/svg-check.ts): balanced tags, no attribute twice, nothing active. */
function checkXml(svg: string): void {
  expect(svgMarkupProblem(svg)).toBe('');
}

const unescape = (s: string) =>
  s
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Every <text> (tspans joined) and <title> of an SVG, unescaped. */
function readable(svg: string): string[] {
  const out: string[] = [];
  for (const m of svg.matchAll(/<text[^>]*>([\s\S]*?)<\/text>/g)) out.push(m[1].replace(/<[^>]+>/g, ' '));
  for (const m of svg.matchAll(/<title[^>]*>([\s\S]*?)<\/title>/g)) out.push(m[1]);
  return out.map(unescape);
}

describe('renderSvg', () => {
  test('well-formed, inside svgBoard, readable sizes, and every piece titled', () => {
    expect(new Set(ALL.map((s) => s.view(-1).phase)).size).toBeGreaterThanOrEqual(6);
    for (const s of ALL) {
      for (const seat of SEATS) {
        const svg = renderSvg(s.view(seat));
        checkXml(svg);
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 640 ')).toBe(true);
        for (const m of svg.matchAll(/font-size="(\d+)"/g)) expect(Number(m[1])).toBeGreaterThanOrEqual(12);
        for (const m of svg.matchAll(/<g(?: transform="[^"]*")?>(<[a-z]+)/g)) expect(m[1]).toBe('<title');
      }
    }
  });

  test('a determinized world (other rows redrawn) draws the same board', () => {
    const rng = Rng.fromSeed('worlds');
    let hiddenRows = 0;
    for (const s of ALL) {
      for (let seat = 0; seat < 4; seat++) {
        const view = s.view(seat);
        if (view.phase === 'row' && view.committed.some((c, o) => c && o !== seat)) hiddenRows++;
        for (let i = 0; i < 3; i++) {
          const world = s.determinize(seat, rng);
          expect(renderSvg(world.view(seat))).toBe(renderSvg(view));
          expect(describeDecision(world.view(seat))).toBe(describeDecision(view));
        }
      }
    }
    expect(hiddenRows).toBeGreaterThan(10);
  });

  test("before the reveal another seat's row card is a back and its row is named nowhere", () => {
    const S0 = ['S5 H7 D8 C6', 'S6 H8 D5 C7', 'S7 H5 D6 C8', 'S8 H6 D7 C5'];
    const s = playNamed(promotion.fromJSON(positionJson({ fields: S0, orientation: 0, parent: 0 })), 'row 3', 'row 2');
    const theirs = readable(renderSvg(s.view(2))).join('\n');
    expect(theirs).toContain("Seat 0's row card, face down until all four are placed");
    expect(theirs).toContain("Seat 1's row card, face down until all four are placed");
    expect(theirs).not.toMatch(/Seat [01]'s row card: row/);
    expect(theirs).not.toMatch(/Seat [01] chose row/);
    const mine = readable(renderSvg(s.view(0))).join('\n');
    expect(mine).toContain("Seat 0 (you)'s row card: row 3 (hidden from others until all four are placed)");
    expect(mine).toContain('Seat 0 (you) chose row 3 (only you see this)');
    expect(mine).not.toMatch(/Seat 1's row card: row|Seat 1 chose row/);
    // After the reveal every row is public (seat 2 faces Change! on row 1, so the round waits for it).
    playNamed(s, 'row 1', 'row 4');
    expect(s.view(1).phase).toBe('change');
    const after = readable(renderSvg(s.view(1))).join('\n');
    expect(after).toMatch(/Seat 0's row card: row 3 \(revealed\)/);
    expect(after).toMatch(/Side α, facing Seat 0: .*; Seat 0 chose row 3$/m);
  });

  test('the viewer sits at the bottom with the left neighbour on the left; changed cards are marked', () => {
    const S0 = ['S5 H7 D8 C6', 'S6 H8 D5 C7', 'S7 H5 D6 C8', 'S8 H6 D7 C5'];
    const s = playNamed(promotion.fromJSON(positionJson({ fields: S0, orientation: 0, parent: 0 })), 'row 2', 'row 3');
    const placed = renderSvg(s.view(1));
    // Seat 1 faces δ (Wild!); its side is drawn upright (no rotation), seat 2's (left) turned 90°,
    // seat 0's (right) 270°.
    expect(placed).toMatch(/<g transform="translate\(320 [\d.]+\) rotate\(0\)"><title>Side δ, facing Seat 1 \(you\)/);
    expect(placed).toMatch(/rotate\(90\)"><title>Side γ, facing Seat 2:/);
    expect(placed).toMatch(/rotate\(270\)"><title>Side α, facing Seat 0:/);
    playNamed(s, 'row 2', 'row 4');
    const svg = renderSvg(s.view(1));
    // Scenario 3 of the rules: seat 1's S6 -> S10 and C7 -> C8 after its last decision (its row card).
    expect(unescape(svg)).toContain("Seat 1 (you)'s field card ♠10 (spades 10); changed since your last move");
  });
});

describe('describeDecision', () => {
  test("a sentence exactly when it is the viewer's turn", () => {
    const phases = new Set<string>();
    for (const s of ALL) {
      for (const seat of SEATS) {
        const view = s.view(seat);
        const text = describeDecision(view);
        const mine = !view.isOver && view.toAct === seat;
        expect(text !== '', `${view.phase} seat ${seat}`).toBe(mine);
        if (mine) {
          expect(text).toMatch(/^[A-Z].*\.$/);
          expect(text).not.toMatch(/undefined|NaN/);
          phases.add(view.phase);
        }
      }
    }
    expect(phases.size).toBeGreaterThanOrEqual(5);
  });
});

describe('glossary and rules', () => {
  const terms = GLOSSARY.map((g) => g.term);

  test('unique terms with text, covering every postcard side and suit', () => {
    expect(new Set(terms).size).toBe(terms.length);
    for (const g of GLOSSARY) {
      expect(g.text.length).toBeGreaterThan(10);
      expect(g.kind).not.toBe('');
    }
    for (const side of SIDES) expect(terms).toContain(side.effectLabel);
    for (const name of SUIT_NAMES) expect(terms).toContain(name);
    expect(GLOSSARY.find((g) => g.term === 'Down!')!.text).toContain('row 2 ♣♦, row 3 ♠♥, row 4 ♥♦');
  });

  test('every effect and suit the pages and action labels name is a glossary term with its text', () => {
    for (const s of ALL) {
      for (const seat of SEATS) {
        const view = s.view(seat);
        const pages = unescape(
          [renderSvg(view), renderHtml(view), ...s.legalActions().map((a) => s.actionToString(a))].join('\n'),
        );
        for (const side of SIDES) if (pages.includes(side.effectLabel)) expect(terms).toContain(side.effectLabel);
        for (const name of SUIT_NAMES) if (pages.includes(name)) expect(terms).toContain(name);
        for (const g of GLOSSARY) if (pages.includes(g.term)) expect(g.text).not.toBe('');
      }
    }
  });

  test('rules sections and tables generated from the game tables', () => {
    expect(RULES.sections.map((x) => x.heading)).toEqual(['Set-up', 'A turn', 'Scoring', 'The end']);
    const [postcard, effects, suits] = RULES.tables;
    expect(postcard.rows).toHaveLength(SIDES.length);
    expect(effects.rows).toHaveLength(SIDES.length);
    expect(suits.rows).toHaveLength(SUITS.length);
    for (const t of RULES.tables) for (const row of t.rows) expect(row).toHaveLength(t.columns.length);
    expect(postcard.rows[1]).toEqual(['β', '2: Down!', '♣♦', '♠♥', '♥♦']);
  });

  test('the definition exposes them', () => {
    expect(promotion.glossary).toBe(GLOSSARY);
    expect(promotion.rules).toBe(RULES);
    // defineGame wraps the game's functions; the rules it wraps are these.
    expect(promotion.kit.renderSvg).toBe(renderSvg);
    expect(promotion.kit.describeDecision).toBe(describeDecision);
  });
});

describe('renderHtml on a phone', () => {
  test('wide tables scroll inside their own box; the postcard table keeps its markup', () => {
    const S0 = ['S5 H7 D8 C6', 'S6 H8 D5 C7', 'S7 H5 D6 C8', 'S8 H6 D7 C5'];
    const s = playNamed(promotion.fromJSON(positionJson({ fields: S0, orientation: 0, parent: 0 })), 'row 3');
    const html = renderHtml(s.view(1));
    for (const cls of ['fields', 'supply', 'postcard'])
      expect(html).toContain(`<div style="overflow-x:auto"><table class="${cls}">`);
    const table = /<table class="postcard">([\s\S]*?)<\/table>/.exec(html)![1];
    expect(table).toContain(
      '<tr><th>seat 0</th><td>α (SPIN 90°)</td><td>♠♥</td><td>♣♦</td><td>♠♣</td><td>placed (hidden)</td></tr>',
    );
  });
});

import { describe, expect, test } from 'vitest';
import { Rng } from '../core/rng.js';
import { ACTIONS, ASSETS, BUSINESSES, CARD_TYPES, LUXURIES, SHAPES, TYPE_COUNT } from './components.js';
import { describeDecision, renderSvg } from './board.js';
import { GLOSSARY } from './glossary.js';
import { filthyrich } from './index.js';
import { renderHtml } from './render.js';
import { RULES } from './rules-doc.js';
import type { FilthyRichView } from './view.js';
import { BLUE, GREEN, RED, YELLOW, diceRng, load, type FilthyRichState, type PositionSpec } from './test-helpers.js';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Balanced tags, one root, no stray '<' or bare '&' in text: well-formed enough for an inline SVG. */
function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  let roots = 0;
  for (let m = tag.exec(xml); m !== null; m = tag.exec(xml)) {
    const between = xml.slice(last, m.index);
    if (/[<>]/.test(between)) problems.push(`stray angle bracket before offset ${m.index}: ${between.slice(0, 60)}`);
    if (/&(?!(amp|lt|gt|quot|#39|#\d+);)/.test(between)) problems.push(`bare & at ${m.index}`);
    last = tag.lastIndex;
    const [, close, name, , selfClose] = m;
    if (close) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open}> at ${m.index}`);
    } else if (!selfClose) {
      if (stack.length === 0) roots++;
      stack.push(name);
    }
  }
  if (xml.slice(last).trim() !== '') problems.push('text after the root');
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(' ')}`);
  if (roots !== 1) problems.push(`${roots} roots`);
  return problems;
}

/** Positions from seeded random games (2-5 players): the start, every 9th decision, and the end. */
function positions(): FilthyRichState[] {
  const out: FilthyRichState[] = [];
  for (let g = 0; g < 8; g++) {
    const players = 2 + (g % 4);
    const s = filthyrich.newGame({ players, seed: `board${g}` }) as FilthyRichState;
    const rng = Rng.fromSeed(`board-moves${g}`);
    let step = 0;
    out.push(s.clone());
    while (!s.isTerminal()) {
      const legal = s.legalActions();
      // Mostly play cards and place signs, so the binder fills up.
      const plays = legal.filter((a) => a >= 35 && a < 72);
      s.applyAction(plays.length > 0 && rng.next() < 0.7 ? plays[rng.int(plays.length)] : legal[rng.int(legal.length)]);
      if (++step % 9 === 0) out.push(s.clone());
    }
    out.push(s.clone());
  }
  return out;
}

const POSITIONS = positions();
const seatsOf = (s: FilthyRichState) => [-1, ...Array.from({ length: s.players }, (_, i) => i)];

/**
 * The card names a view shows anywhere: the own hand, known cards, the binder and tables, the discard pile, the log.
 */
function shownTypes(view: FilthyRichView): Set<number> {
  const types = new Set<number>([...view.hand, ...view.discard, ...view.known.flat()]);
  if (view.played >= 0) types.add(view.played);
  view.businessOwner.forEach((owner, b) => {
    if (owner >= 0) types.add(b);
  });
  for (const kinds of view.assets) for (const k of kinds) types.add(BUSINESSES.length + k);
  for (const e of view.log) {
    if (e.kind === 'play' || e.kind === 'discard') types.add(e.args[1]);
    if (e.kind === 'gain') types.add(e.args[2]);
    if (['place', 'sell', 'scout', 'fire', 'hit'].includes(e.kind)) types.add(e.args[1]);
  }
  return types;
}

const glossaryText = new Map(GLOSSARY.map((e) => [e.term, e.text]));

// Blue holds a Windfall and Political Connections nobody else sees, and a scouted Tornado Cleaners everybody knows.
const SPEC: PositionSpec = {
  phase: 'card',
  page: 2,
  cash: [12, 7, 20, 3],
  hands: ['B0 C5', 'B12 C3 A2', 'C2 C2', 'C6'],
  known: ['', 'B12', '', ''],
  businesses: ['B7 1 p1 a1', 'B10 2 p2 a3'],
  assets: ['', 'A6', '', 'A5'],
  luxuries: ['', 'L1', '', 'L0'],
  discard: 'C1 B4 C7',
  rng: diceRng(5),
};

describe('renderSvg', () => {
  test('is well-formed, uses svgBoard, and is the same for every world determinize gives the viewer', () => {
    expect(POSITIONS.length).toBeGreaterThan(40);
    let i = 0;
    for (const s of POSITIONS) {
      for (const seat of seatsOf(s)) {
        const view = s.view(seat);
        const svg = renderSvg(view);
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 720 ')).toBe(true);
        expect(xmlProblems(svg)).toEqual([]);
        expect(svg).not.toMatch(/<script|<foreignObject|href=/i);
        expect(filthyrich.renderSvg(view)).toBe(svg);
        if (seat >= 0) {
          const world = s.determinize(seat, Rng.fromSeed(`world${i++}`));
          expect(renderSvg(world.view(seat))).toBe(svg);
        }
      }
    }
  });

  test('never names a card the viewer cannot see (other hands and the deck are card backs)', () => {
    let checked = 0;
    for (const s of POSITIONS) {
      for (const seat of seatsOf(s)) {
        const view = s.view(seat);
        const svg = renderSvg(view);
        const shown = shownTypes(view);
        // Texts the board may legitimately print: glossary texts of shown cards and luxuries, and the decision.
        const mentions =
          [...shown].map((t) => glossaryText.get(CARD_TYPES[t].name) ?? '').join(' ') +
          LUXURIES.map((l) => glossaryText.get(l.name)).join(' ') +
          describeDecision(view);
        for (let t = 0; t < TYPE_COUNT; t++) {
          const name = CARD_TYPES[t].name;
          if (shown.has(t) || mentions.includes(name)) continue;
          checked++;
          expect(svg, `${name} is hidden from seat ${seat}`).not.toContain(esc(name));
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  test('shows the own hand face up, the others as backs, known cards, signs with owners, and who acts', () => {
    const s = load(SPEC);
    const red = renderSvg(s.view(RED));
    expect(red).toContain(`<title>${esc(`Lemonade Stand — ${glossaryText.get('Lemonade Stand')}`)}</title>`);
    expect(red).toContain('>Extra Shift<');
    expect(red).not.toContain('Windfall');
    expect(red).toContain('>Tornado Cleaners<'); // known to all (Business Scout)
    expect(red).toContain('a face-down card in Seat 1&#39;s hand');
    expect(red).toContain('TO ACT');
    expect(red).toContain('Your turn: Card action 1 of 2');
    // Murphy's Fish Market (Blue, page 1, slots 1+2) shows at page 2, with its glossary text in its title.
    expect(red).toContain(`<title>${esc(`Murphy's Fish Market — ${glossaryText.get("Murphy's Fish Market")}`)}`);
    expect(red).toContain('Seat 1 · page 1 · pays $3');
    const blue = renderSvg(s.view(BLUE));
    expect(blue).toContain('>Windfall<');
    expect(blue).toContain('>Political<'); // 'Political Connections' wraps on its card
    const spectator = renderSvg(s.view(-1));
    expect(spectator).not.toContain('Your hand');
    expect(spectator).not.toContain('Lemonade Stand');
  });

  test("marks what changed since the viewer's last decision", () => {
    const s = load({ ...SPEC, hands: ['B0 C5', 'B12 C3 A2', 'C2 C2', 'C6'] });
    // Red opens Lemonade Stand; Blue then sees it marked as new.
    const play = s.legalActions().find((a) => s.actionToString(a).startsWith('play Lemonade Stand')) as number;
    s.applyAction(play);
    s.applyAction(s.legalActions()[0]);
    const blue = renderSvg(s.view(BLUE));
    expect(blue).toContain('Opened since your last move.');
    expect(blue).toContain('Since your last move');
  });
});

describe('describeDecision', () => {
  test("is a sentence exactly when it is the viewer's turn", () => {
    const phases = new Set<string>();
    for (const s of POSITIONS) {
      for (const seat of seatsOf(s)) {
        const view = s.view(seat);
        const text = describeDecision(view);
        const mine = seat >= 0 && !view.isOver && view.toAct === seat;
        expect(text !== '', `${view.phase} seat ${seat} toAct ${view.toAct}`).toBe(mine);
        if (mine) {
          phases.add(view.phase);
          expect(text).toMatch(/^[A-Z].*\.$/);
          expect(text).not.toMatch(/undefined|NaN|-1/);
        }
        expect(filthyrich.describeDecision(view)).toBe(text);
      }
    }
    expect(phases.size).toBeGreaterThanOrEqual(5);
  });

  test('names the numbers that matter', () => {
    const s = load(SPEC);
    expect(describeDecision(s.view(RED))).toBe(
      'Card action 1 of 2: play a card from your hand or discard one for $1 (you may also sell a business first).',
    );
    expect(describeDecision(s.view(BLUE))).toBe('');
    const tax = load({
      phase: 'card',
      cash: [5, 10, 10, 10],
      hands: ['C5', '', '', ''],
      businesses: ['B12 0 p1 a1'],
      luxuries: ['L2', '', '', ''],
      rng: diceRng(0),
    });
    tax.applyAction(tax.legalActions().find((a) => tax.actionToString(a) === 'play Extra Shift') as number);
    expect(describeDecision(tax.view(RED))).toBe(
      'Tax ×1: you owe $4 on 4 $ symbols and have $5; sell businesses to raise money, or be done.',
    );
  });
});

describe('glossary and rules', () => {
  test('covers every card type and luxury, with unique terms and non-empty texts from the tables', () => {
    const terms = GLOSSARY.map((e) => e.term);
    expect(new Set(terms).size).toBe(terms.length);
    for (const t of CARD_TYPES) expect(glossaryText.get(t.name), t.name).toBeTruthy();
    for (const l of LUXURIES) expect(glossaryText.get(l.name)).toContain(`$${l.price}`);
    for (const b of BUSINESSES) expect(glossaryText.get(b.name)).toContain(`costs $${b.cost}`);
    for (const a of ASSETS) expect(glossaryText.get(a.name)).toContain(`costs $${a.cost}`);
    for (const e of GLOSSARY) expect(e.kind).toMatch(/^(business|asset|action|luxury)$/);
    expect(filthyrich.glossary).toBe(GLOSSARY);
  });

  test('every glossary term the pages print has a text', () => {
    let found = 0;
    for (const s of POSITIONS.filter((_, i) => i % 3 === 0)) {
      for (const seat of seatsOf(s)) {
        const pages = renderSvg(s.view(seat)) + renderHtml(s.view(seat));
        for (const e of GLOSSARY) {
          if (pages.includes(esc(e.term))) {
            found++;
            expect(e.text.length).toBeGreaterThan(20);
          }
        }
      }
    }
    expect(found).toBeGreaterThan(100);
  });

  test('the rules have the four sections and tables as long as the card tables', () => {
    const headings = RULES.sections.map((s) => s.heading);
    for (const h of ['Set-up', 'A turn', 'Scoring', 'The end']) expect(headings).toContain(h);
    expect(headings.indexOf('Set-up')).toBeLessThan(headings.indexOf('The end'));
    const rows = Object.fromEntries(RULES.tables.map((t) => [t.caption.split(' ')[0], t.rows.length]));
    expect(rows).toEqual({
      Businesses: BUSINESSES.length,
      Assets: ASSETS.length,
      Actions: ACTIONS.length,
      Luxuries: LUXURIES.length,
      Sign: SHAPES.length,
    });
    for (const t of RULES.tables) for (const row of t.rows) expect(row.length).toBe(t.columns.length);
    expect(filthyrich.rules).toBe(RULES);
  });
});

describe('renderHtml', () => {
  test(
    'shows the binder by name in one grid, with covered and ' + 'turned-away signs listed, and the hand with effects',
    () => {
      const s = load({ ...SPEC, businesses: ['B7 1 p1 a1', 'B10 2 p2 a3', 'B1 3 p4 a3'] });
      const html = renderHtml(s.view(RED));
      expect(html).not.toMatch(/\bB\d+\/\d/);
      expect(html.match(/<table class="binder"/g)).toHaveLength(1);
      expect(html).toContain('Murphy&#39;s Fish Market</span></b><br><small>seat 1 · page 1 · pays $3</small>');
      expect(html).toContain('(seat 3, page 4): slot 3 turned away');
      expect(html).toContain('<b>Lemonade Stand ($2)</b> <small');
      expect(html).toContain('roll one business die');
      expect(html).not.toContain('Windfall');
      for (const seat of [GREEN, YELLOW, -1]) expect(renderHtml(s.view(seat))).not.toContain('Windfall');
    },
  );
});

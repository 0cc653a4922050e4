import { svgMarkupProblem } from '../core/svg-check.js';
import { describe, expect, test } from 'vitest';
import { Rng } from '../core/rng.js';
import { describeDecision, renderSvg } from './board.js';
import { ACTION_CARD_NAMES, BALANCE_TICKETS, COMPLETION, INCOME_CARDS, KINDS } from './components.js';
import { GLOSSARY } from './glossary.js';
import { cityplan } from './index.js';
import { renderHtml } from './render.js';
import { RULES } from './rules-doc.js';
import { readable as readableJson, type CityPlanState } from './test-helpers.js';
import type { CityPlanView } from './view.js';

/** Positions from seeded random games: every `every`-th decision and the final one. */
function positions(players: number, seed: number, every: number): CityPlanState[] {
  const s = cityplan.newGame({ players, seed }) as CityPlanState;
  const rng = Rng.fromSeed(`board-${seed}`);
  const out: CityPlanState[] = [s.clone()];
  for (let step = 1; !s.isTerminal(); step++) {
    const legal = s.legalActions();
    s.applyAction(legal[rng.int(legal.length)]);
    if (step % every === 0 || s.isTerminal()) out.push(s.clone());
  }
  return out;
}

const GAMES: CityPlanState[][] = [positions(2, 1, 9), positions(3, 2, 13), positions(5, 3, 23)];
const ALL = GAMES.flat();

/** Sound markup (envs/core/svg-check.ts): balanced tags, no attribute twice, nothing active. */
function checkXml(svg: string): void {
  expect(svgMarkupProblem(svg)).toBe('');
}

/** The words a reader of the SVG gets: every <text> (its tspans joined by spaces) and every <title>. */
function readable(svg: string): string[] {
  const out: string[] = [];
  for (const m of svg.matchAll(/<text[^>]*>([\s\S]*?)<\/text>/g))
    out.push(m[1].replace(/<\/tspan>\s*<tspan[^>]*>/g, ' ').replace(/<[^>]+>/g, ''));
  for (const m of svg.matchAll(/<title[^>]*>([\s\S]*?)<\/title>/g)) out.push(m[1]);
  return out.map(unescape);
}

const unescape = (s: string) =>
  s
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Kinds the view shows: hand, cities, own and face-up discards, set-aside, pending build, bonus cards,
 * builds in the log.
 */
function visibleKinds(v: CityPlanView): Set<number> {
  const kinds = new Set<number>([
    ...v.hand,
    ...v.cities.flat(),
    ...v.ownDiscards,
    ...v.publicDiscards,
    ...v.ownSetAside,
  ]);
  if (v.pending !== null) kinds.add(v.pending.kind);
  for (const f of v.final ?? []) for (const k of f.bonusCards) kinds.add(k);
  for (const e of v.log) if (e[0] === 'build') kinds.add(e[3]);
  return kinds;
}

interface Hidden {
  hands: number[][];
  deck: number[];
  discard: { bySeat: number[][] };
  setAside: number[];
}

describe('renderSvg', () => {
  test('well-formed, inside svgBoard, readable sizes, and every piece titled', () => {
    for (const s of ALL) {
      for (let seat = -1; seat < s.players; seat++) {
        const svg = renderSvg(s.view(seat));
        checkXml(svg);
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 640 ')).toBe(true);
        for (const m of svg.matchAll(/font-size="(\d+)"/g)) expect(Number(m[1])).toBeGreaterThanOrEqual(12);
        for (const m of svg.matchAll(/<g>(<[a-z]+)/g)) expect(m[1]).toBe('<title');
      }
    }
  });

  test('a determinized world draws the same board (the board is a function of the view)', () => {
    const rng = Rng.fromSeed('worlds');
    for (const s of ALL) {
      for (let seat = -1; seat < s.players; seat++) {
        if (seat < 0) continue;
        const view = s.view(seat);
        const world = s.determinize(seat, rng);
        expect(renderSvg(world.view(seat))).toBe(renderSvg(view));
        expect(describeDecision(world.view(seat))).toBe(describeDecision(view));
      }
    }
  });

  test("no card the viewer cannot see is named: other hands, the deck, others' discards and set-aside cards", () => {
    let checked = 0;
    for (const s of ALL) {
      const json = readableJson(s) as unknown as Hidden;
      for (let seat = -1; seat < s.players; seat++) {
        const view = s.view(seat);
        const visible = visibleKinds(view);
        const hiddenKinds = new Set<number>(
          [
            ...json.hands.filter((_, i) => i !== seat).flat(),
            ...json.deck,
            ...json.discard.bySeat.filter((_, i) => i !== seat).flat(),
            ...(view.toAct === seat ? [] : json.setAside),
          ].filter((k) => !visible.has(k)),
        );
        // Longer visible names first, so 'Wind Farm' does not leave a 'Farm' behind.
        const names = [...visible].map((k) => KINDS[k].name).sort((a, b) => b.length - a.length);
        const shown = readable(renderSvg(view))
          .map((line) => names.reduce((acc, n) => acc.split(n).join('#'), line))
          .join('\n');
        for (const k of hiddenKinds) {
          expect(shown, `seat ${seat} sees ${KINDS[k].name}`).not.toContain(KINDS[k].name);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  test("hidden action cards are backs until the reveal; the viewer's own choice is face up", () => {
    const s = cityplan.newGame({ players: 3, seed: 5 }) as CityPlanState;
    const first = s.currentPlayer();
    s.applyAction(2); // Council
    const other = (first + 1) % 3;
    const theirs = renderSvg(s.view(other));
    expect(theirs).toContain(`Seat ${first}: action card chosen, face down until everyone has chosen`);
    expect(theirs).not.toContain('revealed this turn');
    expect(readable(theirs).join('\n')).not.toMatch(/^(Income|Exchange|Council): .*(chosen|your choice)/m);
    expect(readable(renderSvg(s.view(first))).join('\n')).toMatch(/^Council: .*your choice, hidden from the others/m);
  });

  test("the seat to act is marked and what was built since the viewer's last move is highlighted", () => {
    const s = ALL.find((x) => {
      const v = x.view(0);
      return !v.isOver && v.log.slice(v.lastMove[0]).some((e) => e[0] === 'build' && e[2] !== 0);
    });
    expect(s).toBeDefined();
    const svg = renderSvg(s!.view(0));
    expect(svg).toContain('(new since your last move)');
    expect(svg).toMatch(/to act/);
  });
});

describe('describeDecision', () => {
  test("a sentence exactly when it is the viewer's turn", () => {
    const phases = new Set<string>();
    for (const s of ALL) {
      for (let seat = -1; seat < s.players; seat++) {
        const view = s.view(seat);
        const text = describeDecision(view);
        const mine = !view.isOver && view.toAct === seat;
        expect(text !== '', `${view.phase} seat ${seat}`).toBe(mine);
        if (mine) {
          expect(text).toMatch(/^[A-Z].*\.$/);
          phases.add(view.phase);
        }
      }
    }
    expect(phases.size).toBeGreaterThanOrEqual(4);
  });
});

describe('glossary and rules', () => {
  const terms = GLOSSARY.map((g) => g.term);

  test('unique terms with text, covering every building, action card and income card', () => {
    expect(new Set(terms).size).toBe(terms.length);
    for (const g of GLOSSARY) {
      expect(g.text.length).toBeGreaterThan(10);
      expect(g.kind).not.toBe('');
    }
    for (const name of [...KINDS.map((k) => k.name), ...ACTION_CARD_NAMES, ...INCOME_CARDS.map((c) => c.name)])
      expect(terms).toContain(name);
    expect(GLOSSARY.find((g) => g.term === 'Department Store')!.text).toBe(
      'Commercial: costs 3 cards and 4 power; 6 points; City Bonus value 1; 2 copies in the deck.',
    );
    expect(GLOSSARY.find((g) => g.term === 'Gas Power Plant')!.text).toContain('gives 10 power chips when built');
  });

  test('every building the pages name is a glossary term, and every term they show has its text', () => {
    for (const s of ALL) {
      for (let seat = -1; seat < s.players; seat++) {
        const view = s.view(seat);
        const pages = unescape([renderSvg(view), renderHtml(view)].join('\n'));
        for (const k of visibleKinds(view)) {
          if (!pages.includes(KINDS[k].name)) continue;
          expect(terms).toContain(KINDS[k].name);
        }
        for (const g of GLOSSARY) if (pages.includes(g.term)) expect(g.text).not.toBe('');
        for (const k of view.hand) expect(pages).toContain(KINDS[k].name);
      }
    }
  });

  test('the building titles carry the glossary text', () => {
    const s = ALL[ALL.length - 1];
    const svg = renderSvg(s.view(0));
    for (const k of s.view(0).cities.flat()) {
      expect(svg).toContain(`<title>${`${KINDS[k].name}: ${GLOSSARY[k].text}`.replace(/'/g, '&#39;')}`);
    }
  });

  test('rules sections and tables generated from the game tables', () => {
    expect(RULES.sections.map((x) => x.heading)).toEqual(['Set-up', 'A turn', 'Scoring', 'The end']);
    const [buildings, actions, income, completion, balance] = RULES.tables;
    expect(buildings.rows).toHaveLength(KINDS.length);
    expect(actions.rows).toHaveLength(ACTION_CARD_NAMES.length);
    expect(income.rows).toHaveLength(INCOME_CARDS.length);
    expect(completion.rows).toHaveLength(COMPLETION.length);
    expect(balance.rows).toHaveLength(BALANCE_TICKETS.length);
    for (const t of RULES.tables) for (const row of t.rows) expect(row).toHaveLength(t.columns.length);
    expect(buildings.rows[KINDS.findIndex((k) => k.name === 'Nuclear Power Plant')]).toEqual([
      'Nuclear Power Plant',
      'P',
      '',
      1,
      4,
      '+18',
      -2,
      0,
      '',
    ]);
  });

  test('the definition exposes them', () => {
    expect(cityplan.glossary).toBe(GLOSSARY);
    expect(cityplan.rules).toBe(RULES);
    expect(cityplan.kit.renderSvg).toBe(renderSvg);
  });
});

describe('renderHtml on a phone', () => {
  test('wide tables scroll inside their own box', () => {
    const end = ALL[ALL.length - 1].view(0);
    const html = renderHtml(end);
    expect(html).toContain('<div style="overflow-x:auto"><table class="cities">');
    expect(html).toContain('<div style="overflow-x:auto"><table class="final">');
  });
});

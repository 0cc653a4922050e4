import { svgMarkupProblem } from '../core/svg-check.js';
import { describe, expect, test } from 'vitest';
import { svgText } from '../core/board.js';
import { Rng } from '../core/rng.js';
import {
  CITIES,
  CRT,
  INFLUENCE_TILES,
  LOCATIONS,
  LOCATION_COUNT,
  POWERS,
  SPECIALS,
  UNIT_TYPES,
  locationLabel,
  tileLabel,
  unitLabel,
} from './components.js';
import { citySummary, explain } from './glossary.js';
import { perikles } from './index.js';
import { renderHtml } from './render.js';
import { type PeriklesState, load, loc, table } from './test-helpers.js';
import { type PeriklesView } from './view.js';

/** Positions of seeded random games: every 23rd decision and the end, for 3, 4 and 5 players. */
function positions(): PeriklesState[] {
  const out: PeriklesState[] = [];
  for (const players of [3, 4, 5]) {
    const s = perikles.newGame({ players, seed: `board${players}` });
    const rng = Rng.fromSeed(`board-moves${players}`);
    let step = 0;
    while (!s.isTerminal()) {
      if (step % 23 === 0) out.push(s.clone());
      const legal = s.legalActions();
      s.applyAction(legal[rng.int(legal.length)]);
      step++;
    }
    out.push(s.clone());
  }
  return out;
}
const POSITIONS = positions();
const seatsOf = (s: PeriklesState) => [-1, ...Array.from({ length: s.players }, (_, p) => p)];

/** Sound markup: the shared check (envs/core/svg-check.ts). */
const wellFormed = svgMarkupProblem;

/** The text a page shows: element content and titles, without tags. */
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Every name a page may print for a component. */
const NAMES = [
  ...CITIES,
  ...POWERS,
  ...LOCATIONS.map((l) => locationLabel(l.id)),
  ...INFLUENCE_TILES.map((t) => tileLabel(t.id)),
  ...SPECIALS,
  ...POWERS.flatMap((_, p) => UNIT_TYPES.map((__, type) => unitLabel(p, type))),
  ...CRT.map((c) => c.name),
];

describe('renderSvg', () => {
  test(
    'well-formed, one svgBoard root, readable sizes, no scripts or ' +
      'external resources, for every seat and the spectator',
    () => {
      for (const s of POSITIONS) {
        for (const seat of seatsOf(s)) {
          const svg = perikles.renderSvg(s.view(seat));
          expect(wellFormed(svg)).toBe('');
          expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 780 ')).toBe(true);
          expect(svg.match(/<svg /g)).toHaveLength(1);
          expect(svg).not.toMatch(/<script|<foreignObject|href=|url\(|undefined|NaN/);
          for (const m of svg.matchAll(/font-size="([\d.]+)"/g)) expect(Number(m[1])).toBeGreaterThanOrEqual(12);
        }
      }
    },
  );

  test('privacy: a determinized world draws the same board for its seat', () => {
    const rng = Rng.fromSeed('board-worlds');
    for (const s of POSITIONS) {
      for (const seat of seatsOf(s)) {
        const world = s.determinize(seat, rng);
        expect(perikles.renderSvg(world.view(seat))).toBe(perikles.renderSvg(s.view(seat)));
      }
    }
  });

  test('hidden things are never named: others’ unused Special tiles, the set-aside ones, the Location deck', () => {
    let checked = 0;
    for (const s of POSITIONS) {
      const t = table(s);
      for (const seat of seatsOf(s)) {
        const view = s.view(seat);
        const svg = perikles.renderSvg(view);
        // Known to this seat: its own tile, used tiles, and a tile the windows asked have pinned down (§6).
        const visible = new Set(
          view.specials.flatMap((sp) => (sp.tile >= 0 ? [sp.tile] : sp.possible.length === 1 ? sp.possible : [])),
        );
        for (let k = 0; k < SPECIALS.length; k++) {
          if (visible.has(k)) continue;
          expect(svg, `seat ${seat} sees ${SPECIALS[k]}`).not.toContain(SPECIALS[k]);
          checked++;
        }
        // The deck's order is hidden: no Location still in it is named.
        for (let i = t.locPos; i < LOCATION_COUNT; i++) expect(svg).not.toContain(svgText(locationLabel(t.locDeck[i])));
        view.specials.forEach((sp, other) => {
          if (sp.tile < 0) expect(svg).toContain(`seat ${other}: face-down Special tile (unused)`);
        });
        if (seat >= 0) expect(svg).toContain(SPECIALS[t.special[seat]]);
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  test('face-down counters show power and type only; the Location’s battle turns them face up', () => {
    const json = {
      phase: 'commit' as const,
      decision: 'selectCounter' as const,
      actor: 1,
      progress: { commitSeat: 1, stage: 1 },
      leaders: [-1, 1, -1, -1, 0, -1],
      locations: [
        loc('Attica'),
        loc('Naupactus'),
        loc('Delium'),
        loc('Pylos'),
        loc('Mantinea'),
        loc('Corcyra'),
        loc('Megara'),
      ],
      held: [[14], [15], [16], [17]],
      specials: [4, 5, 6, 7],
      mainAttackers: [0, -1, -1, -1, -1, -1, -1],
      committed: [{ slot: 0, side: 'attack' as const, ally: false, counter: 'Sparta H4' }],
    };
    const s = load(json);
    const blue = perikles.renderSvg(s.view(1));
    expect(blue).toContain('Spartan hoplite, face down: its strength is hidden until the battle');
    expect(blue).not.toContain('Spartan hoplite 4');
    expect(perikles.renderSvg(s.view(0))).toContain('Spartan hoplite 4: ');
    expect(blue).toContain('Megara (Location)');
  });

  test('shows who is to act and marks what changed since the viewer’s last move', () => {
    const s = POSITIONS.find((p) => !p.isTerminal() && p.view(p.currentPlayer()).log.some((e) => e[0] === 'cubes'))!;
    const actor = s.currentPlayer();
    const svg = perikles.renderSvg(s.view(actor));
    expect(svg).toContain('Your turn: ');
    expect(svg).toContain('changed since your last move');
    const other = (actor + 1) % s.players;
    expect(perikles.renderSvg(s.view(other))).toContain(`seat ${actor} is to act: `);
  });
});

describe('describeDecision', () => {
  test('a sentence exactly when it is the viewer’s turn', () => {
    for (const s of POSITIONS) {
      for (const seat of seatsOf(s)) {
        const view: PeriklesView = s.view(seat);
        const sentence = perikles.describeDecision(view);
        const mine = !view.isOver && seat >= 0 && view.toAct === seat;
        expect(sentence !== '', `${view.decision} for seat ${seat}`).toBe(mine);
        if (mine) expect(sentence).toMatch(/^[A-Z].*\.$/);
      }
    }
  });
});

describe('glossary', () => {
  test(
    'unique terms with text, covering every city, Location, Influence ' +
      'tile, Special tile, counter and combat column',
    () => {
      const terms = perikles.glossary.map((e) => e.term);
      expect(new Set(terms).size).toBe(terms.length);
      for (const e of perikles.glossary) {
        expect(e.text.length, e.term).toBeGreaterThan(10);
        expect(e.kind.length).toBeGreaterThan(0);
      }
      for (const name of NAMES) expect(terms, name).toContain(name);
      expect(explain('Sicily')).toContain('7 VP');
      expect(explain('Sparta')).toContain('5, 4, 3, 2');
      expect(explain('Athens (2 cubes)')).toContain('3 in the game');
      expect(explain('Persian hoplite')).toContain('2, 2, 3, 3, 3, 3');
    },
  );

  test('every component name on a page is a glossary term, and the board’s titles carry its text', () => {
    const terms = new Map(perikles.glossary.map((e) => [e.term, e.text]));
    for (const s of POSITIONS) {
      for (const seat of [-1, 0]) {
        const view = s.view(seat);
        const svg = perikles.renderSvg(view);
        for (const markup of [svg, renderHtml(view)]) {
          const shown = textOf(markup);
          for (const name of NAMES) if (shown.includes(name)) expect(terms.get(name), name).toBeTruthy();
        }
        for (const slot of view.locations) {
          if (slot === null) continue;
          const name = locationLabel(slot.location);
          expect(svg).toContain(svgText(`${name}: ${explain(name)}`));
        }
        for (const id of view.display)
          if (id >= 0) expect(svg).toContain(svgText(`${tileLabel(id)} (display slot ${view.display.indexOf(id)}): `));
        for (const [c, name] of CITIES.entries()) expect(svg).toContain(svgText(`${name}: ${citySummary(c)}`));
      }
    }
  });
});

describe('rules', () => {
  test('sections in order and tables as long as the tables they come from', () => {
    const { sections, tables, intro } = perikles.rules;
    expect(intro.length).toBeGreaterThan(100);
    expect(sections.map((x) => x.heading).slice(0, 4)).toEqual(['Set-up', 'A turn', 'Scoring', 'The end']);
    const rows = (caption: string) => tables.find((t) => t.caption.startsWith(caption))!.rows;
    expect(rows('Cities')).toHaveLength(CITIES.length);
    expect(rows('Armies')).toHaveLength(POWERS.length);
    expect(rows('Armies').reduce((n, r) => n + Number(r[3]), 0)).toBe(71);
    expect(rows('Location tiles')).toHaveLength(LOCATIONS.length);
    expect(rows('Influence tiles')).toHaveLength(new Set(INFLUENCE_TILES.map((t) => tileLabel(t.id))).size);
    expect(rows('Influence tiles').reduce((n, r) => n + Number(r[1]), 0)).toBe(INFLUENCE_TILES.length);
    expect(rows('Special tiles')).toHaveLength(SPECIALS.length);
    expect(rows('Combat results')).toHaveLength(CRT.length);
    for (const t of tables) for (const r of t.rows) expect(r).toHaveLength(t.columns.length);
  });
});

describe('renderHtml', () => {
  test('armies as a table that says which numbers are strengths and which are counts', () => {
    const s = POSITIONS.find(
      (p) => p.view(0).phase === 'commit' && p.view(0).controlled.length > 0 && p.view(0).controlled.length < 7,
    )!;
    const html = renderHtml(s.view(0));
    expect(html).not.toContain('<pre');
    expect(html).toContain('<table class="armies">');
    expect(html).toMatch(/your pool: (\d+ counters?, strengths [\d ]+|empty)/);
    expect(html).toMatch(/Leader’s pool: \d+ counters? \(strengths hidden\)/);
    expect(html).toContain('<table class="scores">');
  });
});

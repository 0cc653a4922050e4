/**
 * The board for people (board.ts): the SVG is well formed, a function of the view only (so equal for
 * every determinized world), never names a card the viewer cannot see; the glossary and the rules
 * page come from the tables; the decision sentence is there exactly when the viewer decides.
 */
import { describe, expect, test } from 'vitest';
import { escapeHtml } from '../core/html.js';
import { Rng } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import { CARD_NAMES, GLOSSARY, RULES, describeDecision, renderSvg, turnOptions } from './board.js';
import { AD_KINDS, INDUSTRY_NAMES, ITEM_KINDS, SETS, SET_TYPES, SET_TYPE_NAMES } from './components.js';
import { philadelphia } from './index.js';
import { logEntry } from './events.js';
import { decisionDetails, formatLogEntry, renderHtml, statusLine } from './render.js';
import { A_ACQUIRE_MENU, A_EXPLORE, A_PASS, A_POST_MENU, A_PURCHASE_MENU, A_SUBMIT } from './actions.js';
import type { PhiladelphiaState, PhiladelphiaView } from './index.js';
import { json as readable, load } from './test-helpers.js';

const VOID = new Set(['br']);

/** Balanced tags (a stack checker), escaped text, and nothing that loads or runs anything. */
function checkMarkup(markup: string): void {
  const stack: string[] = [];
  for (const m of markup.matchAll(/<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g)) {
    const [, close, name, , selfClose] = m;
    if (selfClose === '/' || VOID.has(name)) continue;
    if (close === '') stack.push(name);
    else expect(stack.pop(), `closing </${name}>`).toBe(name);
  }
  expect(stack).toEqual([]);
  // Every & starts an entity; no < or > outside tags.
  expect(markup.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toContain('&');
  expect(markup.replace(/<[^>]*>/g, '')).not.toMatch(/[<>]/);
  expect(markup).not.toMatch(/<script|<foreignObject|href=|url\(|on[a-z]+=/i);
}

/** The visible text of markup (tags dropped, entities decoded). */
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * Positions of a seeded random game: every `every`-th decision, the first time each kind of decision
 * (and a display of revealed cards, a Submit in progress) comes up, and the end.
 */
function positions(players: number, seed: string, every: number, max = 2000): PhiladelphiaState[] {
  const rng = Rng.fromSeed(seed);
  const s = philadelphia.newGame({ players, seed }) as PhiladelphiaState;
  const out: PhiladelphiaState[] = [s.clone()];
  const seen = new Set<string>();
  for (let i = 1; i <= max && !s.isTerminal(); i++) {
    const legal = s.legalActions();
    s.applyAction(legal[rng.int(legal.length)]);
    const v = s.view(-1);
    const what = `${v.decision.context}/${v.revealed.length > 0}/${v.submitting.length > 0}/${v.items.active >= 0}`;
    if (i % every === 0 || s.isTerminal() || !seen.has(what)) out.push(s.clone());
    seen.add(what);
  }
  return out;
}

const GAMES = [...positions(2, 'board-2', 23), ...positions(3, 'board-3', 37), ...positions(4, 'board-4', 41)];

const seatsOf = (s: PhiladelphiaState) => [...Array.from({ length: s.players }, (_, i) => i), -1];

/** Every card kind the view shows or names anywhere (its own data and its public log). */
function visibleKinds(view: PhiladelphiaView): Set<number> {
  const kinds = new Set<number>([
    ...(view.hand ?? []),
    ...view.known.flat(),
    ...view.fieldKinds.flat(),
    ...view.revealed.map(([k]) => k),
    ...view.submitting.flatMap((id) => SETS[id].kinds),
  ]);
  view.adDiscard.forEach((c, k) => {
    if (c > 0) kinds.add(k);
  });
  const words = [
    statusLine(view),
    ...decisionDetails(view),
    ...view.log.map((r) => formatLogEntry(view, logEntry(r))),
  ].join('\n');
  AD_KINDS.forEach((k) => {
    if (words.includes(k.name)) kinds.add(k.id);
  });
  return kinds;
}

describe('renderSvg', () => {
  test("is well formed, inside svgBoard's root, readable at phone width, for every seat and the spectator", () => {
    for (const s of GAMES) {
      for (const seat of seatsOf(s)) {
        const svg = renderSvg(s.view(seat));
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 600 ')).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        checkMarkup(svg);
        for (const m of svg.matchAll(/font-size="([\d.]+)"/g)) expect(Number(m[1])).toBeGreaterThanOrEqual(12);
      }
    }
  });

  test('is a function of the view: every determinized world draws the same board', () => {
    const rng = Rng.fromSeed('board-worlds');
    for (const s of GAMES) {
      for (let seat = 0; seat < s.players; seat++) {
        const view = s.view(seat);
        const world = s.determinize(seat, rng.fork(`w${seat}`));
        expect(renderSvg(world.view(seat))).toBe(renderSvg(view));
        expect(renderHtml(world.view(seat))).toBe(renderHtml(view));
      }
    }
  });

  test('never names a card that is only in other hands (unknown) or in the deck', () => {
    let checked = 0;
    for (const s of GAMES) {
      const json = readable(s);
      for (let seat = 0; seat < s.players; seat++) {
        const view = s.view(seat);
        const hidden = new Set<string>(json.adDeck);
        json.hands.forEach((hand, p) => {
          if (p === seat) return;
          const known = [...json.known[p]];
          for (const name of hand) {
            const i = known.indexOf(name);
            if (i >= 0) known.splice(i, 1);
            else hidden.add(name);
          }
        });
        const seen = visibleKinds(view);
        const svg = renderSvg(view);
        for (const name of hidden) {
          if (seen.has(AD_KINDS.findIndex((k) => k.name === name))) continue;
          checked++;
          expect(svg, `seat ${seat} sees ${name}`).not.toContain(escapeHtml(name));
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  test(
    "an opponent's unknown cards are backs, its known cards " + 'are face up; the own hand is face up with its details',
    () => {
      const s = load({
        hands: [
          ['Cafe', 'Bank'],
          ['Hotel', 'Miner', 'Pilot'],
        ],
        known: [[], ['Pilot']],
        fields: [['Fisher:1'], ['Airline:2']],
      });
      const mine = renderSvg(s.view(0));
      expect(mine).not.toMatch(/Hotel|Miner/);
      expect(mine).toContain('<title>Pilot (known card in seat 1&#39;s hand)');
      expect(mine.match(/<title>face-down card in Seat 1&#39;s hand<\/title>/g)).toHaveLength(2);
      expect(mine).toContain('<title>Cafe (in your hand):');
      // The field: owner, slot, markers against the contract, and the glossary text.
      expect(mine).toContain(
        `<title>Fisher (Seat 0 (you)&#39;s field, slot 0): 1 month marker of a 2-month ` +
          `contract. ${escapeHtml(GLOSSARY.find((g) => g.term === 'Fisher')?.text ?? '?')}</title>`,
      );
      expect(mine).toContain('<title>Airline (Seat 1&#39;s field, slot 0): 2 month markers of a 3-month contract.');
      const theirs = renderSvg(s.view(1));
      expect(theirs).toMatch(/Hotel/);
      expect(theirs).not.toMatch(/Cafe|Bank/);
      const spectator = renderSvg(s.view(-1));
      expect(spectator).not.toMatch(/Hotel|Miner|Cafe|Bank|\(you\)/);
      expect(spectator).toContain('Pilot');
    },
  );

  test("marks the ads posted since the viewer's last decision and who is to act", () => {
    const s = load({ hands: [['Cafe', 'Bank'], ['Hotel']], round: 2 });
    playNamed(s, 'post...', 'post Cafe (cost 1)');
    const theirs = renderSvg(s.view(1));
    expect(theirs).toContain('<title>Cafe (Seat 0&#39;s field, slot 0, new since your last decision)');
    expect(theirs).toContain('Since your last decision');
    expect(theirs).toContain('seat 0 posts Cafe (cost 1)');
    expect(theirs).toContain('▶ to act');
    expect(renderSvg(s.view(0))).toContain('▶ your decision');
  });
});

describe('describeDecision', () => {
  const MAIN_KINDS: Record<number, string> = {
    [A_EXPLORE]: 'explore',
    [A_ACQUIRE_MENU]: 'acquire cards',
    [A_POST_MENU]: 'post an ad',
    [A_PURCHASE_MENU]: 'purchase an item',
    [A_SUBMIT]: 'submit sets',
  };

  test('is a sentence exactly when the viewer is to act', () => {
    for (const s of GAMES) {
      for (const seat of seatsOf(s)) {
        const view = s.view(seat);
        const sentence = describeDecision(view);
        const mine = !view.isOver && seat >= 0 && s.currentPlayer() === seat;
        expect(sentence !== '', `seat ${seat}, ${view.decision.context}`).toBe(mine);
        if (mine) expect(sentence).toMatch(/^[A-Z].*[.]$/);
      }
    }
  });

  test("a turn's choice names exactly the legal kinds of action, or the forced pass", () => {
    let mains = 0;
    for (const s of GAMES) {
      if (s.isTerminal() || s.view(-1).decision.context !== 'MAIN') continue;
      const view = s.view(s.currentPlayer());
      const legal = s.legalActions();
      const expected = legal
        .filter((a) => a !== A_PASS)
        .map((a) => MAIN_KINDS[a])
        .sort();
      expect(turnOptions(view).sort()).toEqual(expected);
      expect(describeDecision(view)).toContain(legal.includes(A_PASS) ? 'pass' : 'action of 2');
      mains++;
    }
    expect(mains).toBeGreaterThan(5);
  });
});

describe('glossary and rules', () => {
  test('terms are unique, every text is non-empty, and every card, item, industry and set is covered', () => {
    const terms = GLOSSARY.map((g) => g.term);
    expect(new Set(terms).size).toBe(terms.length);
    for (const g of GLOSSARY) {
      expect(g.text.length).toBeGreaterThan(10);
      expect(g.kind).not.toBe('');
    }
    for (const name of [
      ...AD_KINDS.map((k) => k.name),
      ...ITEM_KINDS.map((k) => k.name),
      ...INDUSTRY_NAMES,
      ...SET_TYPES.map((t) => SET_TYPE_NAMES[t]),
    ]) {
      expect(terms).toContain(name);
    }
  });

  test('the numbers of every card come from the card table', () => {
    for (const k of AD_KINDS) {
      const text = GLOSSARY.find((g) => g.term === k.name)?.text ?? '';
      expect(text).toContain(
        `Posting cost ${k.cost} gold; pays ${k.reward} gold when established; contract ${k.period} month`,
      );
      expect(text).toContain(`${k.copies} cop`);
      for (const f of k.faces) expect(text).toMatch(new RegExp(`die roll of [^.]*${f}`));
    }
    for (const it of ITEM_KINDS.slice(0, -1))
      expect(GLOSSARY.find((g) => g.term === it.name)?.text).toContain(`price ${it.cost} gold`);
  });

  test('every card or item name the pages show has a glossary entry', () => {
    const terms = new Map(GLOSSARY.map((g) => [g.term, g.text]));
    const shown = new Set<string>();
    for (const s of GAMES) {
      for (const seat of seatsOf(s)) {
        const text = textOf(renderSvg(s.view(seat))) + textOf(renderHtml(s.view(seat)));
        for (const name of CARD_NAMES) if (text.includes(name)) shown.add(name);
        for (const g of GLOSSARY) if (text.includes(g.term)) expect(g.text).not.toBe('');
      }
    }
    expect(shown.size).toBeGreaterThan(30);
    for (const name of shown) expect(terms.get(name)).toBeTruthy();
  });

  test('the rules page has the four sections and one table row per card, item, set and industry', () => {
    const headings = RULES.sections.map((s) => s.heading);
    for (const h of ['Set-up', 'A turn', 'Scoring', 'The end']) expect(headings).toContain(h);
    expect(RULES.intro.length).toBeGreaterThan(100);
    const [ads, items, sets, industries] = RULES.tables;
    expect(ads.rows).toHaveLength(AD_KINDS.length);
    expect(items.rows).toHaveLength(ITEM_KINDS.length);
    expect(sets.rows).toHaveLength(SET_TYPES.length);
    expect(industries.rows).toHaveLength(INDUSTRY_NAMES.length);
    for (const t of RULES.tables) for (const row of t.rows) expect(row).toHaveLength(t.columns.length);
    expect(ads.rows.map((r) => r[0])).toEqual(AD_KINDS.map((k) => k.name));
    expect(ads.rows.map((r) => r[4])).toEqual(AD_KINDS.map((k) => k.cost));
  });

  test('the definition wires the board in', () => {
    // defineGame (envs/core) wraps each rules function; the rules it was given hold these very ones.
    expect(philadelphia.kit.renderSvg).toBe(renderSvg);
    expect(philadelphia.kit.describeDecision).toBe(describeDecision);
    const view = philadelphia.newGame({ players: 2, seed: 'wired' }).view(0);
    expect(philadelphia.renderSvg(view)).toBe(renderSvg(view));
    expect(philadelphia.describeDecision(view)).toBe(describeDecision(view));
    expect(philadelphia.glossary).toBe(GLOSSARY);
    expect(philadelphia.rules).toBe(RULES);
  });
});

describe('renderHtml for phones', () => {
  test(
    'is well formed, every table scrolls in its own box ' + 'and has at most 4 columns, cards carry their numbers',
    () => {
      for (const s of GAMES.filter((_, i) => i % 3 === 0)) {
        for (const seat of seatsOf(s)) {
          const html = renderHtml(s.view(seat));
          checkMarkup(html);
          const tables = html.match(/<table/g)?.length ?? 0;
          expect(html.match(/<div style="overflow-x:auto"><table/g)?.length ?? 0).toBe(tables);
          for (const row of html.match(/<tr[^>]*>.*?<\/tr>/g) ?? [])
            expect(row.match(/<t[hd][ >]/g)?.length ?? 0).toBeLessThanOrEqual(4);
        }
      }
      const s = load({ hands: [['Cafe', 'Cafe'], ['Hotel']], fields: [['Farmer:1'], []] });
      const html = renderHtml(s.view(0));
      expect(html).toContain(
        '<tr><td>0</td><td><strong>Farmer</strong><br><small>Primary ' +
          'Industry · cost 1 · reward 3 gold · established on die 2 or 5',
      );
      expect(html).toContain('<td>1 of 4</td>');
      expect(html).toContain(
        '<strong>Cafe ×2</strong> — Food &amp; Leisure; posting cost 1 gold, reward 4 gold, 3-month ' +
          'contract, established on a die roll of 1 or 4. While posted: each time you post another ad, gain 1 gold.',
      );
    },
  );
});

test('the markup checker itself rejects unbalanced tags, raw ampersands and scripts', () => {
  expect(() => checkMarkup('<g><rect></g>')).toThrow();
  expect(() => checkMarkup('<g>Food & Leisure</g>')).toThrow();
  expect(() => checkMarkup('<g><script></script></g>')).toThrow();
  expect(() => checkMarkup('<g><rect x="1"/><text>a &amp; b</text></g>')).not.toThrow();
});

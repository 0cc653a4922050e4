/**
 * The conformance checker's checks of what people read (envs/core/checker.ts runs them): the rules
 * page, the glossary, the observation layout and the drawn board. The project's suites hold every
 * registered game to these (test/rules-docs.test.ts, test/boards.test.ts); checking them here too
 * tells a new game's author at the first `checkGame`, with what to fix, instead of in a later suite.
 */
import type { StateViews } from './checker.js';
import type { GameDefinition, GameState } from './game.js';
import { svgMarkupProblem } from './svg-check.js';

/** The sections every rules page has, by these exact headings (the arena links to them). */
const RULES_SECTIONS = ['Set-up', 'A turn', 'The end'] as const;

/** Drawing elements a board must have more than: an empty frame with a title is not a board. */
const MIN_DRAWING_ELEMENTS = 8;

/** Rules sections, glossary and observation layout: properties of the definition alone. */
export function checkPresentation(def: GameDefinition): void {
  const headings = def.rules.sections.map((s) => s.heading);
  const quoted = (list: readonly string[]) => list.map((s) => `'${s}'`).join(', ') || 'none';
  for (const h of RULES_SECTIONS) {
    if (!headings.includes(h)) {
      throw new Error(
        `rules: no section headed '${h}' (rules-doc.ts; every rules page has ${quoted(RULES_SECTIONS)}; ` +
          `this one has ${quoted(headings)})`,
      );
    }
  }
  const terms = new Set<string>();
  for (const g of def.glossary) {
    if (terms.has(g.term)) throw new Error(`glossary: the term '${g.term}' is listed twice (glossary.ts)`);
    terms.add(g.term);
    if (g.text.length <= 10) throw new Error(`glossary: '${g.term}' is not explained ('${g.text}'; glossary.ts)`);
  }
  for (let players = def.minPlayers; players <= def.maxPlayers; players++) {
    const layout = def.observationLayout(players);
    const names = new Set<string>();
    let offset = 0;
    for (const s of layout) {
      const where = `observation layout (${players} players), segment '${s.name}'`;
      if (s.offset !== offset) throw new Error(`${where} starts at ${s.offset}; the segments before end at ${offset}`);
      if (!(s.size > 0)) throw new Error(`${where} has size ${s.size}`);
      if (s.meaning.trim().length <= 5) throw new Error(`${where} has no meaning (say what its values are)`);
      if (names.has(s.name)) throw new Error(`${where} is named twice`);
      names.add(s.name);
      offset += s.size;
    }
    if (offset !== def.observationSize(players)) {
      throw new Error(
        `observation layout (${players} players): the segments cover ${offset} values; ` +
          `observationSize is ${def.observationSize(players)}`,
      );
    }
  }
}

/**
 * The drawn board of every seat and the spectator: sound, inert SVG of the board class with more than
 * a frame, a plain-text description; and a decision sentence for a seat exactly when it is to act.
 */
export function checkBoards(def: GameDefinition, state: GameState, views: StateViews): void {
  for (let seat = -1; seat < state.players; seat++) {
    const view = seat < 0 ? views.spectator : views.seats[seat];
    const svg = def.renderSvg(view);
    const where = `renderSvg(view(${seat}))`;
    if (!svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" class="board"')) {
      throw new Error(
        `${where} does not start with <svg xmlns="http://www.w3.org/2000/svg" class="board" (use svgBoard)`,
      );
    }
    const problem = svgMarkupProblem(svg);
    if (problem !== '') throw new Error(`${where} is not sound SVG: ${problem}`);
    const elements = (svg.match(/<(rect|circle|path|line|polygon|text)\b/g) ?? []).length;
    if (elements <= MIN_DRAWING_ELEMENTS) {
      throw new Error(
        `${where} has ${elements} drawing elements (rect, circle, path, line, polygon, text); ` +
          `a board has more than ${MIN_DRAWING_ELEMENTS}`,
      );
    }
    const desc = /<desc[^>]*>([\s\S]*?)<\/desc>/.exec(svg)?.[1] ?? '';
    if (/&lt;|</.test(desc)) throw new Error(`${where}: the <desc> holds markup; it is plain text for screen readers`);
    if (seat >= 0 && (def.describeDecision(view) !== '') !== (state.currentPlayer() === seat)) {
      throw new Error(
        `describeDecision(view(${seat})) is '${def.describeDecision(view)}' while seat ${state.currentPlayer()} ` +
          'is to act: one sentence for the seat to act, and empty for every other seat',
      );
    }
  }
}

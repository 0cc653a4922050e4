import type { GameDefinition } from '../../envs/index.js';
import { esc, layout } from './layout.js';

/**
 * A game's rules for players, from its own RulesDoc: the text in the project's words and the card
 * tables generated from the code, then the reference of every card, tile and item.
 */
export function rulesPage(def: GameDefinition, games: GameDefinition[]): string {
  const r = def.rules;
  const sections = r.sections
    .map((s) => `<h2>${esc(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}`)
    .join('');
  const tables = r.tables
    .map(
      (t) =>
        `<h3>${esc(t.caption)}</h3><div class="scroll"><table>` +
        `<tr>${t.columns.map((c) => `<th>${esc(c)}</th>`).join('')}</tr>` +
        `${t.rows.map((row) => `<tr>${row.map((cell) => `<td>${esc(String(cell))}</td>`).join('')}</tr>`).join('')}` +
        '</table></div>',
    )
    .join('');
  const kinds = [...new Set(def.glossary.map((g) => g.kind))];
  const glossary = kinds
    .map(
      (kind) =>
        `<h3>${esc(kind)}</h3><dl class="glossary">${def.glossary
          .filter((g) => g.kind === kind)
          .map(
            (g) => `<dt id="${esc(`term-${g.term.replace(/\s+/g, '-')}`)}">${esc(g.term)}</dt><dd>${esc(g.text)}</dd>`,
          )
          .join('')}</dl>`,
    )
    .join('');
  const others = games
    .map((g) =>
      g.name === def.name
        ? `<strong>${esc(g.title)}</strong>`
        : `<a href="/games/${encodeURIComponent(g.name)}/rules">${esc(g.title)}</a>`,
    )
    .join(' · ');
  const body =
    `<p>${others}</p><h1>${esc(def.title)}: the rules</h1><p>${esc(r.intro)}</p>` +
    '<p class="muted">' +
    `${def.minPlayers === def.maxPlayers ? def.minPlayers : `${def.minPlayers} to ${def.maxPlayers}`} players. ` +
    `<a href="/?game=${encodeURIComponent(def.name)}">Play ${esc(def.title)} against the bots</a></p>` +
    sections +
    (tables ? `<h2>Tables</h2>${tables}` : '') +
    (glossary ? `<h2>Reference</h2>${glossary}` : '');
  return layout(`${def.title} rules`, body);
}

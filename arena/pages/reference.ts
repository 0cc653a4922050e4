import type { GlossaryEntry } from '../../envs/index.js';
import { esc } from './layout.js';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patterns = new WeakMap<
  readonly GlossaryEntry[],
  { entry: GlossaryEntry; plain: string; escaped: string; pattern: RegExp }[]
>();

/** The glossary entries whose names appear in a text (as whole words, in the text's escaped or plain form). */
export function termsIn(text: string, glossary: readonly GlossaryEntry[]): GlossaryEntry[] {
  let compiled = patterns.get(glossary);
  if (!compiled) {
    compiled = glossary.map((entry) => {
      const plain = entry.term;
      // The text may be HTML: match the name as written there too (&#39; for an apostrophe...).
      const escaped = esc(plain);
      const pattern = new RegExp(
        `(?<![\\p{L}\\p{N}])(?:${escapeRegExp(plain)}|${escapeRegExp(escaped)})(?![\\p{L}\\p{N}])`,
        'u',
      );
      return { entry, plain, escaped, pattern };
    });
    patterns.set(glossary, compiled);
  }
  // A substring search first: most names are absent from a page, and the pattern (whole words, in
  // Unicode) can only match where one of the two forms occurs.
  return compiled
    .filter((c) => (text.includes(c.plain) || text.includes(c.escaped)) && c.pattern.test(text))
    .map((c) => c.entry);
}

/** A definition list explaining every glossary name found in `text`, or '' when none is. */
export function referenceList(glossary: readonly GlossaryEntry[], text: string): string {
  const found = termsIn(text, glossary);
  if (found.length === 0) return '';
  return `<dl class="glossary">${found
    .map((g) => `<dt>${esc(g.term)} <span class="muted">${esc(g.kind)}</span></dt><dd>${esc(g.text)}</dd>`)
    .join('')}</dl>`;
}

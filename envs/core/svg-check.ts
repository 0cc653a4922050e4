/**
 * What a test checks of every drawn board: enough XML for a browser to parse it (balanced tags, no
 * attribute given twice, text escaped) and nothing active (scripts, foreign content, links or
 * external URLs). Returns '' for a sound SVG, else the first problem found, with where.
 *
 * The checker calls this on every seat's board at every step of thousands of games, so a sound board
 * is confirmed by one forward scan (`soundMarkup`), and only a board with a problem goes through the
 * regular-expression walk (`firstProblem`) that names it. Both accept exactly the same boards (a fuzz
 * test holds them equal on mutated boards).
 */
export function svgMarkupProblem(svg: string): string {
  return soundMarkup(svg) ? '' : firstProblem(svg);
}

// A tag (sticky: at a given offset), its attribute names, an entity at a given offset, active content.
const TAG = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>/;
const TAG_AT = new RegExp(TAG.source, 'y');
const ATTRIBUTE_NAME = /([\w:-]+)="/g;
const ENTITY_AT = /&(amp|lt|gt|quot|#39|#\d+);/y;
const ACTIVE = /<script|<foreignObject|\bhref=|url\(/i;

/** True when firstProblem would return ''; false when it would name a problem. */
function soundMarkup(svg: string): boolean {
  const stack: string[] = [];
  let last = 0;
  // The next '&' at or after `last`, found once and kept until the scan passes it (a board with no
  // '&' would otherwise be searched to its end at every tag).
  let amp = svg.indexOf('&');
  for (;;) {
    const lt = svg.indexOf('<', last);
    const end = lt < 0 ? svg.length : lt;
    // The text before the next tag (or the end): no '>' and, before a tag, every '&' an entity.
    const gt = svg.indexOf('>', last);
    if (gt >= 0 && gt < end) return false;
    if (lt < 0) break;
    // An '&' inside the last tag (an attribute's value) is not text: look again from its end.
    if (amp >= 0 && amp < last) amp = svg.indexOf('&', last);
    for (; amp >= 0 && amp < lt; amp = svg.indexOf('&', amp + 1)) {
      ENTITY_AT.lastIndex = amp;
      if (!ENTITY_AT.test(svg)) return false;
    }
    // Every '<' starts a tag: a '<' that does not is text holding an angle bracket.
    TAG_AT.lastIndex = lt;
    const m = TAG_AT.exec(svg);
    if (m === null) return false;
    last = TAG_AT.lastIndex;
    const [, close, name, attributes, self] = m;
    if (attributes.length > 0 && attributeTwice(attributes)) return false;
    if (self) continue;
    if (close) {
      if (stack.pop() !== name) return false;
    } else stack.push(name);
  }
  return stack.length === 0 && !ACTIVE.test(svg);
}

function attributeTwice(attributes: string): boolean {
  const names: string[] = [];
  ATTRIBUTE_NAME.lastIndex = 0;
  for (let a = ATTRIBUTE_NAME.exec(attributes); a !== null; a = ATTRIBUTE_NAME.exec(attributes)) {
    if (names.includes(a[1])) return true;
    names.push(a[1]);
  }
  return false;
}

/** The first problem of the markup, named with its offset ('' when there is none). */
export function firstProblem(svg: string): string {
  const stack: string[] = [];
  const tag = new RegExp(TAG.source, 'g');
  let last = 0;
  for (let m = tag.exec(svg); m !== null; m = tag.exec(svg)) {
    const between = svg.slice(last, m.index);
    if (/[<>]/.test(between)) return `stray angle bracket before offset ${m.index}: ${between.slice(0, 60)}`;
    if (/&(?!(amp|lt|gt|quot|#39|#\d+);)/.test(between)) return `unescaped & near offset ${m.index}`;
    last = tag.lastIndex;
    const [, close, name, attributes, self] = m;
    const names = [...attributes.matchAll(new RegExp(ATTRIBUTE_NAME))].map((a) => a[1]);
    if (new Set(names).size !== names.length) return `an attribute given twice in <${name}> at offset ${m.index}`;
    if (self) continue;
    if (close) {
      const open = stack.pop();
      if (open !== name) return `</${name}> closes <${open ?? 'nothing'}> at offset ${m.index}`;
    } else stack.push(name);
  }
  if (/[<>]/.test(svg.slice(last))) return 'stray angle bracket at the end';
  if (stack.length > 0) return `unclosed <${stack.join('>, <')}>`;
  const active = ACTIVE.exec(svg);
  return active ? `active content '${active[0]}' at offset ${active.index}` : '';
}

/**
 * What a test checks of every drawn board: enough XML for a browser to parse it (balanced tags, no
 * attribute given twice, text escaped) and nothing active (scripts, foreign content, links or
 * external URLs). Returns '' for a sound SVG, else the first problem found, with where.
 */
export function svgMarkupProblem(svg: string): string {
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(svg); m !== null; m = tag.exec(svg)) {
    const between = svg.slice(last, m.index);
    if (/[<>]/.test(between)) return `stray angle bracket before offset ${m.index}: ${between.slice(0, 60)}`;
    if (/&(?!(amp|lt|gt|quot|#39|#\d+);)/.test(between)) return `unescaped & near offset ${m.index}`;
    last = tag.lastIndex;
    const [, close, name, attributes, self] = m;
    const names = [...attributes.matchAll(/([\w:-]+)="/g)].map((a) => a[1]);
    if (new Set(names).size !== names.length) return `an attribute given twice in <${name}> at offset ${m.index}`;
    if (self) continue;
    if (close) {
      const open = stack.pop();
      if (open !== name) return `</${name}> closes <${open ?? 'nothing'}> at offset ${m.index}`;
    } else stack.push(name);
  }
  if (/[<>]/.test(svg.slice(last))) return 'stray angle bracket at the end';
  if (stack.length > 0) return `unclosed <${stack.join('>, <')}>`;
  const active = /<script|<foreignObject|\bhref=|url\(/i.exec(svg);
  return active ? `active content '${active[0]}' at offset ${active.index}` : '';
}

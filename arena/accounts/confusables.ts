import { CONFUSABLE_PROTOTYPES } from './confusables-data.js';

/**
 * UTS #39 confusable skeletons (Unicode Security Mechanisms, section 4): two strings whose skeletons
 * are equal look alike (Cyrillic 'а' and Latin 'a', '0' and 'O', 'I' and 'l', 'rn' and 'm'). The
 * skeleton is not meant to be read: it only compares. The table is Unicode's confusables.txt,
 * generated into confusables-data.ts by scripts/confusables.ts.
 */

let prototypes: Map<number, string> | undefined;

/** The table, parsed on first use (about 6,500 code points). */
function table(): Map<number, string> {
  if (prototypes) return prototypes;
  const map = new Map<number, string>();
  for (const line of CONFUSABLE_PROTOTYPES) {
    for (const group of line.split(';')) {
      const [prototype, sources] = group.split(':');
      const text = String.fromCodePoint(...prototype.split('+').map((h) => parseInt(h, 16)));
      for (const source of sources.split(' ')) map.set(parseInt(source, 16), text);
    }
  }
  prototypes = map;
  return map;
}

/** skeleton(X): NFD, every code point replaced by its prototype, NFD again (UTS #39, section 4). */
export function skeleton(text: string): string {
  const map = table();
  let out = '';
  for (const ch of text.normalize('NFD')) out += map.get(ch.codePointAt(0)!) ?? ch;
  return out.normalize('NFD');
}

import { describe, expect, test } from 'vitest';
import { CONFUSABLES_VERSION, CONFUSABLE_PROTOTYPES } from './confusables-data.js';
import { skeleton } from './confusables.js';

/** Every source code point of the generated table, in the order written. */
const sources = CONFUSABLE_PROTOTYPES.flatMap((line) =>
  line.split(';').flatMap((group) =>
    group
      .split(':')[1]
      .split(' ')
      .map((h) => parseInt(h, 16)),
  ),
);

describe('the confusables table', () => {
  test("is Unicode 17.0.0's confusables.txt: 6,565 mappings, each code point once", () => {
    expect(CONFUSABLES_VERSION).toBe('17.0.0');
    expect(sources).toHaveLength(6565);
    expect(new Set(sources).size).toBe(sources.length);
  });
});

describe('skeleton (UTS #39, section 4)', () => {
  test.each([
    ['Cyrillic раураl', '\u0440\u0430\u0443\u0440\u0430l', 'paypal'],
    ['0 and O', '0', 'O'],
    ['1, I and | and l', '1I|', 'lll'],
    ['m and rn', 'm', 'rn'],
    ['Greek capital alpha', '\u0391', 'A'],
    ['fullwidth and mathematical letters', 'Ａ𝐀', 'AA'],
    ['a decomposed accent, kept', 'e\u0301', 'e\u0301'],
  ])('%s', (_what, text, expected) => {
    expect(skeleton(text)).toBe(expected);
  });

  test('letters without a look-alike are themselves', () => {
    expect(skeleton('abcdefghjknpqrstuvwxyz')).toBe('abcdefghjknpqrstuvwxyz');
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { AgoraError } from '../../envs/index.js';
import { nameKeyOf } from '../store/store.js';
import { guestName, isGuestName, normalizeName } from './names.js';

function refusal(raw: unknown, kind: 'person' | 'bot' = 'person'): AgoraError {
  try {
    normalizeName(raw, kind);
  } catch (err) {
    if (err instanceof AgoraError) return err;
    throw err;
  }
  throw new Error(`expected ${JSON.stringify(raw)} to be refused`);
}

describe('normalizeName refuses', () => {
  test.each([
    ['NUL', 'ab\u0000c', /control character U\+0000/],
    ['ESC', 'ab\u001b[31mc', /control character U\+001B/],
    ['a tab', 'Ann\tLee', /control character U\+0009 \(a tab\)/],
    ['a leading tab (not trimmed away)', '\tAnn', /control character U\+0009/],
    ['a line break', 'Ann\nLee', /U\+000A \(a line break\)/],
    ['right-to-left override', 'evil\u202Etxt.exe', /invisible or direction-changing character U\+202E/],
    ['a bidi isolate', 'a\u2066b', /U\+2066/],
    ['pop directional isolate', 'a\u2069b', /U\+2069/],
    ['left-to-right mark', 'a\u200Eb', /U\+200E/],
    ['right-to-left mark', 'a\u200Fb', /U\+200F/],
    ['Arabic letter mark', 'a\u061Cb', /U\+061C/],
    ['zero-width space', 'random\u200B', /invisible or direction-changing character U\+200B/],
    ['zero-width joiner', 'a\u200Db', /U\+200D/],
    ['zero-width non-joiner', 'a\u200Cb', /U\+200C/],
    ['a BOM', '\uFEFFAnn', /U\+FEFF/],
    ['a line separator', 'a\u2028b', /space character other than a plain space U\+2028/],
    ['private use', 'a\uE000b', /private-use or broken character U\+E000/],
    ['a lone surrogate', 'a\uD800b', /U\+D800/],
    ['markup', '<script>', /starts with '<'|contains '<' \(U\+003C\)/],
    ['markup inside', 'a<b>', /contains '<' \(U\+003C\), which is not allowed/],
    ['an at sign', 'me@example', /contains '@'/],
    ['an emoji', 'cat 🐈', /contains '🐈' \(U\+1F408\)/],
    ['a leading hyphen', '-Ann', /starts with '-'/],
    ['a leading apostrophe', "'Ann", /starts with '''/],
    ['a leading combining mark', '\u0301Ann', /starts with a combining mark U\+0301/],
    ['a pile of combining marks', 'Z\u0301\u0302\u0303\u0304\u0305\u0306', /more than 4 combining marks in a row/],
    ['the empty string', '', /is empty/],
    ['only spaces', '   ', /is only spaces/],
    ['only an ideographic space', '\u3000', /is only spaces/],
    ['41 characters', 'a'.repeat(41), /is 41 characters long/],
    ['a megabyte', 'a'.repeat(1_000_000), /characters long/],
    ['agent-spec punctuation', 'mcts:iterations=200', /contains ':'/],
    ['a number', 42, /must be text; got number/],
    ['null', null, /must be text; got null/],
    // Issue 33: characters that render as nothing, each a Default_Ignorable_Code_Point.
    ['a variation selector U+FE0F', 'Ann\uFE0F', /invisible character U\+FE0F, which renders as nothing/],
    ['the combining grapheme joiner U+034F', 'An\u034Fn', /invisible character U\+034F/],
    ['Khmer vowel inherent AQ U+17B4', 'An\u17B4n', /invisible character U\+17B4/],
    ['Khmer vowel inherent AA U+17B5', 'An\u17B5n', /invisible character U\+17B5/],
    ['a Mongolian variation selector', 'An\u180Bn', /invisible character U\+180B/],
    ['a variation selector supplement', 'Ann\u{E0100}', /invisible character U\+E0100/],
    ['a tag character', 'Ann\u{E0041}', /U\+E0041 \(a Default_Ignorable_Code_Point\)/],
    ['a soft hyphen', 'An\u00ADn', /invisible or direction-changing character U\+00AD/],
    ['only the Hangul filler U+3164', '\u3164', /Hangul filler U\+3164, which renders blank/],
    ['three Hangul fillers', '\u3164\u3164\u3164', /Hangul filler U\+3164/],
    ['the Hangul choseong filler U+115F', 'A\u115Fn', /Hangul filler U\+115F/],
    ['the Hangul jungseong filler U+1160', 'An\u1160', /Hangul filler U\+1160/],
    ['the halfwidth Hangul filler U+FFA0 (named as typed, before NFKC)', '\uFFA0Ann', /Hangul filler U\+FFA0/],
    ['the blank braille pattern U+2800', '\u2800', /blank braille pattern U\+2800, which renders blank/],
    ['a name made of blank braille', 'Ann \u2800\u2800', /blank braille pattern U\+2800/],
  ])('%s', (_what, raw, message) => {
    const err = refusal(raw);
    expect(err.code).toBe('bad_request');
    expect(err.message).toMatch(/^name: /);
    expect(err.message).toMatch(message);
    expect(err.message).toContain(
      "allowed: 1 to 40 letters, digits, spaces and _ . ' -, starting with a letter or digit",
    );
  });

  test.each([['guest-abc123'], ['Guest-Ann'], ['ＧＵＥＳＴ－ann']])(
    '%s: guest names are reserved for guests',
    (raw) => {
      expect(refusal(raw).message).toMatch(/names starting with 'guest-' are reserved for guests/);
    },
  );

  test('bots: 60 characters, and no more', () => {
    expect(normalizeName('b'.repeat(60), 'bot').name).toHaveLength(60);
    expect(refusal('b'.repeat(61), 'bot').message).toMatch(/is 61 characters long.*1 to 60/);
  });
});

describe('normalizeName accepts', () => {
  test.each([
    ['Zoë', 'Zoë'],
    ['Zoe\u0308 (decomposed)', 'Zoë'],
    ['José-María', 'José-María'],
    ['李雷', '李雷'],
    ["O'Brien", "O'Brien"],
    ['कृष्ण (Devanagari with virama and vowel sign)', 'कृष्ण'],
    ['Ελένη', 'Ελένη'],
    ['محمد', 'محمد'],
    ['R2_D2.v3', 'R2_D2.v3'],
    ['  padded   and   spaced  ', 'padded and spaced'],
    ['Ann\u00A0Lee (NBSP becomes a space)', 'Ann Lee'],
    ['Ann\u3000Lee (ideographic space)', 'Ann Lee'],
    ['ﬁne (ligature)', 'fine'],
    ['ａｌｉｃｅ (fullwidth)', 'alice'],
    ['7 Samurai', '7 Samurai'],
    ['guesthouse', 'guesthouse'],
  ])('%s', (label, expected) => {
    const raw = label.replace(/ \(.*\)$/, '');
    expect(normalizeName(raw, 'person').name).toBe(expected);
  });

  test('bots follow the same rules, and may start with guest-', () => {
    expect(normalizeName('Deep Thought 2', 'bot')).toEqual({ name: 'Deep Thought 2', key: 'deep thought 2' });
    expect(refusal('mcts:iterations=200', 'bot').message).toMatch(/contains ':'.*1 to 60 letters/);
    expect(normalizeName('guest-bot', 'bot').name).toBe('guest-bot');
  });
});

describe('keys', () => {
  const key = (name: string) => normalizeName(name, 'person').key;

  test('case, width and compatibility forms share one key', () => {
    const forms = ['Alice', 'ALICE', 'alice', 'ａｌｉｃｅ', 'ＡＬＩＣＥ'];
    expect(new Set(forms.map(key)).size).toBe(1);
    expect(key('Straße')).toBe(key('STRASSE'));
    expect(key('ΟΔΥΣΣΕΥΣ')).toBe(key('Οδυσσευς'));
    expect(key('Zoe\u0308')).toBe(key('ZOË'));
  });

  test.each([
    ['Cyrillic а and Latin a', 'p\u0430ypal', 'paypal'],
    ['Cyrillic раураl and Latin paypal', '\u0440\u0430\u0443\u0440\u0430l', 'paypal'],
    ['Cyrillic capitals and Latin', '\u0412\u041E\u0412', 'BOB'],
    ['Greek capitals and Latin', '\u0391\u039D\u039D\u0391', 'Anna'],
    ['0 and O', 'B0b', 'BOB'],
    ['0 and o', 'b0b', 'bob'],
    ['1 and l', 'Wi11', 'Will'],
    ['I and l', 'WilI', 'Will'],
    ['1 and I', 'Wi1I', 'WiII'],
    ['rn and m', 'Torn', 'Tom'],
    ['mathematical bold and plain (NFKC)', '𝐁𝐨𝐛', 'Bob'],
  ])('%s look alike: one key (UTS #39 skeletons)', (_what, a, b) => {
    expect(key(a)).toBe(key(b));
  });

  test.each([
    ['Bob', 'Rob'],
    ['Ann', 'Anne'],
    ['Zoë', 'Zoe'],
    ['李雷', '李雪'],
  ])('%s and %s stay two names', (a, b) => {
    expect(key(a)).not.toBe(key(b));
  });

  test("the name keeps its case; the key is the store's nameKeyOf, and a key's key is itself", () => {
    const { name, key: k } = normalizeName('Alice', 'person');
    expect(name).toBe('Alice');
    expect(k).toBe(nameKeyOf('Alice'));
    expect(nameKeyOf(k)).toBe(k);
    expect(key('Bob')).not.toBe(k);
  });

  test('every letter, mark and digit reaches its key within the rounds, case and look-alikes folded', () => {
    for (let cp = 0x20; cp < 0x30000; cp++) {
      const ch = String.fromCodePoint(cp);
      if (!/^[\p{L}\p{M}\p{N}]$/u.test(ch)) continue;
      const k = nameKeyOf(ch);
      if (nameKeyOf(k) !== k) throw new Error(`U+${cp.toString(16)}: the key of its key differs`);
      if (nameKeyOf(ch.toUpperCase()) !== k || nameKeyOf(ch.toLowerCase()) !== k)
        throw new Error(`U+${cp.toString(16)}: its other case has another key`);
    }
  });
});

describe('guest names', () => {
  test('guest- and six characters from the bytes given', () => {
    expect(guestName(Uint8Array.from([0, 1, 31, 32, 255, 10]))).toBe('guest-01z0za');
    const name = guestName(randomBytes(6));
    expect(name).toMatch(/^guest-[0-9a-z]{6}$/);
    expect(isGuestName(name)).toBe(true);
  });

  test('too few bytes is refused', () => {
    expect(() => guestName(new Uint8Array(5))).toThrow(/at least 6 random bytes; got 5/);
  });

  test('isGuestName takes only the exact generated form', () => {
    for (const name of ['guest-', 'guest-abc', 'Guest-abc123', 'guest-abc1234', 'guest-abcil0', 'alice', 42]) {
      expect(isGuestName(name)).toBe(false);
    }
  });

  test('a person cannot register a generated guest name', () => {
    expect(refusal(guestName(randomBytes(6))).message).toMatch(/reserved for guests/);
  });
});

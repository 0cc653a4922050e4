import { AgoraError } from '../../envs/index.js';
import { nameKeyOf } from '../store/store.js';

/**
 * Display names of people and bots. A name is shown to other people (leaderboards, match pages,
 * replays), so it must not be able to hide characters, render blank, reverse the text around it or
 * pose as someone else by differing only in case, width or look-alike letters. Rules, in order:
 *  1. Nothing that renders as nothing: every Default_Ignorable_Code_Point (zero-width characters,
 *     variation selectors, the combining grapheme joiner, Khmer's inherent vowels, the Hangul
 *     fillers...) and the blank braille pattern U+2800 are refused, named by code point.
 *  2. NFKC, so fullwidth, ligature and other compatibility forms become their plain letters, and
 *     every Unicode space (NBSP, ideographic space, en quad...) becomes a plain space (so NBSP
 *     is accepted, as a space).
 *  3. Leading and trailing plain spaces are dropped and runs of them become one. Only U+0020:
 *     String#trim would also silently drop tabs, line breaks and the BOM, which are refused instead.
 *  4. What remains may hold only letters, combining marks (never first, at most 4 in a row, so
 *     "Zalgo" text cannot spill over other rows), digits, space and _ . ' -, and starts with a
 *     letter or digit. The same characters for people and bots (bots may be 60 long): the
 *     operator's roster bots, named after their specs (`mcts:iterations=200`), do not come through
 *     here, so an account's bot cannot dress up as one of them.
 * Uniqueness compares keys (nameKeyOf in arena/store/store.ts): case, width and Unicode's
 * confusables (UTS #39 skeletons) are folded, so Latin 'a' and Cyrillic 'а' make one name.
 */

export type NameKind = 'person' | 'bot';

export const NAME_MAX = { person: 40, bot: 60 } as const;

/** The prefix of generated guest names; people cannot register a name whose key starts with it. */
const GUEST_PREFIX = 'guest-';

const MAX_MARK_RUN = 4;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const MARK = /^\p{M}$/u;
const PUNCTUATION = "_.'-";

function allowedText(kind: NameKind): string {
  return `allowed: 1 to ${NAME_MAX[kind]} letters, digits, spaces and _ . ' -, starting with a letter or digit`;
}

const hex = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** Letters that render as blank space (all Default_Ignorable_Code_Points too; named in the message). */
const HANGUL_FILLERS = new Set([0x115f, 0x1160, 0x3164, 0xffa0]);
/** U+2800 BRAILLE PATTERN BLANK: a symbol (refused anyway), but the classic "empty name" trick, so named. */
const BRAILLE_BLANK = 0x2800;
const DEFAULT_IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const FORMAT = /^\p{Cf}$/u;

/** Why a character that renders as nothing (or blank) is refused, or undefined for any other. */
function invisible(ch: string): string | undefined {
  const cp = ch.codePointAt(0)!;
  if (HANGUL_FILLERS.has(cp))
    return `contains a Hangul filler ${hex(cp)}, which renders blank (a Default_Ignorable_Code_Point)`;
  if (cp === BRAILLE_BLANK) return `contains the blank braille pattern ${hex(cp)}, which renders blank`;
  if (!DEFAULT_IGNORABLE.test(ch)) return undefined;
  // Format characters keep their older wording: some also reorder the text around them (bidi controls).
  if (FORMAT.test(ch))
    return `contains an invisible or direction-changing character ${hex(cp)} (a Default_Ignorable_Code_Point)`;
  return `contains an invisible character ${hex(cp)}, which renders as nothing (a Default_Ignorable_Code_Point)`;
}

/** Why one character is refused, naming it by code point (invisible ones cannot be quoted usefully). */
function describeRefused(ch: string): string {
  const code = hex(ch.codePointAt(0)!);
  if (/\p{Cc}/u.test(ch))
    return (
      `contains a control character ${code}` +
      `${ch === '\t' ? ' (a tab)' : ch === '\n' || ch === '\r' ? ' (a line break)' : ''}`
    );
  if (/\p{Cf}/u.test(ch)) return `contains an invisible or direction-changing character ${code}`;
  if (/\p{Z}/u.test(ch)) return `contains a space character other than a plain space ${code}`;
  if (/[\p{Cs}\p{Co}\p{Cn}]/u.test(ch)) return `contains an unassigned, private-use or broken character ${code}`;
  if (MARK.test(ch)) return `starts with a combining mark ${code}`;
  return `contains '${ch}' (${code}), which is not allowed`;
}

function fail(detail: string, kind: NameKind): never {
  throw new AgoraError('bad_request', `name: ${detail}; ${allowedText(kind)}`);
}

/**
 * Checks and cleans a display name. Returns the name to show and the key that must be unique.
 * Throws AgoraError('bad_request', 'name: ...') saying what was wrong and what is allowed.
 */
export function normalizeName(raw: unknown, kind: NameKind): { name: string; key: string } {
  if (typeof raw !== 'string') fail(`must be text; got ${raw === null ? 'null' : typeof raw}`, kind);
  // Bound the work before normalizing: NFKC of a megabyte of input is pointless.
  if (raw.length > 4 * NAME_MAX[kind]) fail(`is ${raw.length} characters long`, kind);
  // Before NFKC, so the message names the character typed (NFKC turns U+FFA0 into U+1160).
  for (const ch of raw) {
    const why = invisible(ch);
    if (why) fail(why, kind);
  }
  const name = raw
    .normalize('NFKC')
    .replace(/^ +| +$/g, '')
    .replace(/ {2,}/g, ' ');
  const chars = [...name];
  if (chars.length === 0) fail(raw.length === 0 ? 'is empty' : 'is only spaces', kind);
  let marks = 0;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    const why = invisible(ch);
    if (why) fail(why, kind);
    if (MARK.test(ch) && i > 0) {
      if (++marks > MAX_MARK_RUN) fail(`has more than ${MAX_MARK_RUN} combining marks in a row`, kind);
      continue;
    }
    marks = 0;
    if (!LETTER_OR_DIGIT.test(ch) && ch !== ' ' && !PUNCTUATION.includes(ch)) fail(describeRefused(ch), kind);
  }
  if (!LETTER_OR_DIGIT.test(chars[0])) fail(`starts with '${chars[0]}'`, kind);
  if (chars.length > NAME_MAX[kind]) fail(`is ${chars.length} characters long`, kind);
  const key = nameKeyOf(name);
  if (kind === 'person' && key.startsWith(GUEST_PREFIX)) {
    fail(`names starting with '${GUEST_PREFIX}' are reserved for guests (people playing without an account)`, kind);
  }
  return { name, key };
}

/** Crockford's base32 alphabet in lower case: no i, l, o or u, so a guest name read aloud is unambiguous. */
const GUEST_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const GUEST_LENGTH = 6;
const GUEST_NAME = new RegExp(`^${GUEST_PREFIX}[${GUEST_ALPHABET}]{${GUEST_LENGTH}}$`);

/**
 * A guest's display name, `guest-` and 6 characters (30 bits) from the random bytes given (pass
 * crypto.randomBytes(6); 256 is a multiple of 32, so `byte & 31` is uniform). 30 bits can collide:
 * the caller checks the key is free and draws again if not.
 */
export function guestName(bytes: Uint8Array): string {
  if (bytes.length < GUEST_LENGTH)
    throw new AgoraError('bad_request', `guestName: needs at least ${GUEST_LENGTH} random bytes; got ${bytes.length}`);
  let tail = '';
  for (let i = 0; i < GUEST_LENGTH; i++) tail += GUEST_ALPHABET[bytes[i] & 31];
  return GUEST_PREFIX + tail;
}

/** Whether a name is one guestName makes (exact form, not just the prefix). */
export function isGuestName(name: unknown): boolean {
  return typeof name === 'string' && GUEST_NAME.test(name);
}

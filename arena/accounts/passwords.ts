import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AgoraError } from '../../envs/index.js';

/**
 * Password hashing with node:crypto's scrypt (memory-hard, so guessing on GPUs is costly), stored
 * self-describing as `scrypt$<log2 N>$<r>$<p>$<salt b64url>$<hash b64url>`: the cost can be raised
 * later and old hashes still verify. N = 2^15, r = 8 takes 128·N·r = 32 MiB and about 50-100 ms.
 * Passwords are NFC-normalized first (as RFC 8265's OpaqueString does) so 'é' typed as one code
 * point or as e + accent is the same password on every device.
 */

export const SCRYPT_LOG_N = 15;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

// What a stored hash may ask for: bounds the memory and time a corrupt or hostile row can cost.
const LIMITS = { logN: [10, 17], r: [1, 16], p: [1, 4], keyBytes: [16, 64], saltBytes: [8, 64] } as const;
const MAX_MEMORY = 128 * 2 ** 17 * 8;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, keyBytes: number): Promise<Buffer> {
  // maxmem must exceed 128·N·r (plus a little): Node's 32 MiB default refuses N = 2^15, r = 8.
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 2 * 128 * 2 ** logN * r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyBytes, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Hashes a password with a fresh 16-byte salt. `logN` is for tests that need cheap hashes. */
export async function hashPassword(password: string, logN = SCRYPT_LOG_N): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, logN, R, P, KEY_BYTES);
  return ['scrypt', logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const inRange = (n: number, [lo, hi]: readonly [number, number]): boolean => Number.isInteger(n) && n >= lo && n <= hi;
const B64URL = /^[A-Za-z0-9_-]+$/;

/** True if `password` matches `stored`. False (never a throw) for a malformed stored hash or non-string input. */
export async function verifyPassword(password: unknown, stored: unknown): Promise<boolean> {
  if (typeof password !== 'string' || typeof stored !== 'string') return false;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt' || !B64URL.test(parts[4]) || !B64URL.test(parts[5])) return false;
  const [logN, r, p] = parts.slice(1, 4).map((x) => (/^\d{1,3}$/.test(x) ? Number(x) : NaN));
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (!inRange(logN, LIMITS.logN) || !inRange(r, LIMITS.r) || !inRange(p, LIMITS.p)) return false;
  if (
    !inRange(expected.length, LIMITS.keyBytes) ||
    !inRange(salt.length, LIMITS.saltBytes) ||
    128 * 2 ** logN * r > MAX_MEMORY
  )
    return false;
  try {
    const actual = await derive(password, salt, logN, r, p, expected.length);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/**
 * A stored-hash string with the default cost whose salt and key are random bytes (no password is
 * known to produce that key; finding one means inverting scrypt). When a login names no
 * account, verify against this anyway, so the answer takes as long as for a real account and the
 * timing does not tell which names exist. A test checks its cost matches SCRYPT_LOG_N.
 */
export const DUMMY_HASH = 'scrypt$15$8$1$c0P1E7_miW0xYDFb2IkvrA$gPzNzb9XhfF127DcyUpktMXSinI0Y2RfzPygZSYqGYc';

/** Spends the time of one verifyPassword and returns false: for logins that name no account. */
export async function verifyDummy(password: unknown): Promise<false> {
  await verifyPassword(typeof password === 'string' ? password : '', DUMMY_HASH);
  return false;
}

let common: Set<string> | undefined;

/**
 * The blocklist (NIST SP 800-63B, 3.1.1.2), built on first use: the common-passwords list of
 * @zxcvbn-ts/language-common (the maintained TypeScript port of Dropbox's zxcvbn; 49,233 entries,
 * most common first), in lower case, keeping the 17,950 the length rule would let through.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(
    dictionary['passwords-common']
      .map((p) => p.normalize('NFC').toLowerCase())
      .filter((p) => [...p].length >= PASSWORD_MIN && [...p].length <= PASSWORD_MAX),
  );
  return common;
}

/** Lower case, compatibility forms folded, spaces dropped: how a password is compared with the name. */
const plain = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');
/** Digits, punctuation and symbols at either end: 'alice2024!' is still the name. */
const AFFIXES = /^[\p{N}\p{P}\p{S}]+|[\p{N}\p{P}\p{S}]+$/gu;

function refuse(why: string): never {
  throw new AgoraError(
    'bad_request',
    `password: ${why}; choose another (at least ${PASSWORD_MIN} characters; a few unrelated words make a strong one)`,
  );
}

/**
 * Returns the password if it meets the policy, else throws AgoraError('bad_request', 'password: ...')
 * saying why, never quoting it. NIST SP 800-63B (3.1.1.2): at least 8 characters, any characters
 * allowed (spaces too: passphrases), and not a value known to be guessed first: one of the most
 * common passwords (common-passwords.txt), the account's name (with digits or punctuation around
 * it), one character repeated, or only spaces.
 */
export function checkPasswordPolicy(password: unknown, name?: string): string {
  if (typeof password !== 'string') {
    throw new AgoraError('bad_request', `password: must be text; got ${password === null ? 'null' : typeof password}`);
  }
  // Counted in code points after NFC, as hashed.
  const chars = [...password.normalize('NFC')];
  if (chars.length < PASSWORD_MIN || chars.length > PASSWORD_MAX) {
    throw new AgoraError(
      'bad_request',
      `password: must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long; got ${chars.length}`,
    );
  }
  if (/^[\s\p{Default_Ignorable_Code_Point}]*$/u.test(password)) refuse('is only spaces (or invisible characters)');
  if (new Set(chars).size === 1) refuse('is one character repeated');
  if (name !== undefined) {
    const given = plain(password);
    if (given === plain(name) || given.replace(AFFIXES, '') === plain(name))
      refuse('is your name (or your name with digits or punctuation added)');
  }
  if (commonPasswords().has(password.normalize('NFC').toLowerCase())) {
    refuse(
      `is one of the ${commonPasswords().size.toLocaleString('en')} most common passwords, which are guessed first`,
    );
  }
  return password;
}

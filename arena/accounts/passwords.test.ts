import { describe, expect, test } from 'vitest';
import { AgoraError } from '../../envs/index.js';
import {
  DUMMY_HASH,
  SCRYPT_LOG_N,
  checkPasswordPolicy,
  hashPassword,
  verifyDummy,
  verifyPassword,
} from './passwords.js';

describe('hashPassword and verifyPassword', () => {
  test('round trip at the default cost; a wrong password is false', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(new RegExp(`^scrypt\\$${SCRYPT_LOG_N}\\$8\\$1\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{43}$`));
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  test('two hashes of one password differ (fresh salt) and both verify', async () => {
    const [a, b] = await Promise.all([hashPassword('same password', 10), hashPassword('same password', 10)]);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  test('NFC and NFD spellings of a password are the same password', async () => {
    const stored = await hashPassword('caf\u00e9 au lait', 10);
    expect(await verifyPassword('cafe\u0301 au lait', stored)).toBe(true);
  });

  test('malformed stored hashes and non-string input give false, never a throw', async () => {
    const good = await hashPassword('password1', 10);
    const parts = good.split('$');
    const bad = [
      '',
      'plain text',
      'scrypt$10$8$1$salt',
      `bcrypt$${parts.slice(1).join('$')}`,
      [...parts.slice(0, 1), '30', ...parts.slice(2)].join('$'), // memory bomb: 2^30
      [...parts.slice(0, 1), 'x', ...parts.slice(2)].join('$'),
      [...parts.slice(0, 4), 'not base64!', parts[5]].join('$'),
      [...parts.slice(0, 5), 'AAAA'].join('$'), // 3-byte key
      `${good}$extra`,
    ];
    for (const stored of bad) expect(await verifyPassword('password1', stored)).toBe(false);
    expect(await verifyPassword(undefined, good)).toBe(false);
    expect(await verifyPassword('password1', null)).toBe(false);
  });

  test('the dummy hash has the default cost, so unknown names take as long as known ones', async () => {
    expect(DUMMY_HASH.split('$').slice(0, 4)).toEqual(['scrypt', String(SCRYPT_LOG_N), '8', '1']);
    expect(await verifyPassword('anything', DUMMY_HASH)).toBe(false);
    expect(await verifyDummy('anything')).toBe(false);
    expect(await verifyDummy(undefined)).toBe(false);
  });
});

describe('checkPasswordPolicy', () => {
  test('8 to 200 characters of any kind pass through unchanged', () => {
    for (const p of [
      '12345679x',
      `${'a'.repeat(199)}b`,
      'correct horse battery staple',
      'пароль-пароль',
      '🐈🐕🐈🐕🐈🐕🐈🐕',
    ]) {
      expect(checkPasswordPolicy(p)).toBe(p);
    }
  });

  test.each([
    ['1234567', /must be 8 to 200 characters long; got 7/],
    ['a'.repeat(201), /got 201/],
    ['🐈🐈🐈🐈', /got 4/],
    [12345678, /must be text; got number/],
    [undefined, /must be text; got undefined/],
    // NIST SP 800-63B: values known to be guessed first.
    ['12345678', /is one of the 17,950 most common passwords/],
    ['password', /most common passwords/],
    ['PassWord', /most common passwords/],
    ['iloveyou', /most common passwords/],
    ['1qaz2wsx', /most common passwords/],
    [' '.repeat(8), /is only spaces/],
    ['\t \u3000 \u00A0 \u200B\n', /is only spaces \(or invisible characters\)/],
    ['aaaaaaaa', /is one character repeated/],
    ['🐈🐈🐈🐈🐈🐈🐈🐈', /is one character repeated/],
  ])('%j is refused', (p, message) => {
    expect(() => checkPasswordPolicy(p)).toThrow(AgoraError);
    expect(() => checkPasswordPolicy(p)).toThrow(message);
    expect(() => checkPasswordPolicy(p)).toThrow(/^password: /);
  });

  test.each([
    ['Gwendolyn', 'Gwendolyn'],
    ['Gwendolyn', 'GWENDOLYN'],
    ['Gwendolyn', 'gwendolyn2024'],
    ['Gwendolyn', '2024-Gwendolyn!'],
    ['Ann Lee', 'annlee99'],
    ['Ann Lee', 'Ann Lee 1'],
    ['ｍａｒｉｅｌｌｅ', 'marielle'],
  ])('the name %j as the password %j is refused', (name, password) => {
    expect(() => checkPasswordPolicy(password, name)).toThrow(
      /password: is your name \(or your name with digits or punctuation added\); choose another/,
    );
  });

  test("the name inside a longer passphrase is fine; other people's names are fine", () => {
    expect(checkPasswordPolicy('gwendolyn likes green tea', 'Gwendolyn')).toBe('gwendolyn likes green tea');
    expect(checkPasswordPolicy('Bartholomew Quince', 'Gwendolyn')).toBe('Bartholomew Quince');
  });

  test('messages say why, never the password', () => {
    for (const p of ['12345678', 'qwertyuiop', 'zzzzzzzzzz', 'Gwendolyn7']) {
      try {
        checkPasswordPolicy(p, 'Gwendolyn');
        throw new Error(`${p} was accepted`);
      } catch (err) {
        expect((err as Error).message.toLowerCase()).not.toContain(p.toLowerCase());
      }
    }
  });

  test('the blocklist is the common list of @zxcvbn-ts/language-common, at the length rule', () => {
    // The list's first entries of 8 characters or more, each refused as common whatever its case.
    for (const p of ['password', '12345678', '123456789', 'baseball', 'PassWord']) {
      expect(() => checkPasswordPolicy(p, 'Gwendolyn')).toThrow(/common/);
    }
    // Shorter entries of the list ('123456') are refused by the length rule before the list is read.
    expect(() => checkPasswordPolicy('123456', 'Gwendolyn')).toThrow(/must be 8 to 200 characters/);
    // A password of the same shape that is not on the list passes.
    expect(() => checkPasswordPolicy('vellum otter 42', 'Gwendolyn')).not.toThrow();
  });
});

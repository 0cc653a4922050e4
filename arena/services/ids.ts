import { createHash, randomBytes } from 'node:crypto';

/** A random id: 10 characters of base64url (60 bits). */
export function randomId(): string {
  return randomBytes(8).toString('base64url').slice(0, 10);
}

/** A secret seat token: 32 random bytes (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A secret seed: 32 bytes (256 bits) from node:crypto, as hex. Match and tournament seeds decide
 * hidden cards and dice, so they are never derived from anything a player can see.
 */
export function randomSeed(): string {
  return randomBytes(32).toString('hex');
}

/** Tokens are stored only as their SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

import { timingSafeEqual } from 'node:crypto';
import { AgoraError } from '../../envs/index.js';
import type { ArenaContext } from '../services/context.js';
import { hashToken } from '../services/ids.js';
import { formerNameKeyOf, type ApiKeyRecord, type UserRecord } from '../store/store.js';
import { normalizeName } from './names.js';
import { checkPasswordPolicy, hashPassword, verifyDummy, verifyPassword } from './passwords.js';

/** How long a log-in lasts. */
export const SESSION_DAYS = 30;
/** API keys per account (live ones). */
const MAX_API_KEYS = 10;

/**
 * People's accounts: sign-up, log-in sessions and API keys. Passwords are kept as scrypt hashes
 * (per-user salt, compared in constant time); session tokens and API keys are random 256-bit
 * strings stored only as their SHA-256, so a copy of the database opens no account.
 */
export class AccountService {
  constructor(private readonly ctx: ArenaContext) {}

  async signup(rawName: unknown, rawPassword: unknown, repeated?: unknown): Promise<UserRecord> {
    const { name, key } = normalizeName(rawName, 'person');
    const password = checkPasswordPolicy(rawPassword, name);
    if (repeated !== undefined && repeated !== password)
      throw new AgoraError('bad_request', 'password2: the two passwords differ');
    if (await this.ctx.store.findUserByKey(key))
      throw new AgoraError('conflict', `name: '${name}' is taken; choose another`);
    const user: UserRecord = {
      id: this.ctx.newId(),
      name,
      nameKey: key,
      passwordHash: await hashPassword(password),
      createdAt: this.ctx.now().toISOString(),
    };
    try {
      await this.ctx.store.addUser(user);
    } catch {
      // Two sign-ups with one name at once: the unique key lets one through.
      throw new AgoraError('conflict', `name: '${name}' is taken; choose another`);
    }
    return user;
  }

  /** Checks a name and password; the same message (and about the same time) whether the name exists or not. */
  async authenticate(rawName: unknown, password: unknown): Promise<UserRecord> {
    const refused = new AgoraError('unauthorized', 'wrong name or password');
    let typed: { name: string; key: string };
    try {
      typed = normalizeName(rawName, 'person');
    } catch {
      await verifyDummy(password);
      throw refused;
    }
    const user = await this.userNamed(typed);
    if (!user) {
      await verifyDummy(password);
      throw refused;
    }
    if (!(await verifyPassword(password, user.passwordHash))) throw refused;
    return user;
  }

  /**
   * The account a typed name names: the one holding its key, unless the name as typed is that of an
   * account set apart when keys were recomputed (arena/store/rekey-names.ts), found under
   * `<key>#<former key>`.
   */
  private async userNamed(typed: { name: string; key: string }): Promise<UserRecord | undefined> {
    const holder = await this.ctx.store.findUserByKey(typed.key);
    if (holder && formerNameKeyOf(holder.name) === formerNameKeyOf(typed.name)) return holder;
    return (await this.ctx.store.findUserByKey(setApartKey(typed))) ?? holder;
  }

  /** Opens a session; returns the token for the cookie (stored only as its hash). */
  async openSession(user: UserRecord): Promise<string> {
    const token = this.ctx.newToken();
    const now = this.ctx.now();
    await this.ctx.store.addSession({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
    });
    return token;
  }

  async closeSession(token: string): Promise<void> {
    await this.ctx.store.deleteSession(hashToken(token));
  }

  /** The account of a session cookie, if the session exists and has not expired. */
  async fromSession(token: string | undefined): Promise<UserRecord | undefined> {
    if (!token || token.length > 200) return undefined;
    const session = await this.ctx.store.getSession(hashToken(token));
    if (!session || session.expiresAt <= this.ctx.now().toISOString()) return undefined;
    return this.ctx.store.getUser(session.userId);
  }

  /** The account of an API key (`Authorization: Bearer <key>`), if the key is live. */
  async fromApiKey(key: string): Promise<UserRecord | undefined> {
    if (!key || key.length > 200) return undefined;
    const record = await this.ctx.store.useApiKey(hashToken(key), this.ctx.now().toISOString());
    return record && this.ctx.store.getUser(record.userId);
  }

  /** Makes an API key; the key itself is returned once and never stored. */
  async createApiKey(user: UserRecord, rawLabel: unknown): Promise<{ key: string; record: ApiKeyRecord }> {
    const label = typeof rawLabel === 'string' ? rawLabel.trim() : '';
    if (!/^[\p{L}\p{N} _.'-]{1,40}$/u.test(label))
      throw new AgoraError('bad_request', "label: 1 to 40 letters, digits, spaces or _ . ' -");
    const live = (await this.ctx.store.listApiKeys(user.id)).filter((k) => !k.revokedAt);
    if (live.length >= MAX_API_KEYS)
      throw new AgoraError('conflict', `an account may have ${MAX_API_KEYS} live API keys; revoke one first`);
    const key = `agora_${this.ctx.newToken()}`;
    const record: ApiKeyRecord = {
      id: this.ctx.newId(),
      userId: user.id,
      label,
      keyHash: hashToken(key),
      createdAt: this.ctx.now().toISOString(),
    };
    await this.ctx.store.addApiKey(record);
    return { key, record };
  }

  async revokeApiKey(user: UserRecord, id: string): Promise<void> {
    if (!(await this.ctx.store.revokeApiKey(user.id, id, this.ctx.now().toISOString()))) {
      throw new AgoraError('not_found', `you have no live API key '${id}'`);
    }
  }
}

/** The key of an account set apart when keys were recomputed, for a name as typed (arena/store/rekey-names.ts). */
const setApartKey = (typed: { name: string; key: string }) => `${typed.key}#${formerNameKeyOf(typed.name)}`;

/** Whether a typed name (normalizeName's) is this account's: its key, or the key it was set apart under. */
export function isAccountName(user: Pick<UserRecord, 'nameKey'>, typed: { name: string; key: string }): boolean {
  return user.nameKey === typed.key || user.nameKey === setApartKey(typed);
}

/** Constant-time comparison of the operator's token. */
export function isAdminToken(expected: string | undefined, given: string | undefined): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(hashToken(expected));
  const b = Buffer.from(hashToken(given));
  return timingSafeEqual(a, b);
}

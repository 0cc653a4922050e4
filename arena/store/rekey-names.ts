/**
 * Recomputes the stored name keys of users and agents with nameKeyOf, as a schema step does when the
 * key's formula or Unicode's confusables table changes (issue 33 folded look-alikes in: Cyrillic
 * 'а' and Latin 'a' now make one key). Names that now collide were both taken before; as the
 * version-3 step did, the one registered first (then lowest id) keeps the key, and each later one is
 * set apart with a suffix no name can produce ('#' is not allowed in names):
 *  - a bot: `<key>#<id>`. It keeps its name, ratings and games; only its name is no longer reserved.
 *  - an account: `<key>#<former key>` (formerNameKeyOf: the old, case-folded key), so logging in
 *    with the name as registered still finds it (AccountService.authenticate).
 *  - a person's row of an account follows the account's key; guests (`guest-...`) and people from
 *    before accounts (`legacy:<id>`) keep theirs.
 * Both stores run it in their migration transaction, changed rows only, in two passes (first to a
 * temporary `#<id>`, which no key starts with), so no UNIQUE constraint sees two equal keys midway.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { formerNameKeyOf, nameKeyOf } from './store.js';

interface KeyedRow {
  id: string;
  name: string;
  name_key: string;
  created_at: string;
}

interface AgentKeyRow extends KeyedRow {
  game: string;
  kind: string;
  owner_id: string | null;
}

/** Registration order: first come, first keyed. */
const byAge = (a: KeyedRow, b: KeyedRow) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** The first candidate key not yet used, which is then used. */
function claim(used: Set<string>, candidates: string[]): string {
  const key = candidates.find((k) => !used.has(k)) ?? candidates[candidates.length - 1];
  used.add(key);
  return key;
}

/** id -> new key, for the rows whose key changes. */
function rekeyedNames(
  users: KeyedRow[],
  agents: AgentKeyRow[],
): { users: Map<string, string>; agents: Map<string, string> } {
  const userKeys = new Map<string, string>();
  const usedByUsers = new Set<string>();
  for (const u of [...users].sort(byAge)) {
    const key = nameKeyOf(u.name);
    userKeys.set(u.id, claim(usedByUsers, [key, `${key}#${formerNameKeyOf(u.name)}`, `${key}#${u.id}`]));
  }
  const agentKeys = new Map<string, string>();
  const groups = new Map<string, AgentKeyRow[]>();
  for (const a of agents) {
    const group = `${a.game}\u0000${a.kind}`;
    groups.set(group, [...(groups.get(group) ?? []), a]);
  }
  for (const rows of groups.values()) {
    const used = new Set<string>();
    // What is not derived from a name (guests, legacy people, rows of unknown accounts) stays put first.
    const derived = (a: AgentKeyRow) => a.kind === 'bot' || (a.owner_id !== null && userKeys.has(a.owner_id));
    for (const a of rows) if (!derived(a)) used.add(a.name_key);
    for (const a of rows.filter(derived).sort(byAge)) {
      const key = a.kind === 'bot' ? nameKeyOf(a.name) : userKeys.get(a.owner_id!)!;
      agentKeys.set(a.id, claim(used, [key, `${key}#${a.id}`]));
    }
  }
  const changed = (rows: KeyedRow[], keys: Map<string, string>) =>
    new Map(rows.filter((r) => keys.has(r.id) && keys.get(r.id) !== r.name_key).map((r) => [r.id, keys.get(r.id)!]));
  return { users: changed(users, userKeys), agents: changed(agents, agentKeys) };
}

const AGENT_COLUMNS = 'id, game, kind, name, name_key, owner_id, created_at';
const USER_COLUMNS = 'id, name, name_key, created_at';

/** The SQLite schema step (migrations.ts). */
export function rekeyNamesInSqlite(db: Database.Database): void {
  const { users, agents } = rekeyedNames(
    db.prepare(`SELECT ${USER_COLUMNS} FROM users`).all() as KeyedRow[],
    db.prepare(`SELECT ${AGENT_COLUMNS} FROM agents`).all() as AgentKeyRow[],
  );
  for (const [table, keys] of [
    ['users', users],
    ['agents', agents],
  ] as const) {
    const set = db.prepare(`UPDATE ${table} SET name_key = ? WHERE id = ?`);
    for (const id of keys.keys()) set.run(`#${id}`, id);
    for (const [id, key] of keys) set.run(key, id);
  }
}

/** The PostgreSQL schema step (pg-migrations.ts), in the migration's transaction. */
export async function rekeyNamesInPg(client: pg.PoolClient): Promise<void> {
  const { users, agents } = rekeyedNames(
    (await client.query(`SELECT ${USER_COLUMNS} FROM users`)).rows as KeyedRow[],
    (await client.query(`SELECT ${AGENT_COLUMNS} FROM agents`)).rows as AgentKeyRow[],
  );
  for (const [table, keys] of [
    ['users', users],
    ['agents', agents],
  ] as const) {
    const ids = [...keys.keys()];
    const set =
      `UPDATE ${table} t SET name_key = v.key ` + 'FROM unnest($1::text[], $2::text[]) AS v(id, key) WHERE t.id = v.id';
    await client.query(set, [ids, ids.map((id) => `#${id}`)]);
    await client.query(set, [ids, ids.map((id) => keys.get(id)!)]);
  }
}

/**
 * A tabular policy (one distribution over the legal actions per information-state key) and its
 * folder on disk, saved like the other models: models/<game>/<name>/ with
 * - policy.json: { format, game, players, encodingVersion, tree: { infosets, slots, signature },
 *   solver: { algorithm, iterations, delay }, policy: { <key>: { seat, actions, probabilities } } };
 * - meta.json: { format, game, players, encodingVersion, policy, training, results, createdAt },
 *   what the folder is, how it was made and how exploitable it is (for people and tools).
 * A policy depends on the game's information-state keys and action numbers, not on its
 * observation encoding: loading checks the file's keys and actions against the game's tree (and
 * names the first one that differs), and records the encoding version only to say which build
 * wrote it.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AgoraError, ModelVersionError, type GameDefinition } from '../../envs/index.js';
import { cachedGameTree, slotCount, treeSignature, whyNoTree, type GameTree } from './game-tree.js';

const POLICY_FORMAT = 'agora-cfr-policy-1';
const CFR_META_FORMAT = 'agora-cfr-1';
export const POLICY_FILE = 'policy.json';
const META_FILE = 'meta.json';

/** One information state's distribution: the legal actions in order and a probability for each. */
export interface PolicyEntry {
  readonly seat: number;
  readonly actions: readonly number[];
  readonly probabilities: readonly number[];
}

/** A policy as a table keyed by information state (what a `cfr:` agent plays). */
export interface TabularPolicy {
  readonly game: string;
  readonly entries: ReadonlyMap<string, PolicyEntry>;
}

/** How a policy was made, recorded in policy.json and meta.json. */
export interface SolverRecord {
  algorithm: 'cfr+';
  iterations: number;
  delay: number;
}

const EntrySchema = z.object({
  seat: z.number().int().min(0),
  actions: z.array(z.number().int().min(0)).min(1),
  probabilities: z.array(z.number()).min(1),
});

const PolicyFileSchema = z.object({
  format: z.literal(POLICY_FORMAT),
  game: z.string(),
  players: z.literal(2),
  encodingVersion: z.number().int(),
  tree: z.object({ infosets: z.number().int().min(0), slots: z.number().int().min(0), signature: z.string() }),
  solver: z.object({
    algorithm: z.literal('cfr+'),
    iterations: z.number().int().min(0),
    delay: z.number().int().min(0),
  }),
  policy: z.record(z.string(), EntrySchema),
});
export type PolicyFile = z.infer<typeof PolicyFileSchema>;

/** The tree policy (one probability per slot) as a table. */
export function tabularPolicy(tree: GameTree, probabilities: Float64Array): TabularPolicy {
  const entries = new Map<string, PolicyEntry>();
  for (let i = 0; i < tree.infosets; i++) {
    const from = tree.slotOffset[i];
    const to = tree.slotOffset[i + 1];
    entries.set(tree.infosetKey[i], {
      seat: tree.infosetPlayer[i],
      actions: Array.from(tree.slotAction.subarray(from, to)),
      probabilities: Array.from(probabilities.subarray(from, to)),
    });
  }
  return { game: tree.game, entries };
}

/**
 * The table as a tree policy. Throws AgoraError naming the first information state the table
 * lacks, holds for another seat or with other actions, and the first key the tree does not have.
 */
export function policyOnTree(tree: GameTree, policy: TabularPolicy, where = 'the policy'): Float64Array {
  const out = new Float64Array(slotCount(tree));
  const bad = (detail: string): never => {
    throw new ModelVersionError(
      `${where} does not fit this build's ${tree.game}: ${detail}; the rules or the information-state keys ` +
        `changed since it was solved: solve it again (agora cfr ${tree.game})`,
    );
  };
  if (policy.game !== tree.game) throw new ModelVersionError(`${where} is for ${policy.game}, not ${tree.game}`);
  for (let i = 0; i < tree.infosets; i++) {
    const key = tree.infosetKey[i];
    const entry =
      policy.entries.get(key) ?? bad(`it has no entry for information state '${key}' of seat ${tree.infosetPlayer[i]}`);
    const from = tree.slotOffset[i];
    const actions = Array.from(tree.slotAction.subarray(from, tree.slotOffset[i + 1]));
    if (entry.seat !== tree.infosetPlayer[i])
      bad(`information state '${key}' is seat ${tree.infosetPlayer[i]}'s, the file says seat ${entry.seat}'s`);
    if (entry.actions.join(',') !== actions.join(','))
      bad(`information state '${key}' offers actions [${actions}], the file lists [${entry.actions}]`);
    out.set(entry.probabilities, from);
  }
  if (policy.entries.size !== tree.infosets) {
    const known = new Set(tree.infosetKey);
    const extra = [...policy.entries.keys()].find((k) => !known.has(k));
    bad(`it has an entry for '${extra}', which is not an information state where a seat acts`);
  }
  return out;
}

/** policy.json's content for a tree policy. */
export function policyFileOf(
  tree: GameTree,
  def: GameDefinition,
  probabilities: Float64Array,
  solver: SolverRecord,
): PolicyFile {
  const table = tabularPolicy(tree, probabilities);
  return {
    format: POLICY_FORMAT,
    game: tree.game,
    players: 2,
    encodingVersion: def.encodingVersion,
    tree: { infosets: tree.infosets, slots: slotCount(tree), signature: treeSignature(tree) },
    solver,
    policy: Object.fromEntries(
      [...table.entries].map(([key, e]) => [
        key,
        { seat: e.seat, actions: [...e.actions], probabilities: [...e.probabilities] },
      ]),
    ),
  };
}

/** Writes a file through a temporary one, so a killed process never leaves half a file. */
export function writeAtomically(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** policy.json's text: the header indented, then one line per information state (diffs stay readable). */
function policyText(file: PolicyFile): string {
  const { policy, ...head } = file;
  const lines = Object.entries(policy).map(([key, entry]) => `    ${JSON.stringify(key)}: ${JSON.stringify(entry)}`);
  return `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "policy": {\n${lines.join(',\n')}\n  }\n}\n`;
}

/** Writes policy.json and meta.json into `dir` (created if missing). */
export function savePolicyFolder(dir: string, policy: PolicyFile, meta: Record<string, unknown>): void {
  mkdirSync(dir, { recursive: true });
  writeAtomically(join(dir, POLICY_FILE), policyText(policy));
  const full = {
    format: CFR_META_FORMAT,
    game: policy.game,
    players: policy.players,
    encodingVersion: policy.encodingVersion,
    policy: POLICY_FILE,
    ...meta,
    createdAt: new Date().toISOString(),
  };
  writeAtomically(join(dir, META_FILE), `${JSON.stringify(full, null, 2)}\n`);
}

function folderError(dir: string, detail: string): never {
  throw new AgoraError('bad_request', `policy ${dir}: ${detail}`);
}

/**
 * Reads and checks a policy folder's policy.json for `def`: a missing, unparsable or malformed
 * file, a policy of another game, an entry whose probabilities are not a distribution, and keys or
 * actions that are not this build's are each a clear error naming what is wrong.
 */
function loadPolicyFile(dir: string, def: GameDefinition, tree: GameTree): PolicyFile {
  const path = join(dir, POLICY_FILE);
  if (!existsSync(path))
    folderError(dir, `${POLICY_FILE} is missing (a CFR policy folder holds policy.json and meta.json: agora cfr)`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return folderError(dir, `${POLICY_FILE} is not valid JSON (corrupt or truncated)`);
  }
  const format = (raw as { format?: unknown } | null)?.format;
  if (format !== POLICY_FORMAT)
    folderError(dir, `${POLICY_FILE} has format ${JSON.stringify(format)}; a CFR policy has '${POLICY_FORMAT}'`);
  const parsed = PolicyFileSchema.safeParse(raw);
  if (!parsed.success)
    folderError(
      dir,
      `${POLICY_FILE} is malformed: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const file = parsed.data;
  if (file.game !== def.name) throw new ModelVersionError(`policy ${dir} was solved for ${file.game}, not ${def.name}`);
  for (const [key, entry] of Object.entries(file.policy)) {
    const { actions, probabilities } = entry;
    const where = `${POLICY_FILE}: information state '${key}'`;
    if (probabilities.length !== actions.length)
      folderError(dir, `${where} lists ${actions.length} actions and ${probabilities.length} probabilities`);
    if (actions.some((a, i) => a >= def.actionSize || (i > 0 && a <= actions[i - 1])))
      folderError(dir, `${where}: actions [${actions}] are not sorted, distinct actions below ${def.actionSize}`);
    if (probabilities.some((p) => !Number.isFinite(p) || p < 0))
      folderError(dir, `${where}: probabilities [${probabilities}] are not all finite and >= 0`);
    const sum = probabilities.reduce((s, p) => s + p, 0);
    if (Math.abs(sum - 1) > 1e-6) folderError(dir, `${where}: probabilities sum to ${sum}, not 1`);
  }
  policyOnTree(tree, tableOf(file), `policy ${dir}`);
  return file;
}

/** A policy file's table, each distribution scaled to sum to exactly 1. */
function tableOf(file: PolicyFile): TabularPolicy {
  const entries = new Map<string, PolicyEntry>();
  for (const [key, e] of Object.entries(file.policy)) {
    const sum = e.probabilities.reduce((s, p) => s + p, 0);
    entries.set(key, { seat: e.seat, actions: e.actions, probabilities: e.probabilities.map((p) => p / sum) });
  }
  return { game: file.game, entries };
}

/**
 * The policy a `cfr:` agent plays: `dir`'s policy.json for `def`, checked against the game's tree
 * (built once per game in this process). A game without information states or explicit chance is
 * refused, naming which it lacks.
 */
export function loadCfrPolicy(dir: string, def: GameDefinition): TabularPolicy {
  const why = whyNoTree(def);
  if (why) throw new AgoraError('bad_request', `policy ${dir}: ${why}, so it has no tabular policy to play`);
  return tableOf(loadPolicyFile(dir, def, cachedGameTree(def)));
}

import { AgentSpecError, AgoraError } from '../envs/index.js';

/**
 * An agent spec string parsed: 'mcts:iterations=800,c=1.4' -> { kind: 'mcts', options: {...} };
 * 'neural:models/perikles/v1' -> { kind: 'neural', path: 'models/perikles/v1', options: {} }.
 */
export interface AgentSpec {
  kind: string;
  /** The one positional argument (a model path), if any. */
  path?: string;
  options: Record<string, string>;
}

export function parseAgentSpec(spec: string): AgentSpec {
  if (typeof spec !== 'string' || spec.trim() === '') throw new AgentSpecError(String(spec), 'is empty');
  const text = spec.trim();
  const colon = text.indexOf(':');
  const kind = colon === -1 ? text : text.slice(0, colon);
  if (!/^[a-z][a-z0-9-]*$/.test(kind))
    throw new AgentSpecError(spec, `'${kind}' is not an agent kind (lowercase letters)`);
  const out: AgentSpec = { kind, options: {} };
  if (colon === -1) return out;
  for (const part of text.slice(colon + 1).split(',')) {
    const item = part.trim();
    if (item === '') throw new AgentSpecError(spec, 'has an empty option');
    const eq = item.indexOf('=');
    if (eq === -1) {
      if (out.path !== undefined)
        throw new AgentSpecError(spec, `has two positional arguments ('${out.path}' and '${item}')`);
      out.path = item;
      continue;
    }
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (!/^[a-zA-Z][a-zA-Z0-9_]*$/.test(key)) throw new AgentSpecError(spec, `option name '${key}' is not a word`);
    if (value === '') throw new AgentSpecError(spec, `option '${key}' has no value`);
    if (key in out.options) throw new AgentSpecError(spec, `option '${key}' is given twice`);
    out.options[key] = value;
  }
  return out;
}

/** Inverse of parseAgentSpec (options in the order given). */
export function formatAgentSpec(spec: AgentSpec): string {
  const parts = [
    ...(spec.path !== undefined ? [spec.path] : []),
    ...Object.entries(spec.options).map(([k, v]) => `${k}=${v}`),
  ];
  return parts.length === 0 ? spec.kind : `${spec.kind}:${parts.join(',')}`;
}

/** Reads the options an agent kind accepts, rejecting unknown names and bad numbers with clear errors. */
export class SpecOptions {
  private readonly used = new Set<string>();
  constructor(
    private readonly spec: string,
    private readonly options: Record<string, string>,
  ) {}

  number(key: string, fallback: number, check: { min?: number; max?: number; integer?: boolean } = {}): number {
    this.used.add(key);
    const raw = this.options[key];
    if (raw === undefined) return fallback;
    const value = Number(raw);
    const range =
      `${check.integer ? 'an integer' : 'a number'}` +
      `${check.min !== undefined ? ` >= ${check.min}` : ''}${check.max !== undefined ? ` <= ${check.max}` : ''}`;
    if (
      !Number.isFinite(value) ||
      (check.integer && !Number.isInteger(value)) ||
      (check.min !== undefined && value < check.min) ||
      (check.max !== undefined && value > check.max)
    ) {
      throw new AgentSpecError(this.spec, `option ${key}=${raw} must be ${range}`);
    }
    return value;
  }

  choice<T extends string>(key: string, fallback: T, allowed: readonly T[]): T {
    this.used.add(key);
    const raw = this.options[key];
    if (raw === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      throw new AgentSpecError(this.spec, `option ${key}=${raw} must be one of ${allowed.join(', ')}`);
    }
    return raw as T;
  }

  /** Call after reading every option: throws on names the agent does not know. */
  done(): void {
    const unknown = Object.keys(this.options).filter((k) => !this.used.has(k));
    if (unknown.length > 0) {
      throw new AgentSpecError(
        this.spec,
        `unknown option ${unknown.join(', ')}; this agent takes ${[...this.used].join(', ') || 'no options'}`,
      );
    }
  }
}

/**
 * Splits a comma-separated list of specs where specs themselves may hold commas:
 * 'random,mcts:iterations=800,c=1.4' -> ['random', 'mcts:iterations=800,c=1.4']. A piece of the
 * form key=value (no colon) continues the spec before it; ';' always separates.
 */
export function splitAgentList(text: string): string[] {
  const out: string[] = [];
  for (const group of text.split(';')) {
    for (const raw of group.split(',')) {
      const piece = raw.trim();
      if (piece === '') continue;
      const continues =
        !piece.includes(':') && piece.includes('=') && out.length > 0 && out[out.length - 1].includes(':');
      if (continues) out[out.length - 1] += `,${piece}`;
      else out.push(piece);
    }
  }
  return out;
}

/**
 * A lineup from a list that names the first seats and a default for the rest (issue 24):
 * (['neural:models/promotion/az'], 'random', 4) -> ['neural:models/promotion/az', 'random', 'random', 'random'].
 * `flags` names the options in error messages, e.g. { list: '--agents', others: '--others' }.
 */
export function fillSeats(
  specs: readonly string[],
  others: string,
  players: number,
  flags: { list: string; others: string },
): string[] {
  const fill = splitAgentList(others);
  if (fill.length !== 1)
    throw new AgoraError(
      'bad_request',
      `${flags.others} takes one agent spec, the one for every seat ${flags.list} leaves out; got '${others}'`,
    );
  if (specs.length >= players)
    throw new AgoraError(
      'bad_request',
      `${flags.others} ${fill[0]}: ${flags.list} already names ${specs.length} agents for ${players} seats; ` +
        `${flags.others} fills the seats after the listed ones, ` +
        `so list fewer than ${players} agents or drop ${flags.others}`,
    );
  return [...specs, ...Array.from({ length: players - specs.length }, () => fill[0])];
}

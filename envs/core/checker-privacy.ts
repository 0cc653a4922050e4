/**
 * The conformance checker's privacy checks (envs/core/checker.ts runs them; docs/adding-a-game.md,
 * "What checkGame proves"). They read views only, so they hold for any game:
 *
 * - At every checked state, determinize(p) keeps view(p), the spectator's view(-1), the seat to act
 *   and, for the seat to act, its legal actions; determinize(-1) (the spectator's world) keeps view(-1).
 * - A field of view(q) *holds hidden information* when a determinization for another seat or for
 *   the spectator (determinize(r), r != q) changes it: determinize(r) keeps everything r sees, so
 *   that field depends on something r does not see.
 * - Such a field must also be changed, at some checked state, by a determinization for every other
 *   seat p. If no world of p ever changes it, p always knows it: either view(q) shows q something
 *   only p knows (a leak), or determinize(p) keeps the true value of something p cannot see.
 * - A determinize that resamples nothing leaves no such evidence. Then, if seats saw what the
 *   spectator does not, the run fails naming those fields of the views: a view that leaks another
 *   seat's secret and a determinize that keeps the true state look exactly like that.
 *
 * Fields are JSON paths of the view with array indices collapsed (`hand[]`, `log[].args[]`), except
 * the indices of per-seat arrays (every view of the run has them exactly one entry per seat), so
 * `hands[1][]` in view(0) is seat 1's hand as seat 0 sees it, apart from seat 0's own `hands[0][]`.
 * A field a determinization changes only rarely would make the verdict depend on luck, so a field
 * counts as hidden once determinizations changed it at MIN_EVIDENCE checked states.
 *
 * Not checked: a secret two seats share (a card passed face down) would fail the rule above, and a
 * field that every determinization keeps, when others do get resampled, cannot be told from a
 * public field shown differently to each seat (Philadelphia's `newFrom`, the log windows).
 */
import { sameJsonText, textWithFirstKey } from './checker-json.js';
import type { StateViews } from './checker.js';
import type { GameDefinition, GameState, PlayerView } from './game.js';
import type { Rng } from './rng.js';

/** Checked states at which determinizations changed a field before it counts as hidden. */
const MIN_EVIDENCE = 3;

/**
 * Once this many checked states in a row taught the ledger nothing (no leaf of another seat's view
 * changed for the first time, by no new seat's determinization), it stops recording: the rest of a
 * long run would cost as much again and only confirm. What determinize must keep is still checked.
 */
const QUIET_STATES = 400;

/** Where leaves differ, and what they hold (undefined: absent on that side). */
type OnDifference = (path: string, a: unknown, b: unknown) => void;

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Calls `out` for every leaf at which two JSON values differ, a leaf present on one side only
 * included. Paths are built only for differences: the walk itself allocates nothing.
 */
function diffLeaves(a: unknown, b: unknown, out: OnDifference, stack: (string | number)[] = []): void {
  if (a === b) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) {
      stack.push(i);
      diffLeaves(a[i], b[i], out, stack);
      stack.pop();
    }
    return;
  }
  if (isRecord(a) && isRecord(b)) {
    for (const k in a) {
      stack.push(k);
      diffLeaves(a[k], b[k], out, stack);
      stack.pop();
    }
    for (const k in b) {
      if (k in a) continue;
      stack.push(k);
      diffLeaves(undefined, b[k], out, stack);
      stack.pop();
    }
    return;
  }
  out(pathOf(stack), a, b);
}

function pathOf(stack: readonly (string | number)[]): string {
  let s = '';
  for (const part of stack) s += typeof part === 'number' ? `[${part}]` : s === '' ? part : `.${part}`;
  return s;
}

/** Every array of a JSON value by its path with indices collapsed (`hands`, `hands[]`), with its length. */
function eachArray(v: unknown, path: string, out: (path: string, length: number) => void): void {
  if (Array.isArray(v)) {
    out(path, v.length);
    for (const x of v) if (x !== null && typeof x === 'object') eachArray(x, `${path}[]`, out);
  } else if (isRecord(v)) {
    for (const k in v) {
      const x = v[k];
      if (x !== null && typeof x === 'object') eachArray(x, path === '' ? k : `${path}.${k}`, out);
    }
  }
}

function shown(v: unknown): string {
  return v === undefined ? 'absent' : JSON.stringify(v);
}

/** The first field where `world` differs from `real`, as `.path (real → world)`; '' if none. */
function firstDifference(real: unknown, world: unknown): string {
  let found = '';
  diffLeaves(real, world, (path, a, b) => {
    found ||= `.${path} (${shown(a)} in the real state, ${shown(b)} in the world)`;
  });
  return found;
}

/** The observation value `index` as `segment 'name' [i of size]`, from the definition's layout. */
export function observationPlace(def: GameDefinition, players: number, index: number): string {
  for (const s of def.observationLayout(players)) {
    if (index >= s.offset && index < s.offset + s.size) return `segment '${s.name}' [${index - s.offset} of ${s.size}]`;
  }
  return 'outside every segment';
}

interface Evidence {
  /** Bit r + 1 set: a determinization for seat r (-1: the spectator) changed the field. */
  by: number;
  /** Checked states at which some determinization changed it. */
  states: number;
  last: number;
}

/** What determinizations changed in other seats' views over a run, for one seat count. */
export class PrivacyLedger {
  /** Checked states so far, and those where seats saw different things (the report's counts). */
  states = 0;
  /** Checked states in a row that added no evidence. */
  private quiet = 0;
  asymmetricStates = 0;
  resampledStates = 0;
  /** Collapsed array path -> every view so far had it one entry per seat. */
  private readonly perSeat = new Map<string, boolean>();
  /** `${q}\t${raw path}` -> which determinizations changed that leaf of view(q). */
  private readonly changed = new Map<string, Evidence>();
  /** The same by field (`view(q).hands[1][]`), as far as the run has seen: what counts as news. */
  private readonly liveFields = new Map<string, Evidence>();
  private readonly fieldCache = new Map<string, string>();
  /** `${q}\t${raw path}` -> checked states where that leaf of view(q) differed from view(-1). */
  private readonly unlikeSpectator = new Map<string, Evidence>();

  constructor(readonly players: number) {}

  /**
   * One checked state: determinize(p) for every seat (`worlds` each) and for the spectator keeps
   * what it must; the first world of each records what it changed in the other seats' views.
   * `seen` holds the state's views, proved plain JSON (checker.ts draws and checks them).
   */
  checkState(state: GameState, rng: Rng, worlds: number, seen: StateViews): void {
    const n = state.players;
    const index = ++this.states;
    const actor = state.currentPlayer();
    const legal = JSON.stringify(state.legalActions());
    const spectator = seen.spectator;
    let spectatorText: string | undefined;
    const spectatorJson = () => (spectatorText ??= JSON.stringify(spectator));
    const views: PlayerView[] = seen.seats;
    const viewJson: string[] = [];
    const recording = this.quiet < QUIET_STATES;
    const seatless = new Set<string>();
    for (let q = 0; q < n; q++) {
      viewJson.push(JSON.stringify(views[q]));
      seatless.add(textWithFirstKey(views[q] as unknown as Record<string, unknown>, viewJson[q], 'seat', 0));
      if (!recording) continue;
      this.noteShape(views[q]);
      diffLeaves(views[q], spectator, (path) => {
        if (path !== 'seat') this.note(this.unlikeSpectator, `${q}\t${path}`, 0, index);
      });
    }
    if (recording) this.noteShape(spectator);
    this.quiet++;
    if (seatless.size > 1) this.asymmetricStates++;
    let resampled = false;
    for (let p = -1; p < n; p++) {
      for (let k = 0; k < (p >= 0 ? worlds : recording ? 1 : 0); k++) {
        const world = state.determinize(p, rng.fork('checker-world'));
        if (p >= 0) {
          const mine = world.view(p);
          if (!sameJsonText(views[p], mine, () => viewJson[p])) {
            throw new Error(
              `determinize(${p}) changed view(${p})${firstDifference(views[p], mine)}: seat ${p} could tell that ` +
                `world from the real state. Either view(${p}) shows seat ${p} something it may not see (a leak), ` +
                `or determinize(${p}) resamples something seat ${p} sees: it must keep all of view(${p})`,
            );
          }
        }
        const seenBySpectator = world.view(-1);
        if (!sameJsonText(spectator, seenBySpectator, spectatorJson)) {
          throw new Error(
            `determinize(${p}) changed the spectator's view(-1)${firstDifference(spectator, seenBySpectator)}: ` +
              'the spectator sees only public information, which no world may change',
          );
        }
        if (world.currentPlayer() !== actor) throw new Error(`determinize(${p}) changed the seat to act`);
        if (p === actor && JSON.stringify(world.legalActions()) !== legal) {
          throw new Error(`determinize(${p}) changed the legal actions of seat ${p}, who is to act`);
        }
        if (k > 0 || !recording) continue;
        for (let q = 0; q < n; q++) {
          if (q === p) continue;
          const other = world.view(q);
          if (sameJsonText(views[q], other, () => viewJson[q])) continue;
          if (p >= 0) resampled = true;
          diffLeaves(views[q], other, (path) => {
            const key = `${q}\t${path}`;
            this.note(this.changed, key, p + 1, index);
            let field = this.fieldCache.get(key);
            if (field === undefined) this.fieldCache.set(key, (field = `${q}\t${this.fieldOf(path)}`));
            if (this.note(this.liveFields, field, p + 1, index)) this.quiet = 0;
          });
        }
      }
    }
    if (resampled) this.resampledStates++;
  }

  /** The fields found to hold hidden information, as `view(q).field`. */
  hiddenFields(): string[] {
    return [...this.fields(this.changed)].filter(([, e]) => e.states >= MIN_EVIDENCE).map(([key]) => key);
  }

  /** Throws, naming every such field, if some seat's hidden information was never resampled by another seat. */
  verify(): void {
    const problems: string[] = [];
    for (const [field, e] of this.fields(this.changed)) {
      if (e.states < MIN_EVIDENCE) continue;
      const q = Number(/^view\((\d+)\)/.exec(field)![1]);
      for (let p = 0; p < this.players; p++) {
        if (p === q || (e.by >> (p + 1)) & 1) continue;
        const r = e.by & 1 ? 'the spectator' : `seat ${Math.log2(e.by & -e.by) - 1}`;
        problems.push(
          `${field} holds hidden information (determinizations for ${r} changed it at ${e.states} checked ` +
            `states), yet no determinization for seat ${p} ever changed it: view(${q}) leaks something only ` +
            `seat ${p} knows, or determinize(${p}) keeps the true value of something seat ${p} cannot see`,
        );
      }
    }
    if (problems.length > 0) {
      throw new Error(`privacy (${this.players} players, ${this.states} checked states): ${problems.join('; ')}`);
    }
    if (this.asymmetricStates > 0 && this.resampledStates === 0) {
      const unlike = [...this.fields(this.unlikeSpectator)].sort((a, b) => b[1].states - a[1].states);
      const named = unlike.slice(0, 6).map(([field]) => field);
      if (unlike.length > named.length) named.push(`and ${unlike.length - named.length} more`);
      throw new Error(
        `privacy: seats saw what the spectator does not (${named.join(', ')}) in ${this.asymmetricStates} ` +
          `states, but no determinization ever changed what another seat sees: determinize keeps the hidden ` +
          `information (it returns the true state), or a view leaks another seat's secret, which no world ` +
          `then varies; determinize(p) must resample everything seat p cannot see (${this.players} players)`,
      );
    }
  }

  /** Records that `bit`'s determinization changed leaf `key` at this state; true if that is news. */
  private note(map: Map<string, Evidence>, key: string, bit: number, state: number): boolean {
    let e = map.get(key);
    if (e === undefined) map.set(key, (e = { by: 0, states: 0, last: 0 }));
    const news = ((e.by >> bit) & 1) === 0 || e.states < MIN_EVIDENCE;
    e.by |= 1 << bit;
    if (e.last !== state) {
      e.last = state;
      e.states++;
    }
    return news;
  }

  private noteShape(view: PlayerView): void {
    eachArray(view, '', (path, length) => {
      this.perSeat.set(path, length === this.players && this.perSeat.get(path) !== false);
    });
  }

  /** Raw leaves (`hands[1][3]`) grouped into fields (`view(0).hands[1][]`). */
  private fields(map: Map<string, Evidence>): Map<string, Evidence> {
    const out = new Map<string, Evidence>();
    for (const [key, e] of map) {
      const tab = key.indexOf('\t');
      const field = `view(${key.slice(0, tab)}).${this.fieldOf(key.slice(tab + 1))}`;
      const sum = out.get(field);
      if (sum === undefined) out.set(field, { ...e });
      else {
        sum.by |= e.by;
        sum.states = Math.max(sum.states, e.states);
      }
    }
    return out;
  }

  private fieldOf(raw: string): string {
    let collapsed = '';
    let kept = '';
    let from = 0;
    for (const m of raw.matchAll(/\[(\d+)\]/g)) {
      const before = raw.slice(from, m.index);
      const array = collapsed + before;
      collapsed = `${array}[]`;
      kept += before + (this.perSeat.get(array) === true ? m[0] : '[]');
      from = m.index + m[0].length;
    }
    return kept + raw.slice(from);
  }
}

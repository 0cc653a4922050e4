/**
 * The files of a training run in its output folder:
 *   <out>/model.json, weights.bin, meta.json   the model to ship (best so far), loadable any time
 *   <out>/metrics.jsonl                         one JSON row per generation / update
 *   <out>/curves.svg                            redrawn from the metrics after every row
 *   <out>/checkpoint/                           everything needed to resume (state.json, models, buffer)
 * JSON files are written to a temporary name and renamed, so an interrupted write never leaves a
 * half file behind: a run killed at any moment resumes from its last complete checkpoint.
 */
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { AgoraError } from '../envs/index.js';
import { curvesFromMetrics } from './curves.js';

export class RunFiles {
  readonly checkpoint: string;

  constructor(readonly out: string) {
    this.checkpoint = join(out, 'checkpoint');
  }

  get metricsPath(): string {
    return join(this.out, 'metrics.jsonl');
  }

  hasCheckpoint(): boolean {
    return existsSync(join(this.checkpoint, 'state.json'));
  }

  /** Starts over: removes the checkpoint and metrics of an earlier run in the same folder. */
  reset(): void {
    rmSync(this.checkpoint, { recursive: true, force: true });
    rmSync(this.metricsPath, { force: true });
    mkdirSync(this.checkpoint, { recursive: true });
  }

  writeJson(name: string, value: unknown): void {
    const path = join(this.checkpoint, name);
    mkdirSync(this.checkpoint, { recursive: true });
    writeFileSync(`${path}.tmp`, JSON.stringify(value));
    renameSync(`${path}.tmp`, path);
  }

  readJson<T>(name: string): T {
    const path = join(this.checkpoint, name);
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as T;
    } catch (err) {
      throw new AgoraError(
        'bad_state',
        `checkpoint file ${path} cannot be read (${err instanceof Error ? err.message : err}); start over with --fresh`,
      );
    }
  }

  metrics(): Record<string, unknown>[] {
    if (!existsSync(this.metricsPath)) return [];
    return readFileSync(this.metricsPath, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return []; // a line cut by a crash mid-write
        }
      });
  }

  appendMetrics(row: Record<string, unknown>, title: string, xLabel?: string): void {
    mkdirSync(this.out, { recursive: true });
    appendFileSync(this.metricsPath, `${JSON.stringify(row)}\n`);
    writeFileSync(join(this.out, 'curves.svg'), curvesFromMetrics(title, this.metrics(), xLabel));
  }

  /** Copies a saved model folder's three files to the output folder (the shipped model). */
  publish(modelDir: string, meta: unknown): void {
    mkdirSync(this.out, { recursive: true });
    for (const file of ['model.json', 'weights.bin']) cpSync(join(modelDir, file), join(this.out, `${file}.tmp`));
    for (const file of ['model.json', 'weights.bin']) renameSync(join(this.out, `${file}.tmp`), join(this.out, file));
    writeFileSync(join(this.out, 'meta.json.tmp'), `${JSON.stringify(meta, null, 2)}\n`);
    renameSync(join(this.out, 'meta.json.tmp'), join(this.out, 'meta.json'));
  }
}

/** What every trainer's checkpointed state starts with. */
export interface RunStateBase {
  algorithm: string;
  config: { game: string; players: number };
}

/**
 * Opens a run folder: the checkpointed state when there is one (refusing a run of another
 * algorithm, game or seat count with a clear error), else a fresh folder and `fresh()`'s state.
 */
export function openRun<S extends RunStateBase>(
  files: RunFiles,
  algorithm: S['algorithm'],
  game: string,
  players: number,
  restart: boolean,
  fresh: () => S,
): { state: S; resuming: boolean } {
  if (!restart && files.hasCheckpoint()) {
    const state = files.readJson<S>('state.json');
    if (state.algorithm !== algorithm)
      throw new AgoraError(
        'bad_state',
        `${files.out} holds a ${state.algorithm} run; use --algo ${state.algorithm} or --fresh`,
      );
    if (state.config.game !== game || state.config.players !== players) {
      throw new AgoraError(
        'bad_state',
        `${files.out} holds a run for ${state.config.game} with ${state.config.players} players; ` +
          'use another --out or --fresh',
      );
    }
    return { state, resuming: true };
  }
  files.reset();
  return { state: fresh(), resuming: false };
}

/**
 * Progress of a long command on stderr, the one way every command shows it (issue 24):
 * - on a terminal, a cli-progress bar redrawn in place;
 * - anywhere else (a CI job, nohup, a log file), where a bar draws nothing, a plain line every
 *   AGORA_PROGRESS_INTERVAL_MS (default 10 s), e.g. `tournament: 40/120 games, 3.1 games/s, ETA 26 s`,
 *   and a last line when the work ends (the counts and the time taken);
 * - with --quiet, nothing.
 * Results never go here: they go to stdout (cli/output.ts).
 */
import cliProgress from 'cli-progress';

export interface ProgressOptions {
  /** What is being done, first on every plain line: 'tournament', 'evaluate policy'. */
  label: string;
  /** How much work there is, in `unit`s. */
  total: number;
  /**
   * 'games' (or any count noun): lines show done/total, rate and ETA. 'seconds': the work is a
   * time budget (train), shown as minutes elapsed of the total.
   */
  unit: string;
  quiet?: boolean;
}

export interface Progress {
  /** Sets how much is done (and, optionally, the text after the figures: 'generation 3 self-play'). */
  update(done: number, detail?: string): void;
  /** Replaces the text after the figures, the amount done unchanged. */
  detail(detail: string): void;
  increment(): void;
  /**
   * Counts `count` units as done before this run began (games a journal already holds), so the
   * rate and the ETA measure only the work this run does.
   */
  resumed(count: number): void;
  /** Ends the display; a plain display writes its last line. Safe to call twice. */
  stop(): void;
}

const DEFAULT_INTERVAL_MS = 10_000;

/** The plain-line interval from AGORA_PROGRESS_INTERVAL_MS; 0 writes a line on every update. */
function intervalMs(): number {
  const raw = process.env.AGORA_PROGRESS_INTERVAL_MS;
  if (raw === undefined || raw.trim() === '') return DEFAULT_INTERVAL_MS;
  const ms = Number(raw);
  // A malformed value must not stop a long run: fall back to the default.
  return Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_INTERVAL_MS;
}

/** 26 s, 4.2 min, 1.5 h: a duration a person reads at a glance. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 90 * 60) return `${(seconds / 60).toFixed(1)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

/**
 * One plain progress line: counts, rate and ETA, or for a time budget, minutes of the total.
 * `resumed` of the `done` units were done before this run and count for neither rate nor ETA.
 */
export function progressLine(
  opts: Pick<ProgressOptions, 'label' | 'total' | 'unit'>,
  done: number,
  elapsedSeconds: number,
  detail = '',
  resumed = 0,
): string {
  const tail = detail ? `, ${detail}` : '';
  if (opts.unit === 'seconds') {
    const pct = opts.total > 0 ? Math.min(100, Math.round((100 * done) / opts.total)) : 100;
    return (
      `${opts.label}: ${formatDuration(done)} of ${formatDuration(opts.total)} (${pct}%), ` +
      `ETA ${formatDuration(Math.max(0, opts.total - done))}${tail}`
    );
  }
  const rate = elapsedSeconds > 0 ? (done - resumed) / elapsedSeconds : 0;
  const eta = rate > 0 ? formatDuration((opts.total - done) / rate) : '?';
  // Slow units (a ten-times game takes half a minute) would all read 0.0 a second at one decimal.
  const shown = rate > 0 && rate < 1 ? rate.toFixed(2) : rate.toFixed(1);
  return `${opts.label}: ${done}/${opts.total} ${opts.unit}, ${shown} ${opts.unit}/s, ETA ${eta}${tail}`;
}

const silent: Progress = { update() {}, detail() {}, increment() {}, resumed() {}, stop() {} };

export function startProgress(opts: ProgressOptions): Progress {
  if (opts.quiet) return silent;
  return process.stderr.isTTY ? barProgress(opts) : plainProgress(opts, intervalMs());
}

function barProgress(opts: ProgressOptions): Progress {
  const format =
    opts.unit === 'seconds'
      ? ' {bar} {percentage}% of time | {detail}'
      : ` {bar} {value}/{total} ${opts.unit} | {eta_formatted} left {detail}`;
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format, hideCursor: false },
    cliProgress.Presets.shades_classic,
  );
  let done = 0;
  bar.start(opts.total, 0, { detail: '' });
  return {
    resumed(count) {
      // A fresh start at the resumed count, so cli-progress's ETA sees only this run's pace.
      done = count;
      bar.start(opts.total, count, { detail: '' });
    },
    update(value, detail) {
      done = value;
      bar.update(value, detail === undefined ? undefined : { detail });
    },
    detail: (detail) => bar.update({ detail }),
    increment: () => bar.update(++done),
    stop: () => bar.stop(),
  };
}

function plainProgress(opts: ProgressOptions, interval: number): Progress {
  const began = Date.now();
  let done = 0;
  let resumedCount = 0;
  let detail = '';
  let lastLine = began;
  let stopped = false;
  let wrote = false;
  const elapsed = () => (Date.now() - began) / 1000;
  const write = () => {
    lastLine = Date.now();
    wrote = true;
    process.stderr.write(`${progressLine(opts, done, elapsed(), detail, resumedCount)}\n`);
  };
  const maybeWrite = () => {
    if (!stopped && Date.now() - lastLine >= interval) write();
  };
  // A timer too, so a run whose units are slow (a training generation) still shows a line on time.
  // unref: the timer never keeps the process alive.
  const timer = interval > 0 ? setInterval(maybeWrite, interval).unref() : undefined;
  return {
    update(value, text) {
      done = value;
      if (text !== undefined) detail = text;
      maybeWrite();
    },
    detail(text) {
      detail = text;
    },
    increment() {
      done++;
      maybeWrite();
    },
    resumed(count) {
      resumedCount = count;
      done = Math.max(done, count);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      // Work refused before it began (a bad agent spec) leaves no line: the error says it all.
      if (done === 0 && !wrote) return;
      // Neutral words: stop() also runs when the work failed part-way.
      const what = opts.unit === 'seconds' ? 'ended' : `${done}/${opts.total} ${opts.unit}`;
      process.stderr.write(`${opts.label}: ${what} after ${formatDuration(elapsed())}\n`);
    },
  };
}

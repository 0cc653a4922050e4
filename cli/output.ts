/**
 * Where a command's results go, the same on every command (issue 24):
 * - the human-readable results (tables, summaries) on stdout;
 * - with `--json <file>`, also a JSON document in that file (and `wrote <file>` on stdout);
 * - with `--json -`, the JSON document on stdout *instead of* the text, so a script reads exactly
 *   one JSON value from stdout;
 * - notes about the run (not results) on stderr, silenced by --quiet like the progress display.
 */
import { accessSync, constants, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CommandFailure } from './exit-codes.js';

export interface OutputOptions {
  /** No progress and no notes on stderr: only results and errors. */
  quiet?: boolean;
  /** A file for the JSON document, or '-' for stdout. */
  json?: string;
}

export class Output {
  constructor(private readonly opts: OutputOptions) {
    // A long run that could not save its JSON at the end loses its work: check the folder first.
    if (opts.json !== undefined && opts.json !== '-') {
      const folder = dirname(resolve(opts.json));
      try {
        accessSync(folder, constants.W_OK);
      } catch {
        throw new CommandFailure(`--json ${opts.json}: cannot write to the folder ${folder} (missing or not writable)`);
      }
    }
  }

  get quiet(): boolean {
    return this.opts.quiet === true;
  }

  /** True when stdout carries only the JSON document. */
  get jsonOnStdout(): boolean {
    return this.opts.json === '-';
  }

  /** Human-readable results: stdout, unless `--json -` gives stdout to the JSON document. */
  text(text: string): void {
    if (!this.jsonOnStdout) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** A note about the run (not a result): stderr, unless --quiet. */
  note(text: string): void {
    if (!this.quiet) process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** The machine-readable result: to the --json file or to stdout; nothing without --json. */
  json(value: unknown): void {
    if (this.opts.json === undefined) return;
    const text = JSON.stringify(value, null, 2);
    if (this.jsonOnStdout) {
      process.stdout.write(`${text}\n`);
      return;
    }
    writeFileSync(this.opts.json, text);
    process.stdout.write(`wrote ${this.opts.json}\n`);
  }
}

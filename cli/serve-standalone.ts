/**
 * `agora serve` on its own: the entry of the bundle the Python package ships
 * (scripts/bundle-serve.ts), so one file holds the env server without the rest of the CLI.
 * It takes serve's options: --socket <path>, --spin <microseconds>, --quiet.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_SPIN_MICROS } from '../play/index.js';
import { serveCommand } from './commands/serve.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { socket: { type: 'string' }, spin: { type: 'string' }, quiet: { type: 'boolean', short: 'q' } },
});
if (positionals.length > 1 || (positionals.length === 1 && positionals[0] !== 'serve')) {
  process.stderr.write(`agora-serve: the only command is 'serve'; got '${positionals.join(' ')}'\n`);
  process.exit(2);
}
const spin = values.spin === undefined ? DEFAULT_SPIN_MICROS : Number(values.spin);
if (!Number.isInteger(spin) || spin < 0) {
  process.stderr.write(`agora-serve: --spin takes a whole number of microseconds >= 0; got '${values.spin}'\n`);
  process.exit(2);
}
await serveCommand({ socket: values.socket, spin, quiet: values.quiet });

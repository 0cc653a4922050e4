/** Rewrites python/agora/_games.py from the games' tables (scripts/python-games.ts). */
import { writeFileSync } from 'node:fs';
import { pythonGamesModule } from './python-games.js';

writeFileSync('python/agora/_games.py', pythonGamesModule());
process.stdout.write('wrote python/agora/_games.py\n');

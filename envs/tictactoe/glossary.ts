import type { GlossaryEntry } from '../core/board.js';

/** Tic-tac-toe has no cards or tiles. */
export const GLOSSARY: readonly GlossaryEntry[] = [];

import type { GlossaryEntry } from '../../../envs/index.js';

/** Goofspiel's cards are plain values; the ace counts 1. */
export const GLOSSARY: readonly GlossaryEntry[] = [{ term: 'A', text: 'The ace: a card of value 1.', kind: 'card' }];

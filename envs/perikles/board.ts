/**
 * What Perikles gives people besides its rules engine (core/board.ts): the drawn board, the sentence
 * for the decision at hand, the reference of every component and the rules page.
 */
export { renderSvg } from './board-svg.js';
export { describeDecision } from './decision.js';
export { GLOSSARY } from './glossary.js';
export { RULES } from './rules-doc.js';

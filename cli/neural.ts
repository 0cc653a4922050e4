/** Loads TensorFlow.js (slow: about a second) only when a spec names a neural agent. */
export async function prepareAgents(specs: readonly string[]): Promise<void> {
  if (specs.some((spec) => /^(neural|az):/.test(spec))) await import('../training/index.js');
}

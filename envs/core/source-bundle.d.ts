// Types of envs/core/source-bundle.js, JavaScript because it runs before TypeScript can be compiled.

/**
 * The file URL of a cached bundle of the TypeScript file `entry`, rebuilt if a source changed;
 * undefined if it cannot be built.
 */
export function sourceBundle(entry: string, root?: string): Promise<string | undefined>;

/** Runs the TypeScript file at `entry` from its bundle, or under tsx (AGORA_BUNDLE=0, or no bundle). */
export function runSource(entry: URL): Promise<void>;

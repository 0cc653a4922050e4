// Types of cli/cli-bundle.js, which is JavaScript because it runs before TypeScript can be compiled.

/** The file URL of the CLI's cached bundle, rebuilt if a source changed; undefined if it cannot be built. */
export function cliBundle(root?: string): Promise<string | undefined>;

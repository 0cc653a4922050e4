/**
 * A promise that resolves at the first SIGINT or SIGTERM. Long-running commands take it before
 * they announce they are ready: supervisors (and tests) stop them on that line, and a signal that
 * found Node's default handler instead would kill the process mid-job. A second signal kills as usual.
 */
export function stopRequested(): Promise<void> {
  return new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
}

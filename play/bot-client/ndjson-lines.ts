/** Splitting a streamed response body into its lines (NDJSON), whatever the chunk boundaries. */

/**
 * The body's lines, without their line ends, as they complete; blank lines are yielded as '' (the
 * arena's keep-alives, which tell the caller the connection is alive). A last line without a line
 * end is dropped: it is what was left of an event when the connection was cut, and the arena sends
 * live matches and waiting turns again on reconnecting.
 */
export async function* ndjsonLines(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  // A streaming decoder: a character split across two chunks is decoded whole.
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = pending.indexOf('\n')) >= 0) {
      yield pending.slice(0, end).replace(/\r$/, '');
      pending = pending.slice(end + 1);
    }
  }
}

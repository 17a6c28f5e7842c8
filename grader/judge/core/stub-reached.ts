// A starter stub reached, however its `not implemented: <what>` reached the grader: on stderr (the harness's report of
// a NotImplementedError), or inside the output, where a student's catch-all turned it into an error result.

const STUB = /not implemented: ([^\n"]+)/;
/** How many values of a received document are looked at, at most: the search stays cheap whatever was printed. */
const MAX_VALUES = 2_000;

// The `<what>` of the first "not implemented: <what>" among the strings of a JSON value (searched breadth-first).
export function stubInValue(value: unknown): string | undefined {
  const queue: unknown[] = [value];
  for (let seen = 0; seen < queue.length && seen < MAX_VALUES; seen++) {
    const item = queue[seen];
    if (typeof item === 'string') {
      const found = STUB.exec(item)?.[1]?.trim();
      if (found) return found;
    } else if (item !== null && typeof item === 'object') {
      queue.push(...Object.values(item as Record<string, unknown>).slice(0, MAX_VALUES));
    }
  }
  return undefined;
}

// The `<what>` of a "not implemented: <what>" line on stderr.
export function stubInStderr(stderr: string): string | undefined {
  return /^(?:\w*Error: )?not implemented: (.+)$/m.exec(stderr)?.[1]?.trim();
}

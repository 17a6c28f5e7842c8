// The closest known word to a misspelt one, for "did you mean" suggestions.

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

// Whether one word holds the other as a large part of itself ("call" in "calls"; not "ls" in "regster-tools").
function containsMostOf(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 3 && short.length * 2 >= long.length && long.includes(short);
}

// The candidate within a third of the word's length in edits, or one that contains most of it; undefined when none is close.
export function closest(word: string, candidates: string[]): string | undefined {
  const lower = word.toLowerCase();
  const ranked = candidates
    .map((c) => ({ c, d: containsMostOf(lower, c.toLowerCase()) ? 0.5 : editDistance(lower, c.toLowerCase()) }))
    .sort((x, y) => x.d - y.d || (x.c < y.c ? -1 : 1));
  const best = ranked[0];
  return best && best.d <= Math.max(2, Math.ceil(word.length / 3)) ? best.c : undefined;
}

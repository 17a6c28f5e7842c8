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

// The candidate within a third of the word's length in edits, or one that contains it; undefined when none is close.
export function closest(word: string, candidates: string[]): string | undefined {
  const lower = word.toLowerCase();
  const ranked = candidates
    .map((c) => ({ c, d: c.includes(lower) || lower.includes(c) ? 0.5 : editDistance(lower, c) }))
    .sort((x, y) => x.d - y.d || (x.c < y.c ? -1 : 1));
  const best = ranked[0];
  return best && best.d <= Math.max(2, Math.ceil(word.length / 3)) ? best.c : undefined;
}

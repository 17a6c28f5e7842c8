// How the elements of an expected array meet those of a received one: by index as a rule, but by an identity field
// (`id`, `tool_call_id`, `name`) when every expected element has one, and with moved elements found where they went,
// so a dropped, added or reordered element is named once instead of shifting every field after it.

/** One step of the comparison, in expected order. Indexes are expected (`i`) and received (`j`) positions. */
export type AlignStep =
  | { step: 'walk'; i: number; j: number }
  | { step: 'missing'; i: number }
  | { step: 'unexpected'; j: number }
  | { step: 'moved'; i: number; j: number };

/** How an array pair is compared: step by step, or as one reordering of the same elements. */
export type Alignment = { identity?: string; steps: AlignStep[] } | { reordered: [number, number][] };

/** The identity fields tried, in order. */
export const IDENTITY_KEYS = ['id', 'tool_call_id', 'name'] as const;
/** Arrays longer than this are compared by index (aligning costs the product of the lengths). */
export const MAX_ALIGNED = 64;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// The identity field every expected element carries as a distinct string, or undefined.
export function identityKey(expected: readonly unknown[]): string | undefined {
  if (expected.length === 0) return undefined;
  return IDENTITY_KEYS.find((key) => {
    const values = expected.map((e) => (isPlainObject(e) && typeof e[key] === 'string' ? e[key] : undefined));
    return values.every((v) => v !== undefined) && new Set(values).size === values.length;
  });
}

// The longest common subsequence of two lengths under `same`, as [i, j] pairs in order.
function commonRun(n: number, m: number, same: (i: number, j: number) => boolean): [number, number][] {
  const table = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const row = table[i] as number[];
      row[j] = same(i, j) ? (table[i + 1] as number[])[j + 1] as number + 1 : Math.max((table[i + 1] as number[])[j] as number, row[j + 1] as number);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (same(i, j)) pairs.push([i++, j++]);
    else if (((table[i + 1] as number[])[j] as number) >= ((table[i] as number[])[j + 1] as number)) i++;
    else j++;
  }
  return pairs;
}

// The steps for two arrays: `same` says whether expected[i] and received[j] are the same element (by identity, or
// agreeing whole); `byIdentity` says an unmatched pair in one gap is two different elements rather than one changed.
// Undefined when plain index order says it best (nothing moved, nothing matched off its index).
export function alignArrays(n: number, m: number, same: (i: number, j: number) => boolean, byIdentity: boolean): Alignment | undefined {
  const run = commonRun(n, m, same);
  // Arrays of one length that agree at as many indexes as any alignment finds: one element changed in place, not one
  // dropped and another added (["HI", "hi"] for ["hi", "hi"] is results[0] changed).
  if (!byIdentity && n === m && range(0, n).filter((i) => same(i, i)).length >= run.length) return undefined;
  const inRun = { i: new Set(run.map(([i]) => i)), j: new Set(run.map(([, j]) => j)) };
  // Elements left over on both sides that are the same element: moved out of the common order.
  const moves: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    if (inRun.i.has(i)) continue;
    for (let j = 0; j < m; j++) {
      if (!inRun.j.has(j) && !moves.some(([, k]) => k === j) && same(i, j)) {
        moves.push([i, j]);
        break;
      }
    }
  }
  const shifted = run.some(([i, j]) => i !== j);
  if (!byIdentity && moves.length === 0 && !shifted) return undefined;
  if (byIdentity && moves.length === 0 && !shifted && run.length === n && n === m) return undefined;
  if (n === m && run.length + moves.length === n && moves.length > 0) {
    const all = [...run, ...moves].sort((a, b) => a[0] - b[0]).filter(([i, j]) => i !== j);
    return { reordered: all };
  }
  const moved = new Map(moves);
  const movedTo = new Set(moves.map(([, j]) => j));
  const steps: AlignStep[] = [];
  let nextI = 0;
  let nextJ = 0;
  // Walk the gaps between anchors of the common run: left-over elements of one gap pair up by position (one element
  // changed), unless they are known to be different elements.
  for (const [ai, aj] of [...run, [n, m] as [number, number]]) {
    const gapI = range(nextI, ai);
    const gapJ = range(nextJ, aj).filter((j) => !movedTo.has(j));
    for (const i of gapI) {
      const j = moved.get(i);
      if (j !== undefined) steps.push({ step: 'moved', i, j });
      else if (!byIdentity && gapJ.length > 0) steps.push({ step: 'walk', i, j: gapJ.shift() as number });
      else steps.push({ step: 'missing', i });
    }
    for (const j of gapJ) steps.push({ step: 'unexpected', j });
    if (ai < n) steps.push({ step: 'walk', i: ai, j: aj });
    nextI = ai + 1;
    nextJ = aj + 1;
  }
  return { steps };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
}

// The stubs a starter declares: each `throw new NotImplementedError('<what>')` in its sources, which the harness prints
// as "not implemented: <what>" when a case reaches it.

// Every stub a set of starter source texts declares, sorted.
export function starterStubs(sources: string[]): string[] {
  const found = sources.flatMap((text) => [...text.matchAll(/new NotImplementedError\(\s*(['"`])(.+?)\1\s*\)/g)].map((m) => m[2] ?? ''));
  return [...new Set(found)].sort();
}

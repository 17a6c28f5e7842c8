import type { StageResult } from './types.ts';

/** One stage as graded against the reference and against a fresh starter. */
export type StagePair = { reference: StageResult; starter: StageResult };

// One line per stage saying whether the reference passes every case and the starter fails every case, and a surprise count.
export function verifyLines(pairs: StagePair[], paint: { ok: (s: string) => string; bad: (s: string) => string }): { lines: string[]; surprises: number } {
  const width = Math.max(...pairs.map((p) => p.reference.stage.slug.length));
  let surprises = 0;
  const lines = pairs.map(({ reference, starter }) => {
    const total = reference.cases.length;
    const passed = reference.cases.filter((c) => c.verdict.status === 'pass');
    const starterPassed = starter.cases.filter((c) => c.verdict.status === 'pass');
    const good = passed.length === total && total > 0 && starterPassed.length === 0;
    if (!good) surprises++;
    const mark = good ? paint.ok('✓') : paint.bad('✗');
    const detail = [
      ...reference.cases.filter((c) => c.verdict.status !== 'pass').map((c) => `    reference fails: ${c.case.name} (${c.case.file})`),
      ...starterPassed.map((c) => `    starter passes: ${c.case.name} (${c.case.file})`),
    ];
    return [`${mark} ${reference.stage.slug.padEnd(width)}  reference passes ${passed.length}/${total} · starter fails ${starter.cases.length - starterPassed.length}/${starter.cases.length}`, ...detail].join('\n');
  });
  lines.push('', surprises === 0 ? paint.ok(`verified ${pairs.length} stages`) : paint.bad(`${surprises} of ${pairs.length} stages are not as expected`));
  return { lines, surprises };
}

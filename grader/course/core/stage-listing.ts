import type { Stage, StageStatus } from './types.ts';

type Saved = Record<string, { status: StageStatus; passed: number; total: number }>;
type Paint = { pass: (s: string) => string; fail: (s: string) => string; todo: (s: string) => string; bold: (s: string) => string };

// The `stages` listing: one line per stage in course order, its last status (with the note of a stage that fails only
// on cases added since the student passed it), and what to do next.
export function stageListing(stages: Stage[], caseCounts: Map<string, number>, saved: Saved, paint: Paint, notes: ReadonlyMap<string, string> = new Map()): string {
  const width = Math.max(...stages.map((s) => s.slug.length));
  const lines = stages.map((stage, i) => {
    const last = saved[stage.slug];
    const number = String(i + 1).padStart(2);
    const cases = caseCounts.get(stage.slug) ?? 0;
    if (!last) return paint.todo(`${number}  ·  ${stage.slug.padEnd(width)}  ${stage.title}  (not yet, ${cases} cases)`);
    const mark = last.status === 'pass' ? paint.pass('✓') : paint.fail('✗');
    const score = `${last.passed}/${last.total}`;
    const line = `${number}  ${mark}  ${stage.slug.padEnd(width)}  ${stage.title}  (${last.status === 'pass' ? paint.pass(score) : paint.fail(score)})`;
    const note = notes.get(stage.slug);
    return note === undefined ? line : `${line}\n${' '.repeat(number.length + 5)}${note}`;
  });
  const next = stages.find((s) => saved[s.slug]?.status !== 'pass');
  lines.push('', next ? `next: ${paint.bold(next.slug)} — npx dispatch-lab show ${next.slug}` : paint.pass('every stage passes.'));
  return lines.join('\n');
}

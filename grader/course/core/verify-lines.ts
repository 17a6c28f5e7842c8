import type { CaseResult, Stage, StageResult } from './types.ts';

/** One stage as graded against the reference and against a fresh starter, with its worked example run on the reference. */
export type StagePair = {
  reference: StageResult;
  starter: StageResult;
  /** The stage text's worked example graded against the reference; absent when not checked (a --case selection, no text). */
  example?: CaseResult;
  /** Why the worked example could not be read from the stage text. */
  exampleProblem?: string;
};

/** How verify paints and explains: colours, and the failure block `test` prints for a case. */
export type VerifyView = { ok: (s: string) => string; bad: (s: string) => string; details: (result: CaseResult, stage: Stage) => string };

/** What verify knows about the starter beyond its verdicts: the stubs its sources declare. */
export type StarterFacts = { stubs: string[] };

// Why a starter's failing case does not fail the way a fresh starter must ("not implemented" at a stub it declares), or nothing.
export function starterFailureProblem(result: CaseResult, facts: StarterFacts): string | undefined {
  const v = result.verdict;
  if (v.status === 'pass') return `starter passes: ${result.case.name} (${result.case.file})`;
  const stub = v.status === 'fail' ? v.failures.find((f) => f.kind === 'not-implemented') : undefined;
  if (!stub || stub.kind !== 'not-implemented') return `starter fails ${result.case.name} (${result.case.file}) without "not implemented": every part a stage needs must be a stub in starter/`;
  if (!facts.stubs.includes(stub.what)) return `starter stops at "not implemented: ${stub.what}", which no stub in starter/ declares (a stub or an export is missing): ${result.case.name}`;
  return undefined;
}

// Lines indented under a stage line.
function indented(text: string, prefix = '    '): string {
  return text.split('\n').map((line) => `${prefix}${line}`).join('\n');
}

// One block per stage saying whether the reference passes every case, the starter fails every case at a stub, and the
// stage text's worked example matches the reference; a reference failure shows the same block as `test`.
export function verifyLines(pairs: StagePair[], view: VerifyView, facts: StarterFacts): { lines: string[]; surprises: number } {
  const width = Math.max(0, ...pairs.map((p) => p.reference.stage.slug.length));
  let surprises = 0;
  const lines = pairs.map((pair) => {
    const { reference, starter } = pair;
    const stage = reference.stage;
    const total = reference.cases.length;
    const passed = reference.cases.filter((c) => c.verdict.status === 'pass').length;
    const referenceFails = reference.cases.filter((c) => c.verdict.status !== 'pass');
    const starterProblems = starter.cases.map((c) => starterFailureProblem(c, facts)).filter((p): p is string => p !== undefined);
    const exampleFails = pair.example !== undefined && pair.example.verdict.status !== 'pass';
    const empty = total === 0 && !stage.draft;
    const good = referenceFails.length === 0 && starterProblems.length === 0 && !exampleFails && pair.exampleProblem === undefined && !empty;
    if (!good) surprises++;
    const starterFailed = starter.cases.filter((c) => c.verdict.status !== 'pass').length;
    const example = pair.example === undefined ? '' : ` · worked example ${exampleFails ? 'differs' : 'matches'}`;
    const head = `${good ? view.ok('✓') : view.bad('✗')} ${stage.slug.padEnd(width)}  reference passes ${passed}/${total} · starter fails ${starterFailed}/${starter.cases.length}${example}${stage.draft ? ' · draft' : ''}`;
    const detail = [
      ...(empty ? ['    no cases: add one with npx dispatch-lab new case ' + stage.slug + ' "<name>"'] : []),
      ...referenceFails.map((c) => indented(view.details(c, stage))),
      ...(referenceFails.length > 0 ? [`    the reference is the answer key: fix the reference, or the case (review with npx dispatch-lab record --check --stage ${stage.slug}; record --update --case <name> replaces the expectation)`] : []),
      ...starterProblems.map((p) => `    ${p}`),
      ...(pair.exampleProblem ? [`    stages/${stage.slug}.md: ${pair.exampleProblem}`] : []),
      ...(exampleFails && pair.example ? [indented(view.details(pair.example, stage)), `    the worked example in stages/${stage.slug}.md must print what the reference prints: fix the text (or the reference)`] : []),
    ];
    return [head, ...detail].join('\n');
  });
  lines.push('', surprises === 0 ? view.ok(`verified ${pairs.length} stage${pairs.length === 1 ? '' : 's'}`) : view.bad(`${surprises} of ${pairs.length} stages are not as expected`));
  return { lines, surprises };
}

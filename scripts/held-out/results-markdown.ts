// test/held-out/RESULTS.md: the totals, then each variant's mistake, first block and verdict. Pure.
import type { Totals, VariantScore } from './score.ts';

/** What the page says about the run itself. */
export type RunFacts = {
  // The commit of the grader graded (git rev-parse --short HEAD), "+ changes" when the tree was dirty.
  commit: string;
  // When the run ended (ISO 8601).
  date: string;
  durationS: number;
};

// The whole page.
export function resultsMarkdown(scores: readonly VariantScore[], totals: Totals, facts: RunFacts): string {
  const stages = [...new Set(scores.map((s) => s.stage))];
  return [
    '# Held-out set: results',
    '',
    `Written by \`npm run held-out\` (scripts/held-out.ts) on ${facts.date}, grading commit ${facts.commit}, in ${facts.durationS} s. Each variant of`,
    '`test/held-out/` (see its README for how the set was made) is graded on its own stage as a student is graded',
    '(`dispatch-lab test --stage <stage> --no-color`); its first failure block counts as **named** when a `note:`, `likely',
    "mistake:`, `known mistake:` or `hint:` line matches the variant's `Names` regex. A *possible misfire* is a `likely",
    "mistake:` or `known mistake:` line the regex does not match: read it, it may assert a mistake that was not made.",
    '',
    '## Totals',
    '',
    '| variants | failed their stage | named by the first block | possible misfires | pass every case | grader faults |',
    '|---|---|---|---|---|---|',
    `| ${totals.variants} | ${totals.failed} | ${totals.named} of ${totals.failed} (${totals.namedPercent}) | ${totals.possibleMisfires} | ${totals.passed} | ${totals.faults} |`,
    '',
    '| stage | variants | named | not named | possible misfires | pass every case |',
    '|---|---|---|---|---|---|',
    ...stages.map((stage) => stageRow(stage, scores.filter((s) => s.stage === stage))),
    '',
    ...listSection('Variants that pass every case (mistakes the cases do not catch)', scores.filter((s) => s.status === 'passed')),
    ...listSection('Variants not named by their first block', scores.filter((s) => s.status === 'failed' && s.namedBy === undefined)),
    ...listSection('Possible misfires', scores.filter((s) => s.unmatchedAssertions.length > 0)),
    ...stages.flatMap((stage) => [`## ${stage}`, '', ...scores.filter((s) => s.stage === stage).flatMap(variantSection)]),
  ].join('\n');
}

function stageRow(stage: string, scores: readonly VariantScore[]): string {
  const named = scores.filter((s) => s.namedBy !== undefined).length;
  const failed = scores.filter((s) => s.status === 'failed').length;
  const misfires = scores.filter((s) => s.unmatchedAssertions.length > 0).length;
  return `| ${stage} | ${scores.length} | ${named} | ${failed - named} | ${misfires} | ${scores.filter((s) => s.status === 'passed').length} |`;
}

function listSection(title: string, scores: readonly VariantScore[]): string[] {
  const items = scores.length === 0 ? ['None.'] : scores.map((s) => `- \`${s.stage}/${s.name}\`: ${s.mistake}`);
  return [`## ${title}`, '', ...items, ''];
}

function variantSection(score: VariantScore): string[] {
  const lines = [`### ${score.stage}/${score.name}`, '', `**Mistake:** ${score.mistake}`, '', `**Names:** \`${score.names}\``, '', `**Verdict:** ${verdict(score)}`, ''];
  if (score.unmatchedAssertions.length > 0) lines.push(`**Possible misfire:** ${score.unmatchedAssertions.map((l) => `\`${l}\``).join('; ')}`, '');
  if (score.block !== undefined) lines.push(...fenced(score.block), '');
  if (score.problem !== undefined) lines.push(...fenced(score.problem), '');
  return lines;
}

function verdict(score: VariantScore): string {
  if (score.status === 'passed') return 'passes every case of its stage (the cases do not catch this mistake)';
  if (score.status === 'fault') return `the grader could not grade it (exit ${score.exitCode})`;
  return score.namedBy === undefined ? 'not named' : `named, by \`${score.namedBy}\``;
}

// A code fence longer than any run of backticks inside, so the block shows verbatim.
function fenced(text: string): string[] {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}text`, text, fence];
}

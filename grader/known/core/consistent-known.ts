// One case can print what several different mistakes print; the stage's other cases tell them apart. A known mistake
// stays named on a stage's results only where the whole run is exactly that mistake's: over the cases that were
// compared, the program fails exactly the cases the mistake's variant fails (no more, no fewer), and on every one of
// them the library records what the variant prints and the program printed exactly that (so the case names it too).
// A case the two recording runs disagreed on (the variant failed it once) is left out of the comparison for that mistake;
// one both runs failed but printed otherwise (or printed nothing a fingerprint is taken of) is compared by verdict alone:
// the program must fail it too, whatever it printed there.
import type { CaseResult } from '../../course/core/types.ts';
import { caseKey, type RecordedMistake, type StageKnownMistakes } from './known-mistakes.ts';

// Whether a result is a run whose output the library could have been compared with: not skipped, not cut short, not private.
export function wasCompared(result: CaseResult): boolean {
  if (result.case.private || result.verdict.status === 'skip') return false;
  return !(result.verdict.status === 'timeout' && result.verdict.cutShort);
}

/** A compared case as the rule sees it. */
type Compared = { key: string; isFailed: boolean; recorded: Set<string>; named: Set<string> };

// The variant names the library records a print of on the case `key`.
function namesOn(table: StageKnownMistakes, key: string): Set<string> {
  return new Set(Object.values(table.cases[key] ?? {}).flat());
}

// Whether the compared cases are exactly mistake `name`'s: the same failing set, and its recorded print on every one of
// them whose print is known (an unprinted one: failing is enough). A failing case whose print was known but is not kept
// (too many variants print it) leaves the run unknown there, so the mistake is not named: never a guess.
function isExactly(name: string, mistake: RecordedMistake | undefined, compared: readonly Compared[]): boolean {
  if (!mistake) return false;
  const fails = new Set(mistake.fails);
  const unsure = new Set(mistake.unsure ?? []);
  const unprinted = new Set(mistake.unprinted ?? []);
  return compared.every(({ key, isFailed, named }) => unsure.has(key) || (fails.has(key) ? isFailed && (named.has(name) || unprinted.has(key)) : !isFailed));
}

// The stage's results with each known mistake kept only where the compared cases are exactly that mistake's (see above).
export function consistentKnown(results: CaseResult[], table: StageKnownMistakes | undefined, stage: string): CaseResult[] {
  if (!table || !results.some((r) => (r.known ?? []).length > 0)) return results;
  const nameOf = (id: string) => id.slice(stage.length + 1);
  const compared: Compared[] = results.filter(wasCompared).map((r) => {
    const key = caseKey(r.case.file);
    return { key, isFailed: r.verdict.status !== 'pass', recorded: namesOn(table, key), named: new Set((r.known ?? []).map((k) => nameOf(k.id))) };
  });
  const decided = new Map<string, boolean>();
  const holds = (name: string) => {
    const known = decided.get(name) ?? isExactly(name, table.mistakes[name], compared);
    decided.set(name, known);
    return known;
  };
  return results.map((r) => {
    if (!r.known) return r;
    const known = r.known.filter((k) => holds(nameOf(k.id)));
    if (known.length === r.known.length) return r;
    const { known: _dropped, ...rest } = r;
    return known.length > 0 ? { ...rest, known } : rest;
  });
}

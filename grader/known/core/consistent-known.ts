// One case can print what several different mistakes print; the stage's other cases tell them apart. A known mistake
// stays named on a stage's results only where the whole run agrees with it: on every case that ran and for which the
// library records what that mistake prints, the program printed exactly that too (so the case names it as well).
import type { CaseResult } from '../../course/core/types.ts';
import { caseKey, type StageKnownMistakes } from './known-mistakes.ts';

// Whether a result is a run whose output the library could have been compared with: not skipped, not cut short, not private.
function wasCompared(result: CaseResult): boolean {
  if (result.case.private || result.verdict.status === 'skip') return false;
  return !(result.verdict.status === 'timeout' && result.verdict.cutShort);
}

// The variant names the library records a print of on the case `key`.
function namesOn(table: StageKnownMistakes, key: string): Set<string> {
  return new Set(Object.values(table.cases[key] ?? {}).flat());
}

// The stage's results with each known mistake kept only where every compared case agrees with it (see above).
export function consistentKnown(results: CaseResult[], table: StageKnownMistakes | undefined, stage: string): CaseResult[] {
  if (!table || !results.some((r) => (r.known ?? []).length > 0)) return results;
  const nameOf = (id: string) => id.slice(stage.length + 1);
  const compared = results.filter(wasCompared).map((r) => ({ recorded: namesOn(table, caseKey(r.case.file)), named: new Set((r.known ?? []).map((k) => nameOf(k.id))) }));
  const agrees = (name: string) => compared.every(({ recorded, named }) => !recorded.has(name) || named.has(name));
  return results.map((r) => {
    if (!r.known) return r;
    const known = r.known.filter((k) => agrees(nameOf(k.id)));
    if (known.length === r.known.length) return r;
    const { known: _dropped, ...rest } = r;
    return known.length > 0 ? { ...rest, known } : rest;
  });
}

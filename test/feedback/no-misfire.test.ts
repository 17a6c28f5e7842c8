// No declared mistake and no shape note may fire on a correct answer. The correct answers are the reference's own
// outputs, as recorded into the case files (`record --check` keeps them equal). Three ways a correct value reaches a
// difference are tried: printed where it belongs, printed for another element of a reordered array, and printed with
// one element of an array left out; and a pattern that says how a value must look never matches a correct value.
import { describe, expect, it } from 'vitest';
import { conditionHolds, isMistake, likelyMistake } from '../../grader/judge/core/mistakes.ts';
import { firstShapeNote } from '../../grader/notes/core/difference-shapes.ts';
import { jsonDiff } from '../../grader/judge/core/json-diff.ts';
import type { MistakePattern } from '../../grader/course/core/types.ts';
import { manifestStages, referenceOutputs, valuesOf, withArray, type ReferenceOutput } from './reference-outputs.ts';

const stages = manifestStages();
/** Notes that may answer a difference made only of correct values: where elements are, and which are missing. */
const ORDER_NOTE = /^note: (the same \S+ in another order|the .+ expected at \[\d+\] is at \[\d+\]|the .+ is (missing from|not expected in) \S+$|\S+ lacks the .+ expected at .+, and every .+ before (it|them) is as expected$)/;

function pathRegex(path: string): RegExp {
  const literal = (path === 'stdout' ? '' : path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal.replaceAll('\\[\\*\\]', '\\[\\d+\\]')}$`);
}

// Each array of a document with two or more different elements, as the path to it.
function arraysOf(doc: unknown): { path: string; items: unknown[] }[] {
  return valuesOf(doc).flatMap((l) => (Array.isArray(l.value) && new Set(l.value.map((v) => JSON.stringify(v))).size > 1 ? [{ path: l.path, items: l.value }] : []));
}

// The received documents made only of correct values: each array with two neighbours swapped, or one element dropped.
function shuffledOutputs(output: ReferenceOutput): { how: string; received: unknown }[] {
  return arraysOf(output.stdout).flatMap(({ path, items }) => {
    const at = items.findIndex((item, i) => i + 1 < items.length && JSON.stringify(item) !== JSON.stringify(items[i + 1]));
    const swapped = withArray(output.stdout, path, (xs) => [...xs.slice(0, at), xs[at + 1], xs[at], ...xs.slice(at + 2)]);
    const dropped = withArray(output.stdout, path, (xs) => xs.filter((_, i) => i !== at));
    return [{ how: `${path || 'stdout'}: [${at}] and [${at + 1}] swapped`, received: swapped }, { how: `${path || 'stdout'}: [${at}] left out`, received: dropped }];
  });
}

describe.each(stages.map((s) => [s.slug, s] as const))('%s', (slug, stage) => {
  const outputs = referenceOutputs(slug);
  const patterns: MistakePattern[] = stage.mistakes ?? [];

  it('has recorded outputs to try', () => {
    expect(outputs.length).toBeGreaterThan(0);
  });

  it('calls no correct value a mistake where it belongs', () => {
    const fired = outputs.flatMap((o) => valuesOf(o.stdout).flatMap((l) => patterns
      .filter((p) => isMistake(p, { kind: 'value', path: l.path, expected: l.value, received: l.value }))
      .map((p) => `${o.file} ${l.path}: ${p.hint}`)));
    expect(fired).toEqual([]);
  });

  it('names no mistake and gives no shape note but an order one when correct elements are moved or left out', () => {
    const misfires = outputs.flatMap((o) => shuffledOutputs(o).flatMap(({ how, received }) => {
      const mismatches = jsonDiff(o.stdout, received);
      // A pattern on order answers exactly this difference; any other would be a misfire.
      const mistake = likelyMistake(patterns.filter((p) => !('order' in p)), mismatches);
      const note = firstShapeNote(mismatches);
      return [
        ...(mismatches.length === 0 ? [`${o.file} (${how}): the difference went unseen`] : []),
        ...(mistake ? [`${o.file} (${how}): likely mistake: ${mistake.hint}`] : []),
        ...(note && !ORDER_NOTE.test(note) ? [`${o.file} (${how}): ${note}`] : []),
      ];
    }));
    expect(misfires).toEqual([]);
  });

  it('has no pattern on how a value must look that a correct value meets (a pattern for a confusion of two forms names the expected one)', () => {
    const hits = patterns.filter((p) => !('present' in p) && !('absent' in p) && !p.expected).flatMap((p) => {
      const path = pathRegex(p.path);
      return outputs.flatMap((o) => valuesOf(o.stdout).filter((l) => path.test(l.path) && conditionHolds(p, l.value)).map((l) => `${o.file} ${l.path} meets ${JSON.stringify(p).slice(0, 120)}`));
    });
    expect(hits).toEqual([]);
  });
});

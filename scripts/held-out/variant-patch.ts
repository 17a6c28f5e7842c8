// A held-out variant as its file says it: the mistake in words, the regex that names it, and the one reference file it
// patches. Pure: the text in, the variant or the patched source out.
import { parsePatch } from 'diff';
import { patchedSource as appliedPatch } from '../../grader/course/core/mutant-patch.ts';

/** One variant of the held-out set (test/held-out/<stage>/<name>.patch). */
export type HeldOutVariant = {
  // The stage whose cases grade it (the folder's name).
  stage: string;
  // The file's name without .patch.
  name: string;
  // The "// Mistake:" line: what the student got wrong, in plain words.
  mistake: string;
  // The "// Names:" line: the source of a case-insensitive regex a first block's answering line must match.
  names: string;
  // The repo-relative path of the reference file the patch changes (its "+++ b/" name).
  target: string;
  // The whole text of the patch file.
  patch: string;
};

// The variant a patch file holds, or why it cannot be used (the problem names the file and what to do).
export function parseVariant(stage: string, name: string, text: string, file: string): HeldOutVariant | { problem: string } {
  const mistake = /^\/\/ Mistake: (.+)$/m.exec(text)?.[1]?.trim();
  const names = /^\/\/ Names: (.+)$/m.exec(text)?.[1]?.trim();
  if (!mistake || !names) return { problem: `${file}: no "// Mistake: …" and "// Names: …" header lines: add them above the diff` };
  try {
    new RegExp(names, 'i');
  } catch (error) {
    return { problem: `${file}: its Names regex does not compile (${(error as Error).message}): correct the "// Names:" line` };
  }
  const diffs = parsePatch(text);
  const hunks = diffs.reduce((n, d) => n + d.hunks.length, 0);
  if (hunks === 0) return { problem: `${file}: has no diff below its header: add the diff -u of the reference file` };
  if (diffs.length !== 1) return { problem: `${file}: holds ${diffs.length} file diffs (one reference file per variant): make it with diff -u against one file` };
  const target = (diffs[0]?.newFileName ?? '').replace(/^b\//, '');
  if (!target.startsWith('reference/')) return { problem: `${file}: patches "${target}", not a file of reference/: its "+++ b/" line names the reference file` };
  return { stage, name, mistake, names, target, patch: text };
}

// The reference file's source with the variant's patch applied, or the problem when it no longer applies.
export function patchedSource(variant: HeldOutVariant, source: string): string | { problem: string } {
  const patched = appliedPatch(variant.patch, source, `test/held-out/${variant.stage}/${variant.name}.patch`);
  return patched.ok ? patched.text : { problem: patched.problem };
}

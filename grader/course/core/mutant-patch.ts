// A mutant kept as a patch: its `// Key: value` header, then a unified diff against the one reference file it changes.
// Applying the diff to today's reference gives the variant; a diff that no longer applies is named, never guessed at.
import { applyPatch, parsePatch } from 'diff';

/** What a patch does to the reference: the file it changes (as its `+++ b/…` line names it) and the changed text, or why not. */
export type PatchedSource = { ok: true; text: string } | { ok: false; problem: string };

// The repository-relative file a patch's diff changes (`+++ b/reference/x.ts` → `reference/x.ts`), or undefined.
export function patchedFile(patch: string): string | undefined {
  const [first] = parsePatch(patch);
  const name = first?.newFileName ?? first?.oldFileName;
  return name === undefined || name === '' ? undefined : name.replace(/^[ab]\//, '');
}

// The reference file's text with the patch applied, or what went wrong (no hunk, a hunk that does not apply).
export function patchedSource(patch: string, original: string, where: string): PatchedSource {
  const parsed = parsePatch(patch);
  if (parsed.length !== 1 || (parsed[0]?.hunks.length ?? 0) === 0) return { ok: false, problem: `${where}: the patch needs exactly one file's diff ("--- a/reference/…", "+++ b/reference/…", then its hunks)` };
  const text = applyPatch(original, patch);
  if (text === false) return { ok: false, problem: `${where}: the patch no longer applies to today's ${patchedFile(patch) ?? 'reference file'}: remake it against the current file (diff -u)` };
  if (text === original) return { ok: false, problem: `${where}: the patch changes nothing` };
  return { ok: true, text };
}

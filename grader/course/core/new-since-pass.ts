// Telling a course update apart from a regression: a stage the student passed that now fails only on cases added to the
// course since that pass.

/** What the status file remembers of a stage (grader/run/io/stage-status.ts). */
export type StageMemory = {
  /** Case files of the last run that passed the whole stage; absent when it never passed (or was saved before this was kept). */
  passedCases?: string[];
  /** Case files that did not pass in the last run. */
  failedCases?: string[];
};

// The failing case files of the last run when every one of them is new since the last pass; empty otherwise (the stage
// never passed, nothing failed, or a case the student passed before fails again: that is a regression to show as one).
export function newFailingCases(memory: StageMemory): string[] {
  const { passedCases, failedCases } = memory;
  if (passedCases === undefined || failedCases === undefined || failedCases.length === 0) return [];
  const before = new Set(passedCases);
  return failedCases.some((file) => before.has(file)) ? [] : failedCases;
}

// Whether a failing case is new since the student's last pass of its stage (`passedCases`, absent when the stage never
// passed): it was not among the cases of that pass.
export function isNewSincePass(c: { file: string }, passedCases: readonly string[] | undefined): boolean {
  return passedCases !== undefined && !passedCases.includes(c.file);
}

// "2 cases are new since you passed this stage: A, B" for the names of the new failing cases; undefined for none.
export function newCasesNote(names: string[]): string | undefined {
  if (names.length === 0) return undefined;
  const count = names.length === 1 ? '1 case is' : `${names.length} cases are`;
  return `${count} new since you passed this stage: ${names.join(', ')}`;
}

// The note of each stage in `slugs` whose memory shows it failing only on new cases, by slug; `nameOf` gives a case
// file's name as students see it.
export function newCasesNotes(memories: Record<string, StageMemory>, slugs: string[], nameOf: (file: string) => string): Map<string, string> {
  const notes = new Map<string, string>();
  for (const slug of slugs) {
    const note = newCasesNote(newFailingCases(memories[slug] ?? {}).map(nameOf));
    if (note !== undefined) notes.set(slug, note);
  }
  return notes;
}

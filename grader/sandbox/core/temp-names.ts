// The name the grader gives the temp folder of a case (run-case.ts makes it with mkdtemp: this prefix, the grader's
// owner tag, "-", then six random characters). Written here once: the leftover sweep looks for it, and the fingerprint
// of a received output masks it, since it is the program's HOME, TMPDIR and os.tmpdir() and so can reach its output.

/** The prefix of a case's own temp folder. */
export const CASE_DIR_PREFIX = 'dispatch-lab-case-';

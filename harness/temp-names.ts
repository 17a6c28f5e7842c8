// The name the harness gives a dispatch sandbox: mkdtemp in os.tmpdir() with this prefix, then six random characters
// (temp-sandbox.ts). The grader's fingerprint of a received output masks it (grader/known/core/fingerprint.ts).

/** The prefix of the temp folder each dispatch sandbox is made in. */
export const SANDBOX_DIR_PREFIX = 'dispatch-';

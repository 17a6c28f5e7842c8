// What the course's instrument tools return: the course's result shapes, built here because the
// harness never imports a solution.
export type InstrumentResult = { content: string; is_error?: true };

// A success: `{content}` alone.
export function instrumentSuccess(content: string): InstrumentResult {
  return { content };
}

// A failure: `{content, is_error: true}`.
export function instrumentFailure(content: string): InstrumentResult {
  return { content, is_error: true };
}

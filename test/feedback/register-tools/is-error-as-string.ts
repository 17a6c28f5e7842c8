// Mistake: error results say `is_error: "true"`, a string
// Replaces: reference/results.ts
// Path: ^results\[\d+\]\.is_error$
// Note: a string where a boolean
export * from '../../../reference/results.ts';

// An error result whose flag is a string (the mistake).
export function failure(content: string) {
  return { content, is_error: 'true' };
}

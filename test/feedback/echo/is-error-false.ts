// Mistake: every success result carries `is_error: false`
// Replaces: reference/results.ts
// Path: ^results\[\d+\]\.is_error$
// Note: is_error: false
export * from '../../../reference/results.ts';

// A success with an explicit is_error: false (the mistake).
export function success(content: string) {
  return { content, is_error: false };
}

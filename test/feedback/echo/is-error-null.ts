// Mistake: every success result carries `is_error: null`
// Replaces: reference/results.ts
// Path: ^results\[\d+\]\.is_error$
// Note: null.*absent|leave it out
export * from '../../../reference/results.ts';

// A success with is_error: null instead of no key (the mistake).
export function success(content: string) {
  return { content, is_error: null };
}

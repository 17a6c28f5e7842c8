// Mistake: error results lack `is_error: true`
// Replaces: reference/results.ts
// Path: ^results\[\d+\]\.is_error$
// Note: is_error: true
export * from '../../../reference/results.ts';

// An error result without its flag (the mistake).
export function failure(content: string) {
  return { content };
}

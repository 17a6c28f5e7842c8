// Mistake: the success message names the line one too low
// Replaces: reference/results.ts
// Path: ^results\[\d+\]\.content$
// Note: off by one
export * from '../../../reference/results.ts';

// A success whose "after line N" is N - 1 (the mistake).
export function success(content: string) {
  return { content: content.replace(/after line (\d+)\./, (_, n: string) => `after line ${Number(n) - 1}.`) };
}

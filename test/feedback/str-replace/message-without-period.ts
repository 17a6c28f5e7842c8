// Mistake: the success message lacks its final period
// Replaces: reference/results.ts
// Path: ^results\[\d+\]\.content$
// Note: lacks the ending "\."
export * from '../../../reference/results.ts';

// A success whose text lost a final period (the mistake).
export function success(content: string) {
  return { content: content.replace(/\.$/, '') };
}

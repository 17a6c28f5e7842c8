// A stage's common mistakes: a pattern on what the program printed at a path, with the hint that answers it.
// The first pattern that matches a difference of a failed case is shown as "likely mistake: …" above the case hint.
import equal from 'fast-deep-equal';
import type { Mismatch, MistakePattern } from './types.ts';
import { jsonTypeOf, matches } from './matchers.ts';

/** The JSON schema of a stage's `mistakes` array (the course manifest's schema uses it). */
export const MISTAKES_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['path', 'hint'],
    properties: {
      path: { type: 'string', minLength: 1 },
      hint: { type: 'string', minLength: 1 },
      present: { const: true },
      absent: { const: true },
      equals: {},
      matches: { type: 'string' },
      type: { enum: ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'] },
    },
    oneOf: ['present', 'absent', 'equals', 'matches', 'type'].map((key) => ({ required: [key] })),
  },
} as const;

const pathPatterns = new Map<string, RegExp>();

// The regular expression a pattern path stands for: `[*]` any index, everything else literal.
function pathRegex(path: string): RegExp {
  let found = pathPatterns.get(path);
  if (!found) {
    const literal = (path === 'stdout' ? '' : path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    found = new RegExp(`^${literal.replaceAll('\\[\\*\\]', '\\[\\d+\\]')}$`);
    pathPatterns.set(path, found);
  }
  return found;
}

// Whether a pattern's path (`results[*].content`, `stdout`) names a difference's path (`results[2].content`, '').
export function mistakePathMatches(patternPath: string, path: string): boolean {
  return pathRegex(patternPath).test(path);
}

// Whether one difference is the mistake a pattern describes.
export function isMistake(pattern: MistakePattern, m: Mismatch): boolean {
  if (!pathRegex(pattern.path).test(m.path)) return false;
  if ('present' in pattern) return m.kind === 'unexpected';
  if ('absent' in pattern) return m.kind === 'missing';
  if (m.kind === 'missing') return false;
  if ('equals' in pattern) return equal(m.received, pattern.equals);
  if ('matches' in pattern) return matches({ $regex: pattern.matches }, m.received);
  const type = jsonTypeOf(m.received);
  return type === pattern.type || (pattern.type === 'number' && type === 'integer');
}

// The stage's pattern for the first difference (in document order) that one describes; declared order breaks ties.
export function likelyMistake(patterns: readonly MistakePattern[] | undefined, mismatches: Mismatch[]): MistakePattern | undefined {
  if (!patterns || patterns.length === 0) return undefined;
  for (const m of mismatches) {
    const found = patterns.find((p) => isMistake(p, m));
    if (found) return found;
  }
  return undefined;
}

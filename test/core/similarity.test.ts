import { describe, expect, it } from 'vitest';
import { codeTokens } from '../../grader/similarity/core/code-tokens.ts';
import { tokenIds, winnow } from '../../grader/similarity/core/winnow.ts';
import { clustersOf } from '../../grader/similarity/core/clusters.ts';
import { mergedRanges } from '../../grader/similarity/core/shared-regions.ts';
import { compareSubmissions, type SubmissionCode } from '../../grader/similarity/core/similarity.ts';
import { pairViews } from '../../grader/similarity/core/pair-view.ts';

// The token texts of a source, joined by spaces.
const tokensOf = (source: string): string => codeTokens(source).map((t) => t.text).join(' ');

describe('codeTokens normalises what a copier changes', () => {
  it.each([
    ['identifiers become I, keywords stay', 'const total = count + 1;', 'const I = I + N'],
    ['contextual keywords used as names are names', 'let from = of; type T = string;', 'let I = I I I = string'],
    ['a property name after a dot is a name', 'x.return', 'I . I'],
    ['strings of either quote are S, numbers N', `f("a", 'b', 0x1f, 1.5e3)`, 'I ( S , S , N , N )'],
    ['comments and whitespace go', 'a /* c */ // d\n  b', 'I I'],
    ['semicolons go, a trailing comma before a closer goes', 'f(a, b,);\n[c,]', 'I ( I , I ) [ I ]'],
    ['a template is T per text part, its substitutions scanned', 'x = `a${b + `c${d}`}e`', 'I = T I + T I T T'],
    ['a slash after a value divides', 'a / b / 2', 'I / I / N'],
    ['a slash elsewhere starts a regular expression', 'x = /a\\/[/]b/g.test(s)', 'I = R . I ( I )'],
    ['longest punctuator first', 'a >>>= b ?? c?.d', 'I >>>= I ?? I ?. I'],
    ['an unterminated string ends at its line', '"abc\nx', 'S I'],
  ])('%s', (_, source, expected) => expect(tokensOf(source)).toBe(expected));

  it('keeps the line each token starts on', () => {
    expect(codeTokens('a\n\n/* two\nlines */ b\n`x\ny` c').map((t) => `${t.text}${t.line}`)).toEqual(['I1', 'I4', 'T5', 'I6']);
  });

  it('gives a renamed, reformatted copy the same tokens', () => {
    const first = "function add(a: number, b: number): number {\n  // sum\n  return a + b;\n}\n";
    const second = 'function plus(\n  x: number,\n  y: number,\n): number { return x + y }';
    expect(tokensOf(second)).toBe(tokensOf(first));
  });
});

describe('winnow', () => {
  const tokens = (texts: string[]) => texts.map((text, i) => ({ text, line: i + 1 }));
  const words = Array.from({ length: 40 }, (_, i) => `t${i % 13}`);

  it('keeps at least one fingerprint in every window, each once', () => {
    const idOf = tokenIds();
    const picked = winnow(tokens(words), idOf, { k: 5, w: 4 });
    expect(picked.length).toBeGreaterThanOrEqual(Math.ceil((words.length - 5 + 1) / 4));
    expect(picked.length).toBeLessThanOrEqual(words.length - 5 + 1);
  });

  it('gives equal runs equal hashes wherever they are, and spans their lines', () => {
    const idOf = tokenIds();
    const run = ['a', 'b', 'c', 'd', 'e'];
    const [alone] = winnow(tokens(run), idOf, { k: 5, w: 4 });
    const later = winnow(tokens(['x', 'y', ...run]), idOf, { k: 5, w: 4 });
    expect(alone).toEqual({ hash: expect.any(Number), startLine: 1, endLine: 5 });
    expect(later.find((f) => f.hash === alone?.hash)).toEqual({ hash: alone?.hash, startLine: 3, endLine: 7 });
  });

  it('has no fingerprint for a file shorter than one run', () => {
    expect(winnow(tokens(['a', 'b']), tokenIds(), { k: 5, w: 4 })).toEqual([]);
  });
});

describe('clustersOf', () => {
  it.each([
    ['a pair is no cluster', [['a', 'b']], []],
    ['a chain of three is one', [['a', 'b'], ['b', 'c']], [['a', 'b', 'c']]],
    ['two groups, largest first', [['x', 'y'], ['y', 'z'], ['a', 'b'], ['c', 'd'], ['b', 'c']], [['a', 'b', 'c', 'd'], ['x', 'y', 'z']]],
  ])('%s', (_, edges, expected) => expect(clustersOf(edges.map(([a, b]) => ({ a: a ?? '', b: b ?? '' })))).toEqual(expected));
});

describe('mergedRanges', () => {
  it.each([
    [[{ start: 5, end: 7 }, { start: 1, end: 2 }], [{ start: 1, end: 2 }, { start: 5, end: 7 }]],
    [[{ start: 1, end: 3 }, { start: 4, end: 6 }], [{ start: 1, end: 6 }]],
    [[{ start: 1, end: 9 }, { start: 2, end: 3 }], [{ start: 1, end: 9 }]],
  ])('%j → %j', (ranges, expected) => expect(mergedRanges(ranges)).toEqual(expected));
});

describe('compareSubmissions', () => {
  const body = (name: string, op: string) => `export function ${name}(list: number[], limit: number): number[] {\n  const out: number[] = [];\n  for (const item of list) {\n    if (item ${op} limit) out.push(item * 2);\n    else out.push(item - 1);\n  }\n  return out;\n}\n`;
  const given = 'export function stub(): never {\n  throw new Error("not implemented: stub in src/stub.ts");\n}\n';
  const own = `${body('scale', '>')}\n${body('shrink', '<')}`;
  const code = (submission: string, text: string): SubmissionCode => ({ submission, files: [{ path: 'src/a.ts', text: `${given}\n${text}` }] });
  const sizes = { k: 8, w: 4 };

  it('scores a renamed copy 1 and pairs nothing with code that only shares the starter', () => {
    const renamed = own.replace(/scale/g, 'grow').replace(/list/g, 'xs');
    const { similarity } = compareSubmissions([code('b', renamed), code('a', own), code('c', ''), code('d', '')], [{ path: 'src/a.ts', text: given }], 0.5, sizes);
    expect(similarity.pairs).toEqual([{ a: 'a', b: 'b', score: 1, shared: expect.any(Number), ofA: 1, ofB: 1 }]);
    expect(similarity.leftOut).toBeGreaterThan(0);
    expect(similarity.clusters).toEqual([]);
  });

  it('scores shared over union, with each side\'s share, and leaves out pairs under the threshold', () => {
    const extra = `${own}\n${body('other', '===').replace(/\* 2/, '% 7').replace(/- 1/, '+ 3')}\nexport const table = [[1, 2], [3, 4], [5, 6], [7, 8]].map(([x, y]) => ({ x, y }));\n`;
    const { similarity } = compareSubmissions([code('a', own), code('b', extra)], [], 0, sizes);
    const [pair] = similarity.pairs;
    expect(pair?.ofA).toBe(1);
    expect(pair?.ofB).toBeLessThan(1);
    expect(pair?.score).toBe(pair?.ofB);
    expect(compareSubmissions([code('a', own), code('b', extra)], [], (pair?.score ?? 0) + 0.001, sizes).similarity.pairs).toEqual([]);
  });

  it('marks the shared lines of each side, on the lines where each has them', () => {
    const moved = `\n\n\n${body('shrink', '<')}\n${body('scale', '>')}`;
    const codes = [code('a', own), code('b', moved)];
    const { similarity, sets } = compareSubmissions(codes, [{ path: 'src/a.ts', text: given }], 0.5, sizes);
    const [view] = pairViews(codes, sets, similarity.pairs);
    const lines = (ranges: { start: number; end: number }[]) => ranges.flatMap((r) => Array.from({ length: r.end - r.start + 1 }, (_, i) => r.start + i));
    const lineOf = (c: SubmissionCode, text: string) => (c.files[0]?.text.split('\n').findIndex((l) => l.includes(text)) ?? -1) + 1;
    const [shrinkA, shrinkB] = [lineOf(codes[0] as SubmissionCode, 'function shrink'), lineOf(codes[1] as SubmissionCode, 'function shrink')];
    const sharedA = lines(view?.a[0]?.ranges ?? []);
    const sharedB = lines(view?.b[0]?.ranges ?? []);
    expect(shrinkA).not.toBe(shrinkB);
    expect(sharedA).toContain(shrinkA + 3);
    expect(sharedB).toContain(shrinkB + 3);
    expect(sharedA.length).toBeGreaterThan(10);
  });
});

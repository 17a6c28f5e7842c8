import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MistakePattern } from '../../grader/course/core/types.ts';
import { isMatcher } from '../../grader/judge/core/matchers.ts';
import { indexPath, keyPath } from '../../grader/judge/core/json-path.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** One case's correct output, as recorded from the reference into its case file. */
export type ReferenceOutput = { stage: string; file: string; stdout: unknown };
/** A stage of the course manifest with its declared mistakes. */
export type ManifestStage = { slug: string; command: string; mistakes?: MistakePattern[] };

// The stages of the course manifest, in course order.
export function manifestStages(): ManifestStage[] {
  return (JSON.parse(readFileSync(join(ROOT, 'stages', 'stages.json'), 'utf8')) as { stages: ManifestStage[] }).stages;
}

// Every case's recorded correct document of a stage (cases that expect no JSON document are left out).
export function referenceOutputs(stage: string): ReferenceOutput[] {
  const dir = join(ROOT, 'cases', stage);
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort().flatMap((file) => {
    const expect = (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { expect?: { stdout?: unknown } }).expect;
    return expect?.stdout === undefined || typeof expect.stdout === 'string' ? [] : [{ stage, file, stdout: expect.stdout }];
  });
}

/** A value of a document and its path (matchers, whose values are not known, are left out). */
export type Leaf = { path: string; value: unknown };

// Every value of a document with its path, containers included, in document order.
export function valuesOf(value: unknown, path = ''): Leaf[] {
  if (isMatcher(value)) return [];
  const here: Leaf = { path, value };
  if (Array.isArray(value)) return [here, ...value.flatMap((item, i) => valuesOf(item, indexPath(path, i)))];
  if (value !== null && typeof value === 'object') return [here, ...Object.entries(value).flatMap(([k, v]) => valuesOf(v, keyPath(path, k)))];
  return [here];
}

// The document with the array at `path` changed by `change` (a deep copy; the original is untouched).
export function withArray(doc: unknown, path: string, change: (items: unknown[]) => unknown[]): unknown {
  const copy = structuredClone(doc);
  const target = valuesOf(copy).find((l) => l.path === path)?.value;
  if (!Array.isArray(target)) throw new Error(`no array at ${path}`);
  const next = change([...target]);
  target.splice(0, target.length, ...next);
  return copy;
}

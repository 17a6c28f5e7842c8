// The hash of everything a stage's known mistakes depend on: when it differs from the recorded one, the stage's
// fingerprints are stale. Effects (it reads the files); node:crypto's sha256.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { KNOWN_MISTAKES_VERSION } from '../core/known-mistakes.ts';
import type { Variant } from './variants.ts';

// Built files the grader writes beside the sources at run time (harness/mcp/course-server.bundle.cjs and its cache,
// both in .gitignore): their bytes follow from the sources, and change with every build.
const GENERATED = /\.bundle\.(?:cjs|mjs|js|cache)$/;

// Every file under `dir` (node_modules and generated bundles left out), sorted, as absolute paths; none when it does not exist.
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.name !== 'node_modules' && !GENERATED.test(e.name))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : []));
}

/** What a stage's hash is made of. */
export type StageHashInputs = {
  contentRoot: string;
  referenceDir: string;
  /** The stage's manifest entry as stages/stages.json holds it. */
  entry: unknown;
  slug: string;
  variants: readonly Variant[];
  /** Further files its variants are built from (the lean program of its command). */
  sources: readonly string[];
};

// The sha256 (hex) of the file format's version, the stage's manifest entry, its case files, its variants' files, the
// reference (reference/, harness/, program.ts) and the variants' lean program: each file by its relative path and bytes.
export function stageHash(inputs: StageHashInputs): string {
  const hash = createHash('sha256');
  hash.update(`version ${KNOWN_MISTAKES_VERSION}\nentry ${JSON.stringify(inputs.entry)}\n`);
  const add = (root: string, file: string) => {
    hash.update(`file ${relative(root, file)}\n`);
    hash.update(readFileSync(file));
    hash.update('\n');
  };
  for (const file of filesUnder(join(inputs.contentRoot, 'cases', inputs.slug))) add(inputs.contentRoot, file);
  for (const variant of [...inputs.variants].sort((a, b) => (a.name < b.name ? -1 : 1))) add(join(variant.file, '../..'), variant.file);
  for (const part of ['reference', 'harness', 'program.ts']) for (const file of filesUnder(join(inputs.referenceDir, part))) add(inputs.referenceDir, file);
  for (const file of inputs.sources) add(join(file, '..'), file);
  return hash.digest('hex');
}

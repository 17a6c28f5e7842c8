import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One student mistake: a small override of one reference function, and what the first failure block must say. */
export type Variant = {
  /** The stage graded (the folder it lives in). */
  stage: string;
  /** The file's name without `.ts`. */
  name: string;
  /** The variant module's absolute path. */
  file: string;
  /** The repository-relative reference module it stands in for, e.g. `reference/results.ts`. */
  replaces: string;
  /** The mistake in words. */
  mistake: string;
  /** Matches the path the first block's difference names. */
  path: RegExp;
  /** Matches the first block's note, likely-mistake or hint line. */
  note: RegExp;
};

// The value of a `// Key: value` header line, or undefined.
function headerValue(text: string, key: string): string | undefined {
  return new RegExp(`^// ${key}: (.+)$`, 'm').exec(text)?.[1]?.trim();
}

// Reads a variant file's header lines: Mistake, Replaces, Path and Note.
export function readVariant(stage: string, file: string): Variant {
  const text = readFileSync(file, 'utf8');
  const [mistake, replaces, path, note] = ['Mistake', 'Replaces', 'Path', 'Note'].map((key) => headerValue(text, key));
  if (!mistake || !replaces || !path || !note) throw new Error(`${file}: the header needs "// Mistake:", "// Replaces:", "// Path:" and "// Note:" lines`);
  const name = file.slice(file.lastIndexOf('/') + 1).replace(/\.ts$/, '');
  return { stage, name, file, replaces, mistake, path: new RegExp(path), note: new RegExp(note, 'i') };
}

// Every variant under `dir`, by stage folder then name.
export function listVariants(dir: string): Variant[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .flatMap((stage) => readdirSync(join(dir, stage)).filter((f) => f.endsWith('.ts')).sort().map((f) => readVariant(stage, join(dir, stage, f))));
}

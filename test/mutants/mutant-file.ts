import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One one-bug variant of the reference, as described by its file's header comment. */
export type Mutant = {
  /** The stage whose cases must catch it (the folder it lives in). */
  stage: string;
  /** The file's name without `.ts`. */
  name: string;
  /** The mutant module's absolute path. */
  file: string;
  /** The repository-relative reference module it replaces, e.g. `reference/tools/glob.ts`. */
  replaces: string;
  /** Case file names (without `.json`) of the stage that fail on it. */
  caughtBy: string[];
};

// The value of a `// Key: value` header line, or undefined.
function headerValue(text: string, key: string): string | undefined {
  return new RegExp(`^// ${key}: (.+)$`, 'm').exec(text)?.[1]?.trim();
}

// Reads a mutant file's header: which module it replaces and which cases catch it.
export function readMutant(stage: string, file: string): Mutant {
  const text = readFileSync(file, 'utf8');
  const replaces = headerValue(text, 'Replaces');
  const caughtBy = headerValue(text, 'Caught by');
  if (!replaces || !caughtBy) throw new Error(`${file}: the header needs "// Replaces: …" and "// Caught by: …" lines`);
  const name = file.slice(file.lastIndexOf('/') + 1).replace(/\.ts$/, '');
  return { stage, name, file, replaces, caughtBy: caughtBy.split(',').map((c) => c.trim()) };
}

// Every mutant under `dir`, by stage folder, sorted by name.
export function listMutants(dir: string): Map<string, Mutant[]> {
  const byStage = new Map<string, Mutant[]>();
  for (const entry of readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const files = readdirSync(join(dir, entry.name)).filter((f) => f.endsWith('.ts')).sort();
    byStage.set(entry.name, files.map((f) => readMutant(entry.name, join(dir, entry.name, f))));
  }
  return byStage;
}

// Reading and writing the shipped library of known mistakes (cases/known-mistakes.json).
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KNOWN_MISTAKES_FILE, KNOWN_MISTAKES_VERSION, type KnownMistakesFile, type StageKnownMistakes } from '../core/known-mistakes.ts';

const COMMENT = 'Written by `npx dispatch-lab record` from the mutants under test/mutants/; do not edit by hand. See "Known mistakes" in docs/authoring.md.';

// The library of a content root, or undefined when it has none (or it does not parse, or is of another version).
// The format version the file says it was written in, whatever it is (undefined when it does not parse or says none).
export function recordedVersion(contentRoot: string): number | undefined {
  try {
    const version = (JSON.parse(readFileSync(join(contentRoot, KNOWN_MISTAKES_FILE), 'utf8')) as { version?: unknown } | null)?.version;
    return typeof version === 'number' ? version : undefined;
  } catch {
    return undefined;
  }
}

export function readKnownMistakes(contentRoot: string): KnownMistakesFile | undefined {
  try {
    const data = JSON.parse(readFileSync(join(contentRoot, KNOWN_MISTAKES_FILE), 'utf8')) as KnownMistakesFile;
    return data && data.version === KNOWN_MISTAKES_VERSION && typeof data.stages === 'object' ? data : undefined;
  } catch {
    return undefined;
  }
}

// The library's text: one stage per line group, stages in manifest order, so a re-record changes only its stages' lines.
export function knownMistakesText(stages: Record<string, StageKnownMistakes>): string {
  const lines = Object.entries(stages).map(([slug, table]) => `    ${JSON.stringify(slug)}: ${JSON.stringify(table)}`);
  return `{\n  "$comment": ${JSON.stringify(COMMENT)},\n  "version": ${KNOWN_MISTAKES_VERSION},\n  "stages": {\n${lines.join(',\n')}\n  }\n}\n`;
}

// Write the library of a content root.
export async function writeKnownMistakes(contentRoot: string, stages: Record<string, StageKnownMistakes>): Promise<void> {
  await writeFile(join(contentRoot, KNOWN_MISTAKES_FILE), knownMistakesText(stages));
}

// A lazy lookup of one stage's table: the file is read at the first call (the first failing case), once per run.
export function knownMistakesLoader(contentRoot: string): (stage: string) => StageKnownMistakes | undefined {
  let file: KnownMistakesFile | undefined | null = null;
  return (stage) => {
    if (file === null) file = readKnownMistakes(contentRoot);
    return file?.stages[stage];
  };
}

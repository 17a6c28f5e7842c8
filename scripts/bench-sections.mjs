// bench/RESULTS.md is the main table, then sections (`## Heading` to the next `## `), each written by its own part of
// `npm run bench`. A part replaces only its own section and keeps every other one where it was; a new one goes last.
import { readFile, writeFile } from 'node:fs/promises';

// The file's text with the section under `heading` replaced by `section` (which starts with that heading).
export function replaceSection(text, heading, section) {
  const at = text.indexOf(`\n${heading}\n`);
  if (at === -1) return `${text.trimEnd()}\n\n${section.trimEnd()}\n`;
  const next = text.indexOf('\n## ', at + heading.length + 1);
  const after = next === -1 ? '' : `\n${text.slice(next).trimStart()}`;
  return `${text.slice(0, at).trimEnd()}\n\n${section.trimEnd()}\n${after}`;
}

// The sections of a file (heading → the whole section), to carry them over when the main table is written anew.
export function sectionsOf(text) {
  return [...text.matchAll(/^## .*$/gm)].map((m, i, all) => text.slice(m.index, all[i + 1]?.index ?? text.length).trimEnd());
}

// Writes `section` into the file at `path` in its place (see above).
export async function withSection(path, heading, section) {
  let text = '# Benchmark (npm run bench)\n';
  try {
    text = await readFile(path, 'utf8');
  } catch {
    // No results yet: the section follows the title.
  }
  await writeFile(path, replaceSection(text, heading, section));
}

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentExtras } from '../core/content-rules.ts';

// Every entry of a folder, sorted; none when it cannot be read.
async function entriesOf(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}

// What `validate` reads beyond the loader's files: the stage texts and every entry of each case folder.
export async function readContentExtras(contentRoot: string, caseDirs: string[], stageDocs: string[]): Promise<ContentExtras> {
  const stageTexts: ContentExtras['stageTexts'] = {};
  for (const doc of stageDocs) {
    try {
      stageTexts[doc.replace(/\.md$/, '')] = await readFile(join(contentRoot, 'stages', doc), 'utf8');
    } catch {
      // An unreadable text is the loader's problem to name.
    }
  }
  const caseDirEntries: ContentExtras['caseDirEntries'] = {};
  for (const dir of caseDirs) caseDirEntries[dir] = await entriesOf(join(contentRoot, 'cases', dir));
  return { stageTexts, caseDirEntries };
}

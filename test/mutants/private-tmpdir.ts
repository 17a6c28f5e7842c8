// Gives the in-process case run a temp folder of its own, under .dispatch-lab/ in the working
// directory (Stryker's sandbox, or the checkout): the sandboxes, and the files some bash cases make
// beside them, land there, and the folder is removed when the run ends (or with Stryker's sandbox).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const parent = join(process.cwd(), '.dispatch-lab', 'mutation-tmp');
mkdirSync(parent, { recursive: true });
const folder = mkdtempSync(join(parent, 'run-'));
process.env.TMPDIR = folder;
afterAll(() => rmSync(folder, { recursive: true, force: true }));

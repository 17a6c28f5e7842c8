import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCodeFiles } from '../../grader/similarity/io/read-code.ts';

// A submission's code is read as untrusted: its own program.ts and src/**/*.ts, regular files only, nothing linked.
describe('readCodeFiles', () => {
  let work: string;
  let submission: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'dispatch-lab-read-code-'));
    submission = join(work, 'student');
    const outside = join(work, 'outside');
    await mkdir(join(outside, 'dir'), { recursive: true });
    await writeFile(join(outside, 'secret.ts'), 'export const secret = 1;\n');
    await writeFile(join(outside, 'dir', 'hidden.ts'), 'export const hidden = 1;\n');
    await mkdir(join(submission, 'src', 'deep'), { recursive: true });
    await mkdir(join(submission, 'src', 'node_modules'), { recursive: true });
    await mkdir(join(submission, 'src', '.dispatch-lab'), { recursive: true });
    await mkdir(join(submission, 'node_modules'), { recursive: true });
    await writeFile(join(submission, 'program.ts'), 'main();\n');
    await writeFile(join(submission, 'src', 'tools.ts'), 'export class Tools {}\n');
    await writeFile(join(submission, 'src', 'deep', 'view.ts'), 'export const view = 1;\n');
    await writeFile(join(submission, 'src', 'notes.md'), '# notes\n');
    await writeFile(join(submission, 'src', 'node_modules', 'dep.ts'), 'export {};\n');
    await writeFile(join(submission, 'src', '.dispatch-lab', 'cache.ts'), 'export {};\n');
    await writeFile(join(submission, 'node_modules', 'dep.ts'), 'export {};\n');
    await writeFile(join(submission, 'src', 'huge.ts'), `export const s = "${'x'.repeat(300 * 1024)}";\n`);
    await symlink(join(outside, 'secret.ts'), join(submission, 'src', 'linked.ts'));
    await symlink(join(outside, 'dir'), join(submission, 'src', 'linked-dir'), 'dir');
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('reads program.ts and src/**/*.ts, sorted, and nothing linked, skipped or oversized', async () => {
    const files = await readCodeFiles(submission);
    expect(files.map((f) => f.path)).toEqual(['program.ts', 'src/deep/view.ts', 'src/tools.ts']);
    expect(files[2]?.text).toBe('export class Tools {}\n');
  });

  it('follows neither a linked src/ nor a linked program.ts', async () => {
    const linked = join(work, 'linked-student');
    await mkdir(linked);
    await symlink(join(submission, 'src'), join(linked, 'src'), 'dir');
    await symlink(join(submission, 'program.ts'), join(linked, 'program.ts'));
    expect(await readCodeFiles(linked)).toEqual([]);
  });

  it('stops reading a submission at 2 MB of code', async () => {
    const big = join(work, 'big-student');
    await mkdir(join(big, 'src'), { recursive: true });
    for (let i = 0; i < 12; i++) await writeFile(join(big, 'src', `part-${String(i).padStart(2, '0')}.ts`), `export const s = "${'y'.repeat(250 * 1024)}";\n`);
    const files = await readCodeFiles(big);
    expect(files.map((f) => f.path)).toEqual(Array.from({ length: 8 }, (_, i) => `src/part-0${i}.ts`));
  });

  it('reads nothing from a folder that is not there', async () => {
    expect(await readCodeFiles(join(work, 'absent'))).toEqual([]);
  });
});

import { readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyContent } from './cli.ts';
import { count, makeStudentDir, startWatchMode, WRITE_BUG, WRITE_ROUTE, type StudentDir, type WatchProcess } from './watch-harness.ts';

const BLOCK = /watching for changes… \(Ctrl-C to stop\)/;
const HANG = "await new Promise((resolve) => setTimeout(resolve, 120_000));\n";

// Processes whose working directory is the dir: the student's programs (the grader itself runs elsewhere).
async function processesIn(dir: string): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((e) => /^\d+$/.test(e));
  const found = await Promise.all(pids.map(async (pid) => ((await readlink(`/proc/${pid}/cwd`).catch(() => '')) === dir ? [Number(pid)] : [])));
  return found.flat();
}
// The Write cases are the ones the bug breaks; grading only them keeps each run short.
const ARGS = ['--stage', 'register-tools', '--case', 'write'];

describe('dispatch-lab test --watch (plain output)', () => {
  let student: StudentDir | undefined;
  let watch: WatchProcess | undefined;
  afterEach(async () => {
    await watch?.stop();
    await student?.dispose();
    watch = undefined;
    student = undefined;
  });

  it('reruns after the bug is fixed and the next run passes', async () => {
    student = await makeStudentDir();
    await student.edit('reference/execute.ts', WRITE_ROUTE, WRITE_BUG);
    watch = startWatchMode(student.dir, ARGS);
    const first = await watch.waitFor(BLOCK);
    expect(first).toMatch(/✗ register-tools › .*Write/);
    expect(first).toMatch(/✗ register-tools: \d+ of \d+ cases fail/);
    expect(first).not.toMatch(/\u001b\[/);
    await student.edit('reference/execute.ts', WRITE_BUG, WRITE_ROUTE);
    const second = (await watch.waitFor(BLOCK, 2)).slice(first.length);
    expect(second).toMatch(/Cases\s+\d+ passed \(\d+\)/);
    expect(second).toMatch(/✓ register-tools passes/);
    expect(second).not.toMatch(/✗/);
  });

  it('shows a syntax error, keeps watching, and reruns when it is fixed', async () => {
    student = await makeStudentDir();
    watch = startWatchMode(student.dir, ARGS);
    const first = await watch.waitFor(BLOCK);
    expect(first).toMatch(/✓ register-tools passes/);
    await student.edit('reference/execute.ts', WRITE_ROUTE, "['Write', create],,,)(");
    const broken = (await watch.waitFor(BLOCK, 2)).slice(first.length);
    expect(broken).toMatch(/program\.ts could not be run/);
    expect(broken).toMatch(/reference\/execute\.ts:\d+:\d+: /);
    await student.edit('reference/execute.ts', "['Write', create],,,)(", WRITE_ROUTE);
    const fixed = (await watch.waitFor(BLOCK, 3)).slice(first.length + broken.length);
    expect(fixed).toMatch(/✓ register-tools passes/);
  });

  it('recovers when program.ts is deleted and written again', async () => {
    student = await makeStudentDir();
    watch = startWatchMode(student.dir, ARGS);
    const first = await watch.waitFor(BLOCK);
    const program = await import('node:fs/promises').then((fs) => fs.readFile(join(student!.dir, 'program.ts'), 'utf8'));
    await rm(join(student.dir, 'program.ts'));
    const missing = (await watch.waitFor(BLOCK, 2)).slice(first.length);
    expect(missing).toMatch(/no program\.ts in/);
    await writeFile(join(student.dir, 'program.ts'), program);
    const back = (await watch.waitFor(BLOCK, 3)).slice(first.length + missing.length);
    expect(back).toMatch(/✓ register-tools passes/);
  });

  it('cancels a run in flight on a change, kills its processes and prints only the new run', async () => {
    student = await makeStudentDir();
    const program = await readFile(`${student.dir}/program.ts`, 'utf8');
    await student.write('program.ts', `${HANG}${program}`);
    watch = startWatchMode(student.dir, [...ARGS, '--timeout', '100000']);
    // The hanging cases are running once their processes exist.
    for (let i = 0; i < 100 && (await processesIn(student.dir)).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await processesIn(student.dir)).length).toBeGreaterThan(0);
    const started = performance.now();
    await student.write('program.ts', program);
    const output = await watch.waitFor(BLOCK);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(output).toMatch(/\(run cancelled\)[\s\S]*✓ register-tools passes/);
    expect(count(output, /Cases\s/)).toBe(1);
    expect(await processesIn(student.dir)).toEqual([]);
  });

  it('reloads the course when a case file changes', async () => {
    student = await makeStudentDir();
    const content = await copyContent();
    try {
      watch = startWatchMode(student.dir, [...ARGS, '--content', content.dir]);
      const first = await watch.waitFor(BLOCK);
      const file = join(content.dir, 'cases/register-tools/write-maps-file-text.json');
      await writeFile(file, (await readFile(file, 'utf8')).replace('"Write passes file_text as the file\'s text"', '"Write passes file_text (renamed)"'));
      const second = (await watch.waitFor(BLOCK, 2)).slice(first.length);
      expect(second).toMatch(/✓ Write passes file_text \(renamed\)/);
    } finally {
      await watch?.stop();
      await content.dispose();
    }
  });

  it('turns five saves within 50 ms into exactly one rerun', async () => {
    // The premise is five saves inside 50 ms: they are written synchronously, back to back. A machine at load 30 can
    // still stall the burst past the 75 ms debounce; such a burst is not judged but tried again in a fresh watch.
    for (let attempt = 1; ; attempt++) {
      student = await makeStudentDir();
      watch = startWatchMode(student.dir, ARGS);
      await watch.waitFor(BLOCK);
      const started = performance.now();
      for (let i = 0; i < 5; i++) writeFileSync(join(student.dir, 'reference/extra.ts'), `export const save = ${i};\n`);
      const burstMs = performance.now() - started;
      await watch.waitFor(BLOCK, 2);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      if (burstMs > 50 && attempt < 3) {
        await watch.stop();
        await student.dispose();
        continue;
      }
      expect(burstMs).toBeLessThanOrEqual(50);
      expect(count(watch.output(), BLOCK)).toBe(2);
      expect(watch.output()).not.toMatch(/run cancelled/);
      return;
    }
  });

  it('ignores files a program or an editor writes that cannot change a run', async () => {
    student = await makeStudentDir();
    watch = startWatchMode(student.dir, ARGS);
    await watch.waitFor(BLOCK);
    await student.write('debug.log', 'noise\n');
    await student.write('reference/.execute.ts.swp', 'swap');
    await student.write('reference/execute.ts~', 'backup');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(count(watch.output(), BLOCK)).toBe(1);
  });

  it('sees changes by polling with --poll', async () => {
    student = await makeStudentDir();
    watch = startWatchMode(student.dir, [...ARGS, '--poll']);
    const first = await watch.waitFor(BLOCK);
    await student.edit('reference/execute.ts', WRITE_ROUTE, WRITE_BUG);
    const second = (await watch.waitFor(BLOCK, 2)).slice(first.length);
    expect(second).toMatch(/✗ register-tools: \d+ of \d+ cases fail/);
  });

  it('quits with exit code 130 on SIGINT (Ctrl-C), like test', async () => {
    student = await makeStudentDir();
    watch = startWatchMode(student.dir, ARGS);
    await watch.waitFor(BLOCK);
    await watch.stop();
    expect(await watch.exited).toBe(130);
  });
});

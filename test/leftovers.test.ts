import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { leftoversOf } from './leftovers.ts';

// The leftover check the hostile e2e tests rely on finds a process by its folder, in its arguments or its environment,
// and nothing of another folder: without this, "nothing left running" could pass because the check sees nothing.

const folders: string[] = [];
const pids: number[] = [];
afterEach(async () => {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

async function folder(): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), 'dispatch-lab-leftovers-'));
  folders.push(made);
  return made;
}

// Poll until `check` holds: the process under test starts (or dies) when the machine gets to it, never after a fixed sleep.
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('the condition did not hold within 30 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.runIf(process.platform === 'linux')('leftoversOf', () => {
  it('finds a process with a cleared environment by the folder in its arguments (the run mark), and not once it is gone', async () => {
    const mine = await folder();
    const other = await folder();
    const child = spawn('env', ['-i', 'bash', '-c', 'exec -a "$0" sleep 611', `sleep 611 dl-run:${mine}/case/`], { stdio: 'ignore' });
    pids.push(child.pid!);
    await eventually(async () => (await leftoversOf(mine)).some((line) => line.endsWith(`sleep 611 dl-run:${mine}/case/ 611`)));
    expect(await leftoversOf(other)).toEqual([]);
    child.kill('SIGKILL');
    await eventually(async () => (await leftoversOf(mine)).length === 0);
  });

  it('finds a process by the folder in its environment (its TMPDIR)', async () => {
    const mine = await folder();
    const child = spawn('sleep', ['612'], { env: { PATH: process.env.PATH, TMPDIR: join(mine, 'tmp') }, stdio: 'ignore' });
    pids.push(child.pid!);
    await eventually(async () => (await leftoversOf(mine)).some((line) => line === `${child.pid} sleep 612`));
    expect(await leftoversOf(`${mine}-other`)).toEqual([]);
  });
});

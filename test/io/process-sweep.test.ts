import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findCaseProcesses, startTicksOf, sweepCaseProcesses } from '../../grader/sandbox/io/process-sweep.ts';

// Wait until a process is gone or a zombie (dead, waiting to be reaped).
async function isGone(pid: number): Promise<boolean> {
  const { readFile } = await import('node:fs/promises');
  for (let i = 0; i < 40; i++) {
    const stat = await readFile(`/proc/${pid}/stat`, 'latin1').catch(() => '');
    if (stat === '' || / [ZX] /.test(stat.slice(stat.lastIndexOf(')')))) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

describe.runIf(process.platform === 'linux')('process sweep', () => {
  it('finds and kills processes by their marker, and by the session they stayed in after clearing their environment', async () => {
    const marker = `DISPATCH_LAB_RUN=${randomUUID()}`;
    const marked = spawn('sleep', ['30'], { env: { PATH: process.env.PATH, DISPATCH_LAB_RUN: marker.split('=')[1] }, detached: true, stdio: 'ignore' });
    const leader = spawn('sh', ['-c', 'env -i sleep 30 & echo started; wait'], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    // Not a fixed wait: the leader says when its child exists (a loaded machine may take long to fork).
    await new Promise((resolve) => leader.stdout.once('data', resolve));
    const found = await findCaseProcesses({ marker, sessionId: leader.pid });
    expect(found).toContain(marked.pid);
    expect(found).toContain(leader.pid);
    expect(found.length).toBe(3);
    expect(await sweepCaseProcesses({ marker, sessionId: leader.pid })).toBe(3);
    for (const pid of found) expect(await isGone(pid)).toBe(true);
    expect(await findCaseProcesses({ marker, sessionId: leader.pid })).toEqual([]);
  });

  it('leaves alone a process that started before the case, even when it carries the marker', async () => {
    const marker = `DISPATCH_LAB_RUN=${randomUUID()}`;
    const older = spawn('sleep', ['30'], { env: { PATH: process.env.PATH, DISPATCH_LAB_RUN: marker.split('=')[1] }, detached: true, stdio: 'ignore' });
    try {
      // Clock ticks are 10 ms: wait a few so the "case" below starts strictly later.
      await new Promise((r) => setTimeout(r, 100));
      const caseStart = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
      await new Promise((r) => setTimeout(r, 50));
      const startTicks = await startTicksOf(caseStart.pid as number);
      expect(startTicks).toBeGreaterThan((await startTicksOf(older.pid as number)) ?? Infinity);
      expect(await findCaseProcesses({ marker, startTicks })).toEqual([]);
      expect(await findCaseProcesses({ marker })).toEqual([older.pid]);
      caseStart.kill('SIGKILL');
    } finally {
      older.kill('SIGKILL');
    }
  });
});

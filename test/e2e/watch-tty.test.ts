import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { count, makeStudentDir, startWatchMode, WRITE_BUG, WRITE_ROUTE, type StudentDir, type WatchProcess } from './watch-harness.ts';

const STATUS = /watching for changes — Enter rerun · a all stages · f failed only · n next stage · h hint · q quit/;
const CLEAR = /\u001b\[2J/;

function hasScript(): boolean {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// util-linux `script` gives the CLI a pseudo-terminal.
describe.skipIf(!hasScript())('dispatch-lab test --watch in a terminal', () => {
  let student: StudentDir | undefined;
  let watch: WatchProcess | undefined;
  afterEach(async () => {
    await watch?.stop();
    await student?.dispose();
    watch = undefined;
    student = undefined;
  });

  it('reruns on Enter and exits 0 on q', async () => {
    student = await makeStudentDir();
    watch = startWatchMode(student.dir, ['--stage', 'register-tools', '--case', 'write'], { tty: true });
    const first = await watch.waitFor(STATUS);
    expect(first).toMatch(CLEAR);
    expect(first).toMatch(/✓ Write passes file_text as the file's text/);
    expect(first).toMatch(/✓ register-tools passes — (it is the last stage|press n for the next stage: [a-z-]+)/);
    watch.send('\r');
    await watch.waitFor(/running register-tools…/, 2);
    await watch.waitFor(STATUS, 2);
    watch.send('q');
    expect(await watch.exited).toBe(0);
  });

  it('exits 130 on Ctrl-C pressed in the terminal, like test', async () => {
    student = await makeStudentDir();
    watch = startWatchMode(student.dir, ['--stage', 'register-tools', '--case', 'write'], { tty: true });
    await watch.waitFor(STATUS);
    watch.send('\u0003');
    expect(await watch.exited).toBe(130);
  });

  it('shows the first failure in full, hints on h, failed-only on f, and offers n when the stage passes', async () => {
    student = await makeStudentDir();
    await student.edit('reference/execute.ts', WRITE_ROUTE, WRITE_BUG);
    watch = startWatchMode(student.dir, ['--stage', 'bash', '--case', 'write'], { tty: true });
    // bash has no Write cases but the "file-tools-see-bash-writes" case; it passes, so n is offered.
    let screen = await watch.waitFor(STATUS);
    expect(screen).toMatch(/✓ bash passes — press n for the next stage: register-tools/);
    watch.send('n');
    screen = await watch.waitFor(STATUS, 2);
    const failing = screen.slice(screen.lastIndexOf('running register-tools'));
    expect(failing).toMatch(/✗ register-tools › .*Write/);
    expect(failing).toMatch(/reproduce: printf/);
    expect(count(failing, /what differs:/)).toBe(1);
    expect(failing).toMatch(/✗ register-tools: \d+ of \d+ cases fail/);
    watch.send('h');
    screen = await watch.waitFor(/hints:/);
    watch.send('f');
    screen = await watch.waitFor(/f every case/);
    await watch.waitFor(/running the \d+ failed cases…/);
    watch.send('q');
    expect(await watch.exited).toBe(0);
  });
});

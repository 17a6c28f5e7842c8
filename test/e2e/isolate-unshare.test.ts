import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePrograms, repoRoot, runCli } from './cli.ts';
import { type Content, echoContent } from './echo-content.ts';
import { liveProcessesMatching, onlyCase, runScenario } from './scenario.ts';

// --isolate without bubblewrap: the same containment built from util-linux (unshare, chroot, setpriv), asked for with
// DISPATCH_LAB_ISOLATE_WITH=unshare. The hostile fixtures that test what isolation hides and kills run through it.

const UNSHARE = { DISPATCH_LAB_ISOLATE_WITH: 'unshare' };
const ROUNDTRIP = ['--stage', 'echo', '--case', 'roundtrip'];
const ESCAPEES = [/sleep 310[12]/, /dl-escapee/, /sleep 3201/, /dl-gradebook-rewriter/];

let content: Content;
let echoCases = 0;
beforeAll(async () => {
  content = await echoContent();
  echoCases = readdirSync(join(content.dir, 'cases', 'echo')).filter((f) => f.endsWith('.json')).length;
});
afterAll(() => content.dispose());

describe.runIf(process.platform === 'linux')('test --isolate with unshare (e2e)', () => {
  it('says which launcher isolates, and reads-cases finds no cases', { timeout: 120_000 }, async () => {
    const run = await runScenario('reads-cases', ['--content', content.dir, '--stage', 'echo', '--isolate'], { env: UNSHARE });
    expect(run.stderr).toMatch(/each case isolated \(unshare: no network/);
    expect(run.report?.summary).toMatchObject({ passed: 0, failed: echoCases });
    expect(run.stdout).toMatch(/found no cases to copy/);
    expect(run.tempLeft).toEqual([]);
  });

  it('escapes: every process of the case dies with it', async () => {
    const run = await runScenario('escapes', ['--content', content.dir, ...ROUNDTRIP, '--isolate'], { tokens: ESCAPEES, env: UNSHARE });
    expect(onlyCase(run).status).toBe('pass');
    expect(run.leftovers).toEqual([]);
    expect(run.tempLeft).toEqual([]);
  });

  it('fork-bomb: stops at the process limit and leaves nothing running', async () => {
    const run = await runScenario('fork-bomb', ['--content', content.dir, ...ROUNDTRIP, '--isolate'], { tokens: ESCAPEES, env: UNSHARE });
    expect(onlyCase(run)).toMatchObject({ status: 'fail', message: 'too many processes: the case tried to run more than 256 at once (--max-procs)' });
    expect(run.leftovers).toEqual([]);
  });

  it('signals-grader: a program cannot reach the grader to stop it', async () => {
    const run = await runScenario('signals-grader', ['--content', content.dir, ...ROUNDTRIP, '--isolate'], { env: UNSHARE });
    expect(run.exitCode).toBe(0);
    expect(onlyCase(run).status).toBe('pass');
  });
});

describe.runIf(process.platform === 'linux')('grade --isolate with unshare (e2e)', () => {
  it('an honest submission keeps its full score beside ones that spy on it, copy the cases and escape; nothing is written outside', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'dispatch-lab-class-'));
    const out = join(folder, 'book');
    const names = ['honest', 'spies-on-submissions', 'reads-cases', 'escapes'];
    try {
      const run = await runCli(['grade', ...names.map((n) => join(fixturePrograms, n)), '--content', content.dir, '--stage', 'echo', '--isolate', '--out', out], { env: { TMPDIR: folder, ...UNSHARE }, timeoutMs: 280_000 });
      expect(run.exitCode).toBe(1);
      const book = JSON.parse(await readFile(`${out}.json`, 'utf8')) as { submissions: { score: number; maxScore: number }[] };
      const [honest, spy, cheat, escaper] = book.submissions;
      expect(honest).toMatchObject({ score: echoCases, maxScore: echoCases });
      expect(spy).toMatchObject({ score: echoCases });
      expect(cheat).toMatchObject({ score: 0 });
      expect(escaper).toMatchObject({ score: echoCases });
      for (const dir of [...names.map((n) => join(fixturePrograms, n)), repoRoot]) expect(existsSync(join(dir, 'SPIED-ON.txt')), dir).toBe(false);
      expect(await liveProcessesMatching(ESCAPEES)).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 300_000);
});

import { lstat, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readStageStatus, saveStageStatus } from '../../grader/run/io/stage-status.ts';
import type { Case, Report, StageResult, StageStatus } from '../../grader/course/core/types.ts';

function stageResult(slug: string, status: StageStatus, verdicts: ('pass' | 'fail')[]): StageResult {
  return {
    stage: { slug, title: slug, command: 'dispatch' },
    status,
    cases: verdicts.map((v, i) => ({ case: { name: `c${i}`, hint: 'h', input: {}, expect: {}, stage: slug, file: `f${i}` } as Case, verdict: v === 'pass' ? { status: 'pass' } : { status: 'fail', failures: [] }, durationMs: 1 })),
  };
}

function report(...stages: StageResult[]): Report {
  return { summary: { passed: 0, failed: 0, skipped: 0, total: 0, durationMs: 0 }, stages };
}

describe('stage status', () => {
  let dir = '';
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('keeps the last status per stage, and a partial pass (--case) does not mark a stage done', async () => {
    dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-status-'));
    const counts = new Map([['echo', 3], ['view', 2]]);
    const at = new Date('2026-01-01T00:00:00Z');
    await saveStageStatus(dir, report(stageResult('echo', 'fail', ['pass', 'fail', 'pass'])), counts, at);
    await saveStageStatus(dir, report(stageResult('echo', 'pass', ['pass'])), counts, at);
    expect((await readStageStatus(dir)).stages.echo).toEqual({ status: 'fail', passed: 2, total: 3, at: at.toISOString(), failedCases: ['f1'] });
    await saveStageStatus(dir, report(stageResult('echo', 'pass', ['pass', 'pass', 'pass']), stageResult('view', 'skip', [])), counts, at);
    expect(await readStageStatus(dir)).toEqual({ stages: { echo: { status: 'pass', passed: 3, total: 3, at: at.toISOString(), passedCases: ['f0', 'f1', 'f2'] } } });
  });

  it('remembers the cases of the last pass through later failing runs, beside the cases that failed', async () => {
    dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-status-'));
    const counts = new Map([['echo', 2]]);
    const at = new Date('2026-01-01T00:00:00Z');
    await saveStageStatus(dir, report(stageResult('echo', 'pass', ['pass', 'pass'])), counts, at);
    await saveStageStatus(dir, report(stageResult('echo', 'fail', ['pass', 'pass', 'fail'])), new Map([['echo', 3]]), at);
    await saveStageStatus(dir, report(stageResult('echo', 'fail', ['fail', 'pass', 'fail'])), new Map([['echo', 3]]), at);
    expect((await readStageStatus(dir)).stages.echo).toEqual({ status: 'fail', passed: 1, total: 3, at: at.toISOString(), passedCases: ['f0', 'f1'], failedCases: ['f0', 'f2'] });
  });

  it('loses nothing when runs save at once: 20 updates of 20 stages, all kept', async () => {
    dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-status-'));
    const slugs = Array.from({ length: 20 }, (_, i) => `stage-${i}`);
    const counts = new Map(slugs.map((slug) => [slug, 1]));
    await Promise.all(slugs.map((slug) => saveStageStatus(dir, report(stageResult(slug, 'pass', ['pass'])), counts)));
    expect(Object.keys((await readStageStatus(dir)).stages).sort()).toEqual([...slugs].sort());
  });

  it('replaces a link planted at status.json instead of writing through it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-status-'));
    const target = join(dir, 'elsewhere.txt');
    await writeFile(target, 'untouched\n');
    await mkdir(join(dir, '.dispatch-lab'));
    await symlink(target, join(dir, '.dispatch-lab', 'status.json'));
    await saveStageStatus(dir, report(stageResult('echo', 'pass', ['pass'])), new Map([['echo', 1]]));
    expect(await readFile(target, 'utf8')).toBe('untouched\n');
    expect((await lstat(join(dir, '.dispatch-lab', 'status.json'))).isFile()).toBe(true);
  });

  it('reads as empty when nothing was saved', async () => {
    dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-status-'));
    expect(await readStageStatus(dir)).toEqual({ stages: {} });
  });
});

import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './cli.ts';
import { miniCourse, type MiniCourse } from './mini-course.ts';

const CASE = 'cases/echo/extra-fields-ignored.json';

let course: MiniCourse;
beforeEach(async () => {
  course = await miniCourse();
});
afterEach(async () => {
  await course.dispose();
});

// Run `record` (or `record --check`, `--update`) on the mini course, the reference being the repository's program.ts.
function record(...flags: string[]) {
  return runCli(['record', '--content', course.dir, '--dir', repoRoot, '--jobs', '2', ...flags]);
}

// The text of a case file before and after its "expect" value.
function aroundExpect(text: string): { before: string; after: string } {
  const start = text.indexOf('"expect": ') + '"expect": '.length;
  let depth = 0;
  let end = start;
  for (; end < text.length; end++) {
    if (text[end] === '{') depth++;
    if (text[end] === '}' && --depth === 0) break;
  }
  return { before: text.slice(0, start), after: text.slice(end + 1) };
}

describe('dispatch-lab record (e2e)', () => {
  it('fills an empty expectation, prints what it wrote, keeps every other byte, and --check then passes', async () => {
    const path = course.path(CASE);
    const original = await readFile(path, 'utf8');
    const emptied = original.replace(/"expect": \{[\s\S]*\}\n\}\n$/, '"expect": {}\n}\n');
    expect(emptied).not.toBe(original);
    await writeFile(path, emptied);
    const check = await record('--check');
    expect(check.exitCode).toBe(1);
    expect(check.stdout).toContain(`stale: ${CASE} (Fields other than text are ignored)\n    no expectation yet ("expect": {})`);
    const run = await record();
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain(`filled ${CASE} (Fields other than text are ignored)\n    {\n      "stdout": {\n        "results": [`);
    expect(run.stdout).toMatch(/^2 unchanged, 1 filled, 0 updated, 0 kept, 0 held, 0 stale, 0 unrecordable$/m);
    const written = await readFile(path, 'utf8');
    expect(aroundExpect(written)).toEqual(aroundExpect(emptied));
    expect(JSON.parse(written).expect).toEqual(JSON.parse(original).expect);
    const again = await record('--check');
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toMatch(/^3 unchanged, 0 filled, 0 updated, 0 kept, 0 held, 0 stale, 0 unrecordable$/m);
  });

  it('keeps a hand-written expectation that differs unless --update, then changes only that value', async () => {
    const path = course.path(CASE);
    const original = await readFile(path, 'utf8');
    const handWritten = original.replace('{"content": "hi"},', '{"content": "HI"},');
    expect(handWritten).not.toBe(original);
    await writeFile(path, handWritten);
    const kept = await record();
    expect(kept.exitCode).toBe(1);
    expect(kept.stdout).toContain(`kept ${CASE} (Fields other than text are ignored)\n    - results[0].content: "HI"\n    + results[0].content: "hi"\n    kept the hand-written expectation: npx dispatch-lab record --update --case <name> replaces it`);
    expect(await readFile(path, 'utf8')).toBe(handWritten);
    // --update replaces only the cases named with --case.
    const unnamed = await record('--update');
    expect(unnamed.exitCode).toBe(1);
    expect(unnamed.stdout).toContain('kept: --update replaces only the cases you name (--case <name>); --force replaces every one');
    expect(await readFile(path, 'utf8')).toBe(handWritten);
    const updated = await record('--update', '--case', 'extra-fields-ignored');
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect(updated.stdout).toContain(`updated ${CASE} (Fields other than text are ignored)\n    - results[0].content: "HI"\n    + results[0].content: "hi"`);
    const written = await readFile(path, 'utf8');
    expect(aroundExpect(written)).toEqual(aroundExpect(handWritten));
    expect(written).toContain('{"tool": "echo", "input": {"text": "hi", "loud": true, "times": 3}}');
    expect(JSON.parse(written)).toEqual(JSON.parse(original));
  });

  it('writes no new answer while the reference disagrees with a recorded one of the stage, unless --force', async () => {
    // A recorded answer the reference no longer gives (as if the reference had been broken), and a new case to fill.
    const path = course.path(CASE);
    const original = await readFile(path, 'utf8');
    await writeFile(path, original.replace('{"content": "hi"},', '{"content": "HI"},'));
    const fresh = course.path('cases/echo/new-case.json');
    const emptied = original.replace(/"expect": \{[\s\S]*\}\n\}\n$/, '"expect": {}\n}\n').replace(/"name": "[^"]*"/, '"name": "A new case"');
    await writeFile(fresh, emptied);
    const held = await record();
    expect(held.exitCode).toBe(1);
    expect(held.stdout).toContain(`kept ${CASE}`);
    expect(held.stdout).toMatch(/held cases\/echo\/new-case\.json \(A new case\)\n[\s\S]*not written: the reference disagrees with 1 recorded answer of this stage \(kept above\)/);
    expect(held.stdout).toMatch(/^\d+ unchanged, 0 filled, 0 updated, 1 kept, 1 held, 0 stale, 0 unrecordable$/m);
    expect(await readFile(fresh, 'utf8')).toBe(emptied);
    const forced = await record('--force');
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/^\d+ unchanged, 1 filled, 1 updated, 0 kept, 0 held, 0 stale, 0 unrecordable$/m);
    expect(JSON.parse(await readFile(fresh, 'utf8')).expect).toEqual(JSON.parse(original).expect);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(JSON.parse(original));
  });

  it('refuses to record a run the harness rejected, unless the case says it expects that', async () => {
    const path = course.path(CASE);
    const data = JSON.parse(await readFile(path, 'utf8'));
    const typo = `${JSON.stringify({ ...data, input: { sandbox: {}, calsl: data.input.calls }, expect: {} }, null, 2)}\n`;
    await writeFile(path, typo);
    const refused = await record();
    expect(refused.exitCode).toBe(2);
    expect(refused.stdout).toContain(`unrecordable: ${CASE} (Fields other than text are ignored)\n    the harness refused the input: dispatch: stdin has an unknown key "calsl" (known: sandbox, calls)`);
    expect(await readFile(path, 'utf8')).toBe(typo);
    await writeFile(path, typo.replace('"expect": {}', '"expect": {},\n  "expectHarnessError": true'));
    const allowed = await record();
    expect(allowed.exitCode, allowed.stdout).toBe(0);
    expect(JSON.parse(await readFile(path, 'utf8')).expect).toEqual({ exitCode: 1 });
  });

  it('--check names a case whose recorded output no longer matches the reference', async () => {
    const path = course.path('cases/echo/roundtrip.json');
    await writeFile(path, (await readFile(path, 'utf8')).replace('"content": "hello"', '"content": "HELLO"'));
    const check = await record('--check');
    expect(check.exitCode).toBe(1);
    expect(check.stdout).toMatch(/stale: cases\/echo\/roundtrip\.json .*\n\s+results\[0\]\.content: expected "HELLO", received "hello"/);
  });
});

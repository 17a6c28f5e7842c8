import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createProgramBuilder, type BuildOutcome } from '../../grader/run/io/build-program.ts';
import { decodeEntry, encodeEntry, staleFact, type BuildFacts } from '../../grader/run/core/build-entry.ts';

// The build cache (grader/run/io/build-cache.ts): a second grader run on an unchanged program reuses the bundle, and
// any change that could change the bundle builds it again.

let dir = '';
afterEach(async () => rm(dir, { recursive: true, force: true }));

// A course of two files: program.ts prints what lib.ts says.
async function course(): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-build-cache-'));
  await writeFile(join(dir, 'program.ts'), "import { said } from './lib';\nconsole.log(said);\n");
  await writeFile(join(dir, 'lib.ts'), "export const said = 'first';\n");
  return dir;
}

// One grader run's build (a builder of its own, as `dispatch-lab test` makes one), with the bundle and source map it wrote.
async function buildOnce(courseDir: string): Promise<{ outcome: BuildOutcome; bundle: string; map: string }> {
  const builder = await createProgramBuilder(courseDir, `test-${Math.random().toString(36).slice(2)}`);
  try {
    const outcome = await builder.build();
    if (!outcome.ok) return { outcome, bundle: '', map: '' };
    return { outcome, bundle: await readFile(outcome.bundlePath, 'utf8'), map: await readFile(`${outcome.bundlePath}.map`, 'utf8') };
  } finally {
    await builder.dispose();
  }
}

describe('the build cache', () => {
  it('reuses the bundle of an unchanged program, byte for byte', async () => {
    const courseDir = await course();
    const first = await buildOnce(courseDir);
    expect(first.outcome).toMatchObject({ ok: true });
    expect(first.outcome.ok && first.outcome.cached).toBeFalsy();
    const second = await buildOnce(courseDir);
    expect(second.outcome).toMatchObject({ ok: true, cached: true });
    expect(second.bundle).toBe(first.bundle);
    expect(second.map).toBe(first.map);
    expect(JSON.parse(second.map)).toMatchObject({ version: 3 });
  });

  it('a builder that will rebuild (watch) builds the first edit after a cached first build, bundle and map', async () => {
    const courseDir = await course();
    await buildOnce(courseDir);
    const builder = await createProgramBuilder(courseDir, 'test-rebuild', undefined, { willRebuild: true });
    try {
      expect(await builder.build()).toMatchObject({ ok: true, cached: true });
      await writeFile(join(courseDir, 'lib.ts'), "export const said = 'edited';\n");
      const edited = await builder.build();
      expect(edited.ok && edited.cached).toBeFalsy();
      if (!edited.ok) throw new Error(edited.errors.join('\n'));
      expect(await readFile(edited.bundlePath, 'utf8')).toContain('edited');
      expect(JSON.parse(await readFile(`${edited.bundlePath}.map`, 'utf8'))).toMatchObject({ version: 3 });
    } finally {
      await builder.dispose();
    }
  });

  it('builds again when an imported file changes, and reuses it when the same content is written back', async () => {
    const courseDir = await course();
    await buildOnce(courseDir);
    await writeFile(join(courseDir, 'lib.ts'), "export const said = 'second';\n");
    const edited = await buildOnce(courseDir);
    expect(edited.outcome.ok && edited.outcome.cached).toBeFalsy();
    expect(edited.bundle).toContain('second');
    await writeFile(join(courseDir, 'lib.ts'), "export const said = 'second';\n");
    expect((await buildOnce(courseDir)).outcome).toMatchObject({ ok: true, cached: true });
  });

  it('builds again when a new import is added, and then follows the new file', async () => {
    const courseDir = await course();
    await buildOnce(courseDir);
    await writeFile(join(courseDir, 'more.ts'), "export const more = 'added';\n");
    await writeFile(join(courseDir, 'program.ts'), "import { said } from './lib';\nimport { more } from './more';\nconsole.log(said, more);\n");
    const added = await buildOnce(courseDir);
    expect(added.outcome.ok && added.outcome.cached).toBeFalsy();
    expect(added.bundle).toContain('added');
    await writeFile(join(courseDir, 'more.ts'), "export const more = 'changed';\n");
    expect((await buildOnce(courseDir)).bundle).toContain('changed');
  });

  it('builds again when a new file changes what an unchanged import resolves to', async () => {
    const courseDir = await course();
    await rm(join(courseDir, 'lib.ts'));
    await writeFile(join(courseDir, 'lib.js'), "export const said = 'from js';\n");
    expect((await buildOnce(courseDir)).bundle).toContain('from js');
    // esbuild prefers lib.ts to lib.js: program.ts did not change, yet the bundle must.
    await writeFile(join(courseDir, 'lib.ts'), "export const said = 'from ts';\n");
    expect((await buildOnce(courseDir)).bundle).toContain('from ts');
  });

  it('builds again when a tsconfig.json beside the program appears (its options change the bundle)', async () => {
    const courseDir = await course();
    await writeFile(join(courseDir, 'program.ts'), 'class Box { size = 1; }\nconsole.log(new Box().size);\n');
    const before = await buildOnce(courseDir);
    await writeFile(join(courseDir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { useDefineForClassFields: false } }));
    const after = await buildOnce(courseDir);
    expect(after.outcome.ok && after.outcome.cached).toBeFalsy();
    expect(after.bundle).not.toBe(before.bundle);
  });

  it('builds again when only a file the tsconfig.json extends changes', async () => {
    const courseDir = await course();
    await writeFile(join(courseDir, 'base.json'), '{ "compilerOptions": {} }\n');
    await writeFile(join(courseDir, 'tsconfig.json'), '{ "extends": "./base" }\n');
    await buildOnce(courseDir);
    expect((await buildOnce(courseDir)).outcome).toMatchObject({ ok: true, cached: true });
    await writeFile(join(courseDir, 'base.json'), '{ "compilerOptions": { "target": "es2022" } }\n');
    const changed = await buildOnce(courseDir);
    expect(changed.outcome).toMatchObject({ ok: true });
    expect(changed.outcome.ok && changed.outcome.cached).toBeFalsy();
  });

  it('never keeps a failed build: the error is reported on every run', async () => {
    const courseDir = await course();
    await writeFile(join(courseDir, 'lib.ts'), 'export const said = ;\n');
    for (let run = 0; run < 2; run++) expect((await buildOnce(courseDir)).outcome).toMatchObject({ ok: false, errors: [expect.stringContaining('lib.ts:1:')] });
  });
});

describe('a build cache entry', () => {
  const facts: BuildFacts = { inputs: [['program.ts', 'a1']], folders: [['/c', 'f1']], configs: [['/c/tsconfig.json', null]], links: [['packages', '/cache/x']] };

  it('reads back the facts and the bundle it was written with', () => {
    const bundle = new TextEncoder().encode('console.log(1);\n// two\nlines\n');
    const read = decodeEntry(encodeEntry(facts, bundle));
    expect(read?.facts).toEqual(facts);
    expect(new TextDecoder().decode(read?.bundle)).toBe('console.log(1);\n// two\nlines\n');
    expect(read?.map.length).toBe(0);
  });

  it('reads back a source map kept after the bundle, and nothing from a cut entry', () => {
    const bundle = new TextEncoder().encode('console.log(1);\n//# sourceMappingURL=program.mjs.map\n');
    const map = new TextEncoder().encode('{"version":3,"mappings":"AAAA"}');
    const entry = encodeEntry(facts, bundle, map);
    const read = decodeEntry(entry);
    expect(new TextDecoder().decode(read?.bundle)).toBe('console.log(1);\n//# sourceMappingURL=program.mjs.map\n');
    expect(new TextDecoder().decode(read?.map)).toBe('{"version":3,"mappings":"AAAA"}');
    expect(decodeEntry(entry.subarray(0, entry.length - 1))).toBeUndefined();
  });

  it('reads nothing from bytes of another format', () => {
    expect(decodeEntry(new TextEncoder().encode('{"inputs":[]}\nbundle'))).toBeUndefined();
    expect(decodeEntry(new TextEncoder().encode('dispatch-lab-build 2 {not json\nbundle'))).toBeUndefined();
  });

  type Now = Parameters<typeof staleFact>[1];
  it.each<[string, Now, string]>([
    ['an input', { input: () => 'a2', folder: () => 'f1', config: () => null }, 'program.ts changed'],
    ['a folder listing', { input: () => 'a1', folder: () => 'f2', config: () => null }, 'the files in /c changed'],
    ['a config file that appeared', { input: () => 'a1', folder: () => 'f1', config: () => 'c1' }, '/c/tsconfig.json changed'],
    ['an input that went away', { input: () => null, folder: () => 'f1', config: () => null }, 'program.ts changed'],
  ])('is stale when %s differs', (_what, now, reason) => {
    expect(staleFact(facts, now)).toBe(reason);
  });

  it('holds while every fact does', () => {
    expect(staleFact(facts, { input: () => 'a1', folder: () => 'f1', config: () => null })).toBeUndefined();
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// harness/mcp/course-server.mjs starts the one-file CommonJS bundle with the V8 code cache scripts/build.mjs leaves
// beside it, and falls back without a word: to compiling the bundle afresh when the cache is missing, was taken from
// another build, or is refused by V8; to the source itself when the bundle is stale. A copy of harness/mcp/ per test,
// each server run to its end (spawnSync), the answer to initialize compared.

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HARNESS = path.join(REPO, 'harness/mcp');
const INITIALIZE = `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`;
const ANSWER = { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18', capabilities: { tools: { listChanged: true } }, serverInfo: { name: 'course', version: '1.0.0' } } };

type Entry = {
  bundleFile: string;
  cacheFile: string;
  buildIdOf(text: string, sourceText: string): string | undefined;
  cacheHeader(buildId: string): Buffer;
  cachedDataFor(buildId: string, cache?: string): Buffer | undefined;
};

let scratch: string;
let entry: Entry;

beforeAll(async () => {
  entry = (await import(path.join(HARNESS, 'course-server.mjs'))) as Entry;
  // The build writes both files (vitest's global setup builds); without them there is nothing to test.
  for (const file of [entry.bundleFile, entry.cacheFile]) if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build`);
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'course-server-cache-'));
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
});

afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

// A fresh copy of the server's files in the scratch dir; its folder.
function copyOfHarness(name: string): string {
  const dir = path.join(scratch, name);
  fs.mkdirSync(dir);
  for (const file of ['course-server.mjs', 'course-server-main.mjs', 'course-server.bundle.cjs', 'course-server.bundle.cache']) fs.copyFileSync(path.join(HARNESS, file), path.join(dir, file));
  return dir;
}

// The server of that folder, sent initialize and then end of input: its answer, stderr and exit status.
function initialize(dir: string) {
  const run = spawnSync(process.execPath, [path.join(dir, 'course-server.mjs'), '--tools', 'add'], { input: INITIALIZE, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  return { answer: JSON.parse(run.stdout.trim()) as unknown, stderr: run.stderr, status: run.status };
}

const fine = { answer: ANSWER, stderr: '', status: 0 };

describe('the course server\'s code cache', () => {
  it('is taken from the current bundle and accepted by this node', async () => {
    const text = fs.readFileSync(entry.bundleFile, 'utf8');
    const buildId = entry.buildIdOf(text, fs.readFileSync(path.join(HARNESS, 'course-server-main.mjs'), 'utf8'));
    expect(buildId).toMatch(/^[0-9a-f]{32}$/);
    const cachedData = entry.cachedDataFor(buildId ?? '');
    expect(cachedData?.length).toBeGreaterThan(1000);
    const { Script } = await import('node:vm');
    const script = new Script(`(function (exports, require, module, __filename, __dirname) {${text}\n})`, { filename: entry.bundleFile, cachedData });
    expect(script.cachedDataRejected).toBe(false);
  });

  it('belongs to one build only', () => {
    expect(entry.cachedDataFor('0'.repeat(32))).toBeUndefined();
    expect(entry.cachedDataFor('x', path.join(scratch, 'no-such-cache'))).toBeUndefined();
  });

  it('a bundle no longer built from the source beside it has no build id', () => {
    const text = fs.readFileSync(entry.bundleFile, 'utf8');
    const source = fs.readFileSync(path.join(HARNESS, 'course-server-main.mjs'), 'utf8');
    expect(entry.buildIdOf(text, `${source}// edited\n`)).toBeUndefined();
    // An edit that keeps the length: one character changed, and two swapped.
    const at = source.indexOf('course');
    expect(entry.buildIdOf(text, `${source.slice(0, at)}C${source.slice(at + 1)}`)).toBeUndefined();
    expect(entry.buildIdOf(text, `${source.slice(0, at)}${source[at + 1]}${source[at]}${source.slice(at + 2)}`)).toBeUndefined();
  });

  it('the server starts without loading node:crypto (its check that the bundle is current reads no digest)', () => {
    const dir = copyOfHarness('no-crypto');
    const probe = path.join(dir, 'probe.cjs');
    fs.writeFileSync(probe, "process.on('exit', () => process.stderr.write(process.moduleLoadList.filter((m) => /crypto/.test(m)).join(',')));\n");
    const run = spawnSync(process.execPath, ['--require', probe, path.join(dir, 'course-server.mjs'), '--tools', 'add'], { input: INITIALIZE, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(JSON.parse(run.stdout.trim())).toStrictEqual(ANSWER);
    expect(run.stderr).toBe('');
  });

  it('the bundle leaves ajv out: the server gives McpServer its own checker of elicitation answers, so the default is never made', () => {
    const text = fs.readFileSync(entry.bundleFile, 'utf8');
    // Messages of ajv's own code (its compiler and its schema registry), in every bundle that includes it.
    expect(text).not.toContain('ajv implementation error');
    expect(text).not.toContain('schema with key or id');
    // The stand-in the build puts where the SDK's default checker was: it throws when made, and the server answers.
    expect(text).toContain('leaves out the SDK default schema checker');
    expect(initialize(copyOfHarness('without-ajv'))).toStrictEqual(fine);
  });

  it('the server answers with the cache', () => {
    expect(initialize(copyOfHarness('current'))).toStrictEqual(fine);
  });

  it('the server answers without the cache', () => {
    const dir = copyOfHarness('missing');
    fs.rmSync(path.join(dir, 'course-server.bundle.cache'));
    expect(initialize(dir)).toStrictEqual(fine);
  });

  it('the server answers when V8 refuses the cache (the right header, data V8 did not write)', () => {
    const dir = copyOfHarness('refused');
    const cache = path.join(dir, 'course-server.bundle.cache');
    const header = fs.readFileSync(cache).subarray(0, fs.readFileSync(cache).indexOf('\n') + 1);
    fs.writeFileSync(cache, Buffer.concat([header, Buffer.alloc(4096, 7)]));
    expect(initialize(dir)).toStrictEqual(fine);
  });

  it('the server answers when the cache is of another build', () => {
    const dir = copyOfHarness('other-build');
    const cache = path.join(dir, 'course-server.bundle.cache');
    const data = fs.readFileSync(cache);
    fs.writeFileSync(cache, Buffer.concat([entry.cacheHeader('f'.repeat(32)), data.subarray(data.indexOf('\n') + 1)]));
    expect(initialize(dir)).toStrictEqual(fine);
  });

  it('a stale bundle is not run: the source is', () => {
    const dir = copyOfHarness('stale');
    // A bundle that would fail, built "from" the old source; the source then changes.
    const bundle = path.join(dir, 'course-server.bundle.cjs');
    const firstLine = fs.readFileSync(bundle, 'utf8').split('\n')[0];
    fs.writeFileSync(bundle, `${firstLine}\nthrow new Error('the stale bundle ran');\n`);
    fs.appendFileSync(path.join(dir, 'course-server-main.mjs'), '// edited after the build\n');
    expect(initialize(dir)).toStrictEqual(fine);
  });

  it('the bundle is what runs while it is current', () => {
    const dir = copyOfHarness('current-runs');
    // The same bundle with a line of its own, its build id kept (the header still matches the source).
    const bundle = path.join(dir, 'course-server.bundle.cjs');
    const [firstLine, ...rest] = fs.readFileSync(bundle, 'utf8').split('\n');
    fs.writeFileSync(bundle, [firstLine, "process.stderr.write('bundle\\n');", ...rest].join('\n'));
    expect(initialize(dir)).toStrictEqual({ ...fine, stderr: 'bundle\n' });
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as reference from '../../reference/index.ts';
import { Latches } from '../../harness/turn/latch.ts';
import { TallyBoard, tallyTool } from '../../harness/turn/tally.ts';
import { fileKey } from '../../harness/turn/file-key.ts';
import { parseTurnRequest } from '../../harness/turn/turn-request.ts';
import { runTurnCommand } from '../../harness/turn/run-turn.ts';
import { withTempSandbox } from '../../harness/temp-sandbox.ts';
import type { TurnRegistry } from '../../harness/turn/types.ts';

describe('Latches', () => {
  it('a group of one completes at once', async () => {
    expect(await new Latches(60_000).arrive('g', 1)).toEqual({ content: 'latch g: 1 in flight together' });
  });

  it('completes every call of a round together once size calls arrived', async () => {
    const latches = new Latches(60_000);
    const round = [latches.arrive('g', 3), latches.arrive('g', 3), latches.arrive('g', 3)];
    expect(await Promise.all(round)).toEqual(Array(3).fill({ content: 'latch g: 3 in flight together' }));
  });

  it('keeps groups apart', async () => {
    const latches = new Latches(60_000);
    const results = await Promise.all([latches.arrive('a', 2), latches.arrive('b', 2), latches.arrive('b', 2), latches.arrive('a', 2)]);
    expect(results.map((r) => r.content)).toEqual(['latch a: 2 in flight together', 'latch b: 2 in flight together', 'latch b: 2 in flight together', 'latch a: 2 in flight together']);
  });

  it('fails the calls of a round that is still short when its wait ends', async () => {
    const latches = new Latches(10);
    const short = await Promise.all([latches.arrive('g', 3), latches.arrive('g', 3)]);
    expect(short).toEqual(Array(2).fill({ content: 'latch g: only 2 of 3 in flight', is_error: true }));
  });

  it('opens a new round after one ends', async () => {
    const latches = new Latches(10);
    expect(await latches.arrive('g', 2)).toEqual({ content: 'latch g: only 1 of 2 in flight', is_error: true });
    expect(await Promise.all([latches.arrive('g', 2), latches.arrive('g', 2)])).toEqual(Array(2).fill({ content: 'latch g: 2 in flight together' }));
  });
});

describe('fileKey', () => {
  it.each([
    ['a.txt', 'a.txt'],
    ['./a.txt', 'a.txt'],
    ['/a.txt', 'a.txt'],
    ['dir//a.txt/', 'dir/a.txt'],
    ['dir/../a.txt', 'a.txt'],
    ['../../etc/passwd', 'etc/passwd'],
    ['', ''],
    ['/', ''],
  ])('%j → %j', (given, key) => {
    expect(fileKey(given)).toBe(key);
  });
});

describe('TallyBoard', () => {
  it('counts the tallies of one file that overlapped, each one included', () => {
    const board = new TallyBoard();
    const first = board.enter('a.txt');
    const other = board.enter('b.txt');
    const second = board.enter('a.txt');
    board.leave('a.txt', first);
    const third = board.enter('a.txt');
    expect([first.most, second.most, third.most, other.most]).toEqual([2, 2, 2, 1]);
  });

  it('counts one for tallies that never overlapped', () => {
    const board = new TallyBoard();
    const first = board.enter('a.txt');
    board.leave('a.txt', first);
    const second = board.enter('a.txt');
    expect([first.most, second.most]).toEqual([1, 1]);
  });
});

describe('tally', () => {
  const run = (root: string, input: Record<string, unknown>) => tallyTool(root, new TallyBoard()).handler(input);

  it('appends to the file, creating it, and reports one write in flight', () =>
    withTempSandbox({ 'dir/a.txt': 'A' }, async (root) => {
      expect(await run(root, { path: './dir/a.txt', text: 'B' })).toEqual({ content: 'tally ./dir/a.txt: appended; 1 write in flight' });
      expect(await run(root, { path: 'new.txt', text: 'N' })).toEqual({ content: 'tally new.txt: appended; 1 write in flight' });
      expect(await fs.readFile(path.join(root, 'dir/a.txt'), 'utf8')).toBe('AB');
      expect(await fs.readFile(path.join(root, 'new.txt'), 'utf8')).toBe('N');
    }));

  it('reports two writes in flight for both of two overlapping tallies of one file', () =>
    withTempSandbox({}, async (root) => {
      const tool = tallyTool(root, new TallyBoard());
      const results = await Promise.all([tool.handler({ path: 'a.txt', text: '1' }), tool.handler({ path: '/a.txt', text: '2' })]);
      expect(results).toEqual([{ content: 'tally a.txt: appended; 2 writes in flight' }, { content: 'tally /a.txt: appended; 2 writes in flight' }]);
    }));

  it('never writes outside the sandbox', async () => {
    const outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tally-outside-')));
    try {
      await withTempSandbox({ 'dir/x.txt': '' }, async (root) => {
        await fs.symlink(path.join(outside, 'target.txt'), path.join(root, 'link.txt'));
        await fs.symlink(outside, path.join(root, 'linkdir'));
        expect(await run(root, { path: 'link.txt', text: 'x' })).toEqual({ content: 'tally link.txt: not a regular file', is_error: true });
        expect(await run(root, { path: 'linkdir/a.txt', text: 'x' })).toEqual({ content: 'tally linkdir/a.txt: the directory must exist in the sandbox (no symlinks)', is_error: true });
        expect(await run(root, { path: 'missing/a.txt', text: 'x' })).toEqual({ content: 'tally missing/a.txt: the directory must exist in the sandbox (no symlinks)', is_error: true });
        expect(await run(root, { path: '/', text: 'x' })).toEqual({ content: 'tally /: path must name a file', is_error: true });
        expect(await run(root, { path: 'dir', text: 'x' })).toEqual({ content: 'tally dir: not a regular file', is_error: true });
      });
      expect(await fs.readdir(outside)).toEqual([]);
    } finally {
      await fs.rm(outside, { recursive: true, force: true });
    }
  });
});

describe('parseTurnRequest', () => {
  it('reads the sandbox and the calls with their ids', () => {
    const text = JSON.stringify({ sandbox: { 'a.txt': 'A' }, calls: [{ id: 'c1', tool: 'view', input: { path: 'a.txt' } }, { id: 'c2', tool: 'echo' }] });
    expect(parseTurnRequest(text)).toEqual({ sandbox: { 'a.txt': 'A' }, calls: [{ id: 'c1', tool: 'view', input: { path: 'a.txt' } }, { id: 'c2', tool: 'echo', input: undefined }] });
  });

  it.each([
    ['not json', 'stdin is not valid JSON'],
    ['[]', 'stdin must be a JSON object'],
    ['{"calls": {}}', '"calls" must be an array'],
    ['{"sandbox": {"a": 1}, "calls": []}', '"sandbox" must be an object of path → text'],
    ['{"calls": [{"tool": "view"}]}', 'calls[0].id must be a string'],
    ['{"calls": [{"id": 1, "tool": "view"}]}', 'calls[0].id must be a string'],
    ['{"calls": [{"id": "a", "tool": "view"}, {"id": "b", "tool": "view"}, {"id": "a", "tool": "echo"}]}', 'calls[2].id repeats calls[0].id'],
    ['{"calls": [{"id": "a"}]}', 'calls[0].tool must be a string'],
  ])('%s → %s', (text, problem) => {
    expect(parseTurnRequest(text)).toBe(problem);
  });
});

describe('runTurnCommand', () => {
  const stdin = JSON.stringify({ sandbox: { 'a.txt': 'A' }, calls: [{ id: 'c1', tool: 'view', input: { path: 'a.txt' } }] });

  it('prints the results of the solution runTurn on one line', async () => {
    expect(await runTurnCommand(stdin, reference)).toEqual({ stdout: '{"results":[{"id":"c1","result":{"content":"1: A"}}]}\n', stderr: '', exitCode: 0 });
  });

  it('registers the instruments in the solution registry before the turn', async () => {
    const seen: string[] = [];
    const solution = { ...reference, runTurn: async (registry: TurnRegistry) => { seen.push(...registry.descriptors().map((d) => d.name)); return []; } };
    await runTurnCommand(stdin, solution);
    expect(seen.slice(-3)).toEqual(['latch', 'latch_write', 'tally']);
  });

  it('answers a broken request with exit 1 and one line', async () => {
    expect(await runTurnCommand('{"calls": [{"tool": "view"}]}', reference)).toEqual({ stdout: '', stderr: 'turn: calls[0].id must be a string\n', exitCode: 1 });
  });

  it('reports a missing runTurn export as not implemented', async () => {
    const { runTurn, ...withoutTurn } = reference;
    void runTurn;
    expect(await runTurnCommand(stdin, withoutTurn)).toEqual({ stdout: '', stderr: 'not implemented: runTurn (export it from src/index.ts)\n', exitCode: 1 });
  });

  it('reports a runTurn that rejects', async () => {
    const solution = { ...reference, runTurn: async () => Promise.reject(new Error('boom')) };
    const output = await runTurnCommand(stdin, solution);
    expect(output).toMatchObject({ stdout: '', exitCode: 1 });
    expect(output.stderr).toMatch(/^turn: runTurn threw: boom\n/);
  });
});

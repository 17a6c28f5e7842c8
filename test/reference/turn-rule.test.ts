import { describe, expect, it } from 'vitest';
import type { Access } from '../../reference/turn/conflict.ts';
import type { TurnCall, TurnRegistry } from '../../harness/turn/types.ts';
import type { Effect } from '../../harness/registry/types.ts';
import { normalisePath, scopeOf, scopesOverlap, WHOLE_SANDBOX } from '../../reference/turn/scope.ts';
import { conflicts } from '../../reference/turn/conflict.ts';
import { waitsFor } from '../../reference/turn/schedule.ts';
import { accessOf, runTurn } from '../../reference/turn/run-turn.ts';

describe('normalisePath', () => {
  it.each([
    ['a.txt', 'a.txt'],
    ['./a.txt', 'a.txt'],
    ['/a.txt', 'a.txt'],
    ['a.txt/', 'a.txt'],
    ['.//a.txt', 'a.txt'],
    ['src//a.ts', 'src/a.ts'],
    ['src/./a.ts', 'src/a.ts'],
    ['src/x/../a.ts', 'src/a.ts'],
    ['../a.txt', 'a.txt'],
    ['', WHOLE_SANDBOX],
    ['.', WHOLE_SANDBOX],
    ['/', WHOLE_SANDBOX],
    ['./', WHOLE_SANDBOX],
    ['A.txt', 'A.txt'],
    ['dir\\a.txt', 'dir\\a.txt'],
  ])('%j → %j', (given, scope) => {
    expect(normalisePath(given)).toBe(scope);
  });
});

describe('scopeOf', () => {
  it.each([
    [{ path: './a.txt' }, 'a.txt'],
    [{ path: 'src', pattern: '*' }, 'src'],
    [{ pattern: '**' }, WHOLE_SANDBOX],
    [{ path: 7 }, WHOLE_SANDBOX],
    [{ path: null }, WHOLE_SANDBOX],
    [null, WHOLE_SANDBOX],
    [undefined, WHOLE_SANDBOX],
    ['a.txt', WHOLE_SANDBOX],
    [['a.txt'], WHOLE_SANDBOX],
  ])('%j → %j', (input, scope) => {
    expect(scopeOf(input)).toBe(scope);
  });
});

describe('scopesOverlap', () => {
  it.each([
    ['a.txt', 'a.txt', true],
    ['a.txt', 'b.txt', false],
    ['src', 'src/a.ts', true],
    ['src/a.ts', 'src', true],
    ['src', 'src2/a.ts', false],
    ['src2', 'src2x/d.ts', false],
    ['a.txt', 'a.txt.bak', false],
    [WHOLE_SANDBOX, 'a.txt', true],
    ['deep/er/x', WHOLE_SANDBOX, true],
    [WHOLE_SANDBOX, WHOLE_SANDBOX, true],
  ])('%j and %j → %s', (a, b, overlap) => {
    expect(scopesOverlap(a, b)).toBe(overlap);
  });
});

const access = (effect: Effect, scope: string): Access => ({ effect, scope });

describe('conflicts', () => {
  it.each([
    [access('read', 'a.txt'), access('read', 'a.txt'), false],
    [access('read', WHOLE_SANDBOX), access('read', 'a.txt'), false],
    [access('read', 'a.txt'), access('write', 'a.txt'), true],
    [access('write', 'a.txt'), access('read', 'a.txt'), true],
    [access('write', 'a.txt'), access('write', 'a.txt'), true],
    [access('write', 'a.txt'), access('write', 'b.txt'), false],
    [access('read', 'b.txt'), access('write', 'a.txt'), false],
    [access('read', WHOLE_SANDBOX), access('write', 'a.txt'), true],
    [access('write', 'src/a.ts'), access('read', 'src'), true],
    [access('exclusive', 'a.txt'), access('read', 'b.txt'), true],
    [access('read', 'b.txt'), access('exclusive', 'x'), true],
    [access('exclusive', WHOLE_SANDBOX), access('exclusive', WHOLE_SANDBOX), true],
  ])('%j with %j → %s', (a, b, conflict) => {
    expect(conflicts(a, b)).toBe(conflict);
  });
});

describe('waitsFor', () => {
  it.each<[string, Access[], number[][]]>([
    ['an empty turn', [], []],
    ['reads wait for nothing', [access('read', 'a'), access('read', 'b'), access('read', 'a')], [[], [], []]],
    ['exercise D: read A, read B, write C', [access('read', 'A'), access('read', 'B'), access('write', 'C')], [[], [], []]],
    ['writes to one file form a chain', [access('write', 'a'), access('write', 'a'), access('write', 'a')], [[], [0], [0, 1]]],
    ['a write waits for every earlier read of its file', [access('read', 'a'), access('read', 'a'), access('write', 'a')], [[], [], [0, 1]]],
    ['the worked example', [access('read', 'a.txt'), access('write', 'a.txt'), access('read', 'b.txt'), access('read', 'a.txt')], [[], [0], [], [1]]],
    ['exclusive splits the turn', [access('read', 'a'), access('exclusive', ''), access('read', 'a')], [[], [0], [1]]],
    ['no waiting behind unrelated calls', [access('write', 'a'), access('write', 'a'), access('write', 'b')], [[], [0], []]],
  ])('%s', (_, accesses, waits) => {
    expect(waitsFor(accesses)).toEqual(waits);
  });
});

// A registry whose calls finish only when the test says so, recording the order they start in.
function manualRegistry(effects: Record<string, Effect | undefined>, withGet = true) {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const registry: TurnRegistry = {
    register: () => undefined,
    descriptors: () => [],
    execute: (name, input) => {
      const id = (input as { id: string }).id;
      started.push(id);
      return new Promise((resolve) => finish.set(id, () => resolve({ content: `${name} ${id}` })));
    },
  };
  if (withGet) registry.get = (name) => (Object.hasOwn(effects, name) ? { effect: effects[name] } : undefined);
  return { registry, started, finish: (id: string) => finish.get(id)?.() };
}

// Lets every pending promise callback run.
const settle = () => new Promise((resolve) => setImmediate(resolve));
const call = (id: string, tool: string, path?: string): TurnCall => ({ id, tool, input: path === undefined ? { id } : { id, path } });

describe('accessOf', () => {
  const { registry } = manualRegistry({ view: 'read', create: 'write', plain: undefined });
  it.each([
    [call('1', 'view', './a.txt'), access('read', 'a.txt')],
    [call('2', 'create', 'a.txt'), access('write', 'a.txt')],
    [call('3', 'plain', 'a.txt'), access('exclusive', 'a.txt')],
    [call('4', 'nope'), access('exclusive', WHOLE_SANDBOX)],
  ])('%j → %j', (turnCall, expected) => {
    expect(accessOf(registry, turnCall)).toEqual(expected);
  });

  it('reads every call as exclusive when the registry has no get', () => {
    expect(accessOf(manualRegistry({}, false).registry, call('1', 'view', 'a.txt'))).toEqual(access('exclusive', 'a.txt'));
  });
});

describe('runTurn', () => {
  it('starts each call when its conflicting predecessors finish, and answers in call order', async () => {
    const { registry, started, finish } = manualRegistry({ view: 'read', create: 'write', bash: 'exclusive' });
    const calls = [call('r1', 'view', 'a.txt'), call('w1', 'create', 'a.txt'), call('r2', 'view', 'b.txt'), call('r3', 'view', 'a.txt'), call('x', 'bash'), call('r4', 'view', 'b.txt')];
    const turn = runTurn(registry, calls);
    await settle();
    expect(started).toEqual(['r1', 'r2']);
    finish('r2');
    await settle();
    expect(started).toEqual(['r1', 'r2']);
    finish('r1');
    await settle();
    expect(started).toEqual(['r1', 'r2', 'w1']);
    finish('w1');
    await settle();
    expect(started).toEqual(['r1', 'r2', 'w1', 'r3']);
    finish('r3');
    await settle();
    expect(started).toEqual(['r1', 'r2', 'w1', 'r3', 'x']);
    finish('x');
    await settle();
    expect(started).toEqual(['r1', 'r2', 'w1', 'r3', 'x', 'r4']);
    finish('r4');
    expect(await turn).toEqual(calls.map((c) => ({ id: c.id, result: { content: `${c.tool} ${c.id}` } })));
  });

  it('returns no results for an empty turn', async () => {
    expect(await runTurn(manualRegistry({}).registry, [])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Confirm, Policy } from '../../harness/policy/types.ts';
import type { ToolDefinition } from '../../harness/registry/types.ts';
import { Tools, makeRegistry, withPolicy } from '../../reference/index.ts';
import { ToolRegistry } from '../../reference/registry/registry.ts';
import { withTempSandbox } from '../../harness/temp-sandbox.ts';
import { err, ok, readTextOrNull } from './tool-cases.ts';

// A registry of test tools whose handlers record every input they receive.
function recordingRegistry() {
  const ran: string[] = [];
  const tool = (name: string, handler: ToolDefinition['handler']): ToolDefinition => ({
    name,
    description: name,
    parameters: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false },
    handler: async (input) => {
      ran.push(`${name}:${String(input.n)}`);
      return handler(input);
    },
  });
  const registry = new ToolRegistry();
  registry.register(tool('ping', async (input) => ok(`pong ${String(input.n)}`)));
  registry.register(tool('fail', async () => err('Error: nope')));
  registry.register(tool('boom', async () => {
    throw new Error('exploded');
  }));
  return { registry, ran };
}

// A confirm that answers from a list (false once it runs out) and records its questions.
function answering(answers: boolean[]): { confirm: Confirm; asked: unknown[] } {
  const asked: unknown[] = [];
  return { asked, confirm: async (name, input) => (asked.push({ name, input }), answers[asked.length - 1] ?? false) };
}

type Call = [name: string, input: unknown];

async function runAll(policy: Policy, calls: Call[], answers: boolean[] = []) {
  const { registry, ran } = recordingRegistry();
  const user = answering(answers);
  const execute = withPolicy(registry, policy, user.confirm);
  const results: unknown[] = [];
  for (const [name, input] of calls) results.push(await execute(name, input));
  return { results, ran, asked: user.asked };
}

describe('withPolicy: the order of the checks', () => {
  it('reports an unknown tool before any policy rule', async () => {
    const run = await runAll({ allow: [], deny: ['nope'] }, [['nope', { n: 1 }]]);
    expect(run.results).toStrictEqual([err('unknown tool: nope')]);
  });

  it('validates before the allow-list and the deny-list', async () => {
    const run = await runAll({ allow: ['ping'], deny: ['ping'] }, [['ping', {}], ['ping', { n: 1, x: 2 }], ['ping', { n: 1 }]]);
    expect(run.results).toStrictEqual([
      err("ValidationError: 'n' is a required property (path: n)"),
      err("ValidationError: 'x' is not an allowed property (path: x)"),
      err("PermissionError: tool 'ping' is blocked"),
    ]);
    expect(run.ran).toStrictEqual([]);
  });

  it('treats a missing input as {} for validation', async () => {
    const run = await runAll({}, [['ping', undefined]]);
    expect(run.results).toStrictEqual([err("ValidationError: 'n' is a required property (path: n)")]);
  });

  it('refuses without asking when a rule refuses a high-risk call', async () => {
    const run = await runAll({ allow: ['ping', 'fail'], deny: ['fail'], quota: { ping: 0 }, high_risk: ['ping', 'fail', 'boom'] }, [['ping', { n: 1 }], ['fail', { n: 1 }], ['boom', { n: 1 }], ['ping', { n: 'x' }]], [true]);
    expect(run.results).toStrictEqual([
      err("PermissionError: quota exhausted for 'ping' (0 of 0 calls used)"),
      err("PermissionError: tool 'fail' is blocked"),
      err("PermissionError: tool 'boom' is not permitted"),
      err('ValidationError: expected integer, got string (path: n)'),
    ]);
    expect(run.asked).toStrictEqual([]);
    expect(run.ran).toStrictEqual([]);
  });
});

describe('withPolicy: quota', () => {
  it('counts calls that ran, whatever they returned, and nothing else', async () => {
    const run = await runAll({ quota: { ping: 2, fail: 1, boom: 1 } }, [
      ['ping', {}],
      ['ping', { n: 1 }],
      ['ping', { n: 2 }],
      ['ping', { n: 3 }],
      ['fail', { n: 1 }],
      ['fail', { n: 2 }],
      ['boom', { n: 1 }],
      ['boom', { n: 2 }],
    ]);
    expect(run.results).toStrictEqual([
      err("ValidationError: 'n' is a required property (path: n)"),
      ok('pong 1'),
      ok('pong 2'),
      err("PermissionError: quota exhausted for 'ping' (2 of 2 calls used)"),
      err('Error: nope'),
      err("PermissionError: quota exhausted for 'fail' (1 of 1 calls used)"),
      err('Error: exploded'),
      err("PermissionError: quota exhausted for 'boom' (1 of 1 calls used)"),
    ]);
    expect(run.ran).toStrictEqual(['ping:1', 'ping:2', 'fail:1', 'boom:1']);
  });

  it('does not count a call the user denied', async () => {
    const run = await runAll({ quota: { ping: 1 }, high_risk: ['ping'] }, [['ping', { n: 1 }], ['ping', { n: 2 }], ['ping', { n: 3 }]], [false, true, true]);
    expect(run.results).toStrictEqual([err("PermissionError: user denied 'ping'"), ok('pong 2'), err("PermissionError: quota exhausted for 'ping' (1 of 1 calls used)")]);
    expect(run.asked).toStrictEqual([{ name: 'ping', input: { n: 1 } }, { name: 'ping', input: { n: 2 } }]);
  });

  it('keeps the counts per withPolicy instance', async () => {
    const { registry } = recordingRegistry();
    const policy = { quota: { ping: 1 } };
    const first = withPolicy(registry, policy, async () => true);
    expect(await first('ping', { n: 1 })).toStrictEqual(ok('pong 1'));
    expect(await first('ping', { n: 2 })).toStrictEqual(err("PermissionError: quota exhausted for 'ping' (1 of 1 calls used)"));
    const second = withPolicy(registry, policy, async () => true);
    expect(await second('ping', { n: 3 })).toStrictEqual(ok('pong 3'));
  });
});

describe('withPolicy: confirmation', () => {
  it('asks once per high-risk call with the name and the input, and only then', async () => {
    const run = await runAll({ high_risk: ['ping'] }, [['fail', { n: 0 }], ['ping', { n: 1 }], ['ping', { n: 2 }], ['ping', { n: 3 }]], [true, false]);
    expect(run.results).toStrictEqual([err('Error: nope'), ok('pong 1'), err("PermissionError: user denied 'ping'"), err("PermissionError: user denied 'ping'")]);
    expect(run.asked).toStrictEqual([{ name: 'ping', input: { n: 1 } }, { name: 'ping', input: { n: 2 } }, { name: 'ping', input: { n: 3 } }]);
    expect(run.ran).toStrictEqual(['fail:0', 'ping:1']);
  });

  it.each<{ name: string; confirm: Confirm }>([
    { name: 'rejects', confirm: async () => Promise.reject(new Error('no terminal')) },
    { name: 'throws', confirm: () => { throw new Error('no terminal'); } },
    { name: 'answers something other than true', confirm: async () => 'yes' as unknown as boolean },
  ])('treats a confirm that $name as a no', async ({ confirm }) => {
    const { registry, ran } = recordingRegistry();
    const execute = withPolicy(registry, { high_risk: ['ping'] }, confirm);
    expect(await execute('ping', { n: 1 })).toStrictEqual(err("PermissionError: user denied 'ping'"));
    expect(ran).toStrictEqual([]);
  });
});

describe('withPolicy over the course registry', () => {
  it('leaves no trace of a refused write or command', () =>
    withTempSandbox({ 'a.txt': 'A' }, async (root) => {
      const execute = withPolicy(makeRegistry(new Tools(root)), { allow: ['view', 'bash'], deny: ['bash'], high_risk: ['view'] }, async () => false);
      expect(await execute('create', { path: 'b.txt', file_text: 'B' })).toStrictEqual(err("PermissionError: tool 'create' is not permitted"));
      expect(await execute('bash', { command: 'echo x > c.txt' })).toStrictEqual(err("PermissionError: tool 'bash' is blocked"));
      expect(await execute('view', { path: 'a.txt' })).toStrictEqual(err("PermissionError: user denied 'view'"));
      expect(await readTextOrNull(`${root}/b.txt`)).toBeNull();
      expect(await readTextOrNull(`${root}/c.txt`)).toBeNull();
    }));

  it('passes the tool result through unchanged', () =>
    withTempSandbox({}, async (root) => {
      const execute = withPolicy(makeRegistry(new Tools(root)), {}, async () => false);
      expect(JSON.stringify(await execute('bash', { command: 'echo hi' }))).toBe('{"content":"hi\\n","is_error":false,"exit_code":0}');
    }));
});

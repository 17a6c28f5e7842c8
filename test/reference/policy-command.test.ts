import { describe, expect, it } from 'vitest';
import * as solution from '../../reference/index.ts';
import { runPolicy } from '../../harness/policy/run-policy.ts';
import { parsePolicyRequest } from '../../harness/policy/policy-request.ts';
import { scriptedUser } from '../../harness/policy/scripted-user.ts';

const stdin = (value: unknown) => JSON.stringify(value);

describe('runPolicy', () => {
  it('prints the results and the questions asked, on one line', async () => {
    const output = await runPolicy(
      stdin({
        sandbox: { 'a.txt': 'A' },
        policy: { deny: ['create'], high_risk: ['bash'] },
        confirmations: [true],
        calls: [
          { tool: 'create', input: { path: 'b.txt', file_text: 'B' } },
          { tool: 'bash', input: { command: 'ls' } },
        ],
      }),
      solution,
    );
    expect(output).toStrictEqual({
      stdout: '{"results":[{"content":"PermissionError: tool \'create\' is blocked","is_error":true},{"content":"a.txt\\n","is_error":false,"exit_code":0}],"asked":[{"tool":"bash","input":{"command":"ls"}}]}\n',
      stderr: '',
      exitCode: 0,
    });
  });

  it('treats an absent policy as {} and absent confirmations as none', async () => {
    const output = await runPolicy(stdin({ calls: [{ tool: 'echo', input: { text: 'hi' } }] }), solution);
    expect(output.stdout).toBe('{"results":[{"content":"hi"}],"asked":[]}\n');
  });

  it.each([
    { name: 'not JSON', text: '{nope', message: 'policy: stdin is not valid JSON\n' },
    { name: 'no calls', text: '{"policy": {}}', message: 'policy: "calls" must be an array\n' },
    { name: 'a bad sandbox', text: '{"sandbox": [], "calls": []}', message: 'policy: "sandbox" must be an object of path → text\n' },
    { name: 'a policy that is not an object', text: '{"policy": [], "calls": []}', message: 'policy: "policy" must be an object\n' },
    { name: 'a misspelt policy field', text: '{"policy": {"allowed": []}, "calls": []}', message: 'policy: "policy.allowed" is not a policy field (use allow, deny, high_risk, quota)\n' },
    { name: 'a list of numbers', text: '{"policy": {"deny": [1]}, "calls": []}', message: 'policy: "policy.deny" must be an array of tool names\n' },
    { name: 'a list that is a string', text: '{"policy": {"high_risk": "bash"}, "calls": []}', message: 'policy: "policy.high_risk" must be an array of tool names\n' },
    { name: 'a negative quota', text: '{"policy": {"quota": {"bash": -1}}, "calls": []}', message: 'policy: "policy.quota" must map tool names to whole numbers of calls (0 or more)\n' },
    { name: 'a fractional quota', text: '{"policy": {"quota": {"bash": 1.5}}, "calls": []}', message: 'policy: "policy.quota" must map tool names to whole numbers of calls (0 or more)\n' },
    { name: 'confirmations that are not booleans', text: '{"confirmations": ["yes"], "calls": []}', message: 'policy: "confirmations" must be an array of true/false answers\n' },
  ])('exits 1 on stdin with $name', async ({ text, message }) => {
    expect(await runPolicy(text, solution)).toStrictEqual({ stdout: '', stderr: message, exitCode: 1 });
  });

  it('reports a starter stub as one "not implemented" line', async () => {
    const stub = Object.assign(new Error('not implemented: withPolicy in src/policy.ts'), { name: 'NotImplementedError' });
    const starter = {
      ...solution,
      withPolicy: () => {
        throw stub;
      },
    };
    expect(await runPolicy(stdin({ calls: [] }), starter)).toStrictEqual({ stdout: '', stderr: 'not implemented: withPolicy in src/policy.ts\n', exitCode: 1 });
  });

  it('reports a missing withPolicy export as not implemented', async () => {
    const { withPolicy, ...older } = solution;
    void withPolicy;
    expect(await runPolicy(stdin({ calls: [] }), older)).toStrictEqual({ stdout: '', stderr: 'not implemented: withPolicy (export it from src/index.ts)\n', exitCode: 1 });
  });

  it('reports an execute function that rejects, with where', async () => {
    const broken = { ...solution, withPolicy: () => async () => Promise.reject(new Error('denied by throwing')) };
    const output = await runPolicy(stdin({ calls: [{ tool: 'bash', input: { command: 'ls' } }] }), broken);
    expect(output.exitCode).toBe(1);
    expect(output.stdout).toBe('');
    expect(output.stderr).toMatch(/^policy: execute threw on calls\[0\] \(bash\): denied by throwing\n/);
  });
});

describe('parsePolicyRequest', () => {
  it('fills in the defaults', () => {
    expect(parsePolicyRequest('{"calls": []}')).toStrictEqual({ sandbox: {}, policy: {}, confirmations: [], calls: [] });
  });

  it('accepts a full policy', () => {
    const policy = { allow: ['view'], deny: [], quota: { view: 0 }, high_risk: ['view'] };
    expect(parsePolicyRequest(stdin({ policy, confirmations: [true], calls: [{ tool: 'view' }] }))).toStrictEqual({ sandbox: {}, policy, confirmations: [true], calls: [{ tool: 'view', input: undefined }] });
  });
});

describe('scriptedUser', () => {
  it('answers in order, then no, and records every question', async () => {
    const user = scriptedUser([true, false]);
    const answers = [await user.confirm('a', { n: 1 }), await user.confirm('b', {}), await user.confirm('a', { n: 2 })];
    expect(answers).toStrictEqual([true, false, false]);
    expect(user.asked).toStrictEqual([{ tool: 'a', input: { n: 1 } }, { tool: 'b', input: {} }, { tool: 'a', input: { n: 2 } }]);
  });
});

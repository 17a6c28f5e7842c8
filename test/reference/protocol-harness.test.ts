import { describe, expect, it } from 'vitest';
import * as solution from '../../reference/index.ts';
import { runProtocol } from '../../harness/protocol/run-protocol.ts';
import type { Solution } from '../../harness/solution.ts';

// A solution whose handleProtocolRequest is `handle`; the other parts are the reference's.
const withHandler = (handle: (text: string) => Promise<unknown>) =>
  ({ Tools: solution.Tools, makeExecute: solution.makeExecute, handleProtocolRequest: handle }) as Solution<unknown>;

describe('runProtocol', () => {
  it('passes the stdin text through untouched and prints the reply as returned', async () => {
    const seen: string[] = [];
    const echo = withHandler(async (text) => {
      seen.push(text);
      return { stdout: 'not even JSON', exitCode: 3 };
    });
    const text = ' {"op": "dispatch",\n "x": [1,2]}\r\n';
    expect(await runProtocol(text, echo)).toStrictEqual({ stdout: 'not even JSON', stderr: '', exitCode: 3 });
    expect(seen).toEqual([text]);
  });

  it('does not judge the request itself: malformed text still reaches the solution', async () => {
    const reply = { stdout: '{"fine":true}\n', exitCode: 0 };
    expect(await runProtocol('{nope', withHandler(async () => reply))).toStrictEqual({ ...reply, stderr: '' });
  });

  it('runs the reference', async () => {
    expect(await runProtocol('[]', solution)).toStrictEqual({ stdout: '{"error":"malformed_json","status":"protocol_error"}\n', stderr: '', exitCode: 1 });
  });

  it('reports a starter stub as one "not implemented" line', async () => {
    const stub = new Error('not implemented: handleProtocolRequest in src/protocol.ts');
    stub.name = 'NotImplementedError';
    expect(await runProtocol('{}', withHandler(async () => Promise.reject(stub)))).toStrictEqual({
      stdout: '',
      stderr: 'not implemented: handleProtocolRequest in src/protocol.ts\n',
      exitCode: 1,
    });
  });

  it('reports a missing export as not implemented', async () => {
    const old = { Tools: solution.Tools, makeExecute: solution.makeExecute };
    expect(await runProtocol('{}', old)).toStrictEqual({
      stdout: '',
      stderr: 'not implemented: handleProtocolRequest (export it from src/index.ts)\n',
      exitCode: 1,
    });
  });

  it('reports a handler that throws, with where and the stack', async () => {
    const output = await runProtocol('{}', withHandler(async () => { throw new TypeError('boom'); }));
    expect(output.stdout).toBe('');
    expect(output.exitCode).toBe(1);
    expect(output.stderr).toMatch(/^protocol: handleProtocolRequest threw: boom\nTypeError: boom\n\s+at /);
  });

  it.each([
    { name: 'undefined', reply: undefined, got: 'undefined' },
    { name: 'a string', reply: '{"status":"ok"}', got: 'string' },
    { name: 'an array', reply: [], got: 'an array' },
    { name: 'stdout an object', reply: { stdout: { status: 'ok' }, exitCode: 0 }, got: '{stdout: object, exitCode: 0}' },
    { name: 'no exit code', reply: { stdout: '{}\n' }, got: '{stdout: string, exitCode: undefined}' },
    { name: 'a negative exit code', reply: { stdout: '{}\n', exitCode: -1 }, got: '{stdout: string, exitCode: -1}' },
    { name: 'a fractional exit code', reply: { stdout: '{}\n', exitCode: 0.5 }, got: '{stdout: string, exitCode: 0.5}' },
  ])('refuses a reply that is $name', async ({ reply, got }) => {
    expect(await runProtocol('{}', withHandler(async () => reply))).toStrictEqual({
      stdout: '',
      stderr: `protocol: handleProtocolRequest must resolve to {stdout: string, exitCode: integer 0–255}, got ${got}\n`,
      exitCode: 1,
    });
  });
});

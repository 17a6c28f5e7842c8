import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COLOUR_SWITCHES, envWithout } from '../child-env.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The seed's request, as the seed prints it.
const SEED_REQUEST = `{
  "op": "dispatch",
  "workspace": {
    "app.ts": "console.log('hi');\\n"
  },
  "call": {
    "tool": "read_file",
    "args": { "path": "app.ts" }
  }
}
`;

// Runs `npx tsx program.ts protocol` with `input` on stdin.
function runProtocolProgram(input: string) {
  const result = spawnSync('npx', ['tsx', 'program.ts', 'protocol'], { cwd: REPO, input, encoding: 'utf8', env: envWithout(COLOUR_SWITCHES) });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

describe('program.ts protocol', () => {
  it('answers the seed request with the seed response, exit 0', () => {
    const run = runProtocolProgram(SEED_REQUEST);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toStrictEqual({
      observation: "1: console.log('hi');\n",
      status: 'ok',
      tool: 'read_file',
      workspace: { 'app.ts': "console.log('hi');\n" },
    });
  });

  it('refuses drop_database with exit 1', () => {
    const run = runProtocolProgram(SEED_REQUEST.replace('read_file', 'drop_database'));
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toStrictEqual({ error: 'unsupported_tool', status: 'protocol_error' });
  });

  it('refuses malformed JSON with exit 1', () => {
    const run = runProtocolProgram(SEED_REQUEST.slice(0, 40));
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toStrictEqual({ error: 'malformed_json', status: 'protocol_error' });
  });
});

// The per-case part of `npm run bench`: what one case's process costs, by kind, in paired whole-process timings. One
// at a time, so that no two processes compete: in each round a bare `node -e 0`, then a `dispatch` case, then an `mcp`
// case (the student's bundle with the case's stdin; an mcp case also starts the course's MCP server from it). The
// cases are taken in turn from the course (echo and mcp-discovery), and each figure is the median of its round times.
// Also the test suite: `npm run test:fast` (and, with BENCH_SUITE=full, the whole `npm test`), timed as one process.
import { spawn } from 'node:child_process';

// Run one process to its end with `input` on stdin; resolves with its wall time, exit code and (when asked) its stdout.
function timed(command, args, { input = '', cwd, env, keepOutput = false }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    if (keepOutput) child.stdout.on('data', (chunk) => (output += chunk));
    else child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    child.on('close', (code) => resolve({ ms: performance.now() - started, code, output }));
  });
}

// The middle value (upper middle for an even count).
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// `rounds` rounds of (node -e 0, a dispatch case, an mcp case) in the student dir; the medians, in ms.
export async function caseCosts({ dir, bundle, cases, rounds, env }) {
  const dispatch = cases.filter((c) => c.command === 'dispatch');
  const mcp = cases.filter((c) => c.command === 'mcp');
  const times = { bare: [], dispatch: [], mcp: [] };
  for (let round = 0; round < rounds; round++) {
    times.bare.push((await timed(process.execPath, ['-e', '0'], { cwd: dir, env })).ms);
    const d = dispatch[round % dispatch.length];
    times.dispatch.push((await timed(process.execPath, [bundle, d.command], { input: d.stdin, cwd: dir, env })).ms);
    if (mcp.length === 0) continue;
    const m = mcp[round % mcp.length];
    times.mcp.push((await timed(process.execPath, [bundle, m.command], { input: m.stdin, cwd: dir, env })).ms);
  }
  return { bare: median(times.bare), dispatch: median(times.dispatch), mcp: times.mcp.length > 0 ? median(times.mcp) : undefined, rounds };
}

// The wall time of `npm run <script>` in the repo, whether it passed, and how many tests it ran (vitest's "Tests" line).
export async function suiteTime({ root, script, env }) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const { ms, code, output } = await timed(npm, ['run', '--silent', script], { cwd: root, env, keepOutput: true });
  const tests = /^\s*Tests\s+(.+)$/m.exec(output.replace(/\u001b\[[0-9;]*m/g, ''))?.[1]?.trim();
  return { ms, passed: code === 0, ...(tests ? { tests } : {}) };
}

// The breakdown part of `npm run bench`: where a whole-course run's time goes, by stage and by kind of case. Every
// case's bare process (the bundle the grader builds, with the case's stdin, in a case's environment) runs alone, one
// after another, so that nothing competes with it: its wall time, and its CPU time (user + system, children included:
// the bash tool's processes and the course's MCP servers are waited for by the case's process, and it by this one, so
// their time reaches this process's cutime/cstime in /proc/self/stat). Wall minus CPU is time spent waiting — on the
// timers and timeouts the course provokes on purpose, or on a child. Each kind's process is set against `node -e 0`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;
/** A case that waits at least this long beyond its CPU time waits on purpose (a timeout, a latch, a sleep). */
const WAITING_MS = 300;

// CPU ms of every child this process has waited for so far (Linux; undefined elsewhere).
function childrenCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

// One process to its end with `input` on stdin: its wall and CPU ms.
function measured(command, args, { input = '', cwd, env }) {
  return new Promise((resolve, reject) => {
    const cpuBefore = childrenCpuMs();
    const started = performance.now();
    const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'ignore', 'ignore'] });
    child.on('error', reject);
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    child.on('close', () => {
      const cpuAfter = childrenCpuMs();
      resolve({ wall: performance.now() - started, cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore });
    });
  });
}

// Whether a case's calls use the bash tool (its children are part of its cost).
function usesBash(stdin) {
  try {
    const input = JSON.parse(stdin);
    return JSON.stringify(input.calls ?? input.turns ?? input.script ?? input).includes('"bash"');
  } catch {
    return false;
  }
}

// The kind a measured case is counted under: the first that fits.
function kindOf(c) {
  if (c.cpu !== undefined && c.wall - c.cpu >= WAITING_MS) return `waits on purpose (wall − CPU ≥ ${WAITING_MS} ms)`;
  if (c.command === 'mcp') return 'mcp (a course MCP server per case)';
  if (c.command === 'loop' || c.command === 'turn') return 'loop and turn (model turns, parallel calls)';
  if (usesBash(c.stdin)) return 'bash children (the bash tool spawns)';
  return 'one process, no child (dispatch, protocol, registry, policy)';
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => (value === undefined ? 'n/a' : `${Math.round(value)} ms`);
const seconds = (value) => `${(value / 1000).toFixed(1)} s`;

// Rows for one group of measured cases.
function row(label, group, bare) {
  const wall = group.reduce((sum, g) => sum + g.wall, 0);
  const cpus = group.map((g) => g.cpu).filter((c) => c !== undefined);
  const cpu = cpus.length === group.length ? cpus.reduce((sum, c) => sum + c, 0) : undefined;
  const perCase = wall / group.length;
  return [label, String(group.length), seconds(wall), ms(perCase), cpu === undefined ? 'n/a' : ms(cpu / group.length), cpu === undefined ? 'n/a' : seconds(wall - cpu), `${(median(group.map((g) => g.wall)) / bare).toFixed(2)}×`];
}

/** The table's header. */
export const BREAKDOWN_HEADER = ['stage or kind', 'cases', 'wall, alone', 'wall per case', 'CPU per case', 'waiting', 'median case vs node -e 0'];

// Every case run alone, then grouped by stage and by kind; `bare` (node -e 0) is the median of `rounds`.
export async function breakdown({ dir, bundle, cases, env, rounds = 15 }) {
  const bareTimes = [];
  for (let i = 0; i < rounds; i++) bareTimes.push((await measured(process.execPath, ['-e', '0'], { cwd: dir, env })).wall);
  const bare = median(bareTimes);
  const runs = [];
  for (const c of cases) runs.push({ ...c, ...(await measured(process.execPath, [bundle, c.command], { input: c.stdin, cwd: dir, env })) });
  const stages = [...new Set(runs.map((r) => r.stage))].map((stage) => row(stage, runs.filter((r) => r.stage === stage), bare));
  const kinds = new Map();
  for (const r of runs) {
    const kind = kindOf(r);
    kinds.set(kind, [...(kinds.get(kind) ?? []), r]);
  }
  const byKind = [...kinds].sort(([, a], [, b]) => b.reduce((s, g) => s + g.wall, 0) - a.reduce((s, g) => s + g.wall, 0)).map(([kind, group]) => row(kind, group, bare));
  return { bare, stages, kinds: byKind, total: row('the whole course', runs, bare), cpuKnown: runs.every((r) => r.cpu !== undefined) };
}

// The section of bench/RESULTS.md for the breakdown.
export function breakdownSection({ result, table, about, when }) {
  const rows = [BREAKDOWN_HEADER, ...result.stages, result.total];
  const kinds = [BREAKDOWN_HEADER, ...result.kinds];
  return `## Where the time goes\n\nWritten by scripts/bench.mjs (its breakdown part) on ${when}. Every case's bare process (the grader's bundle with the case's stdin) run alone, one after another; CPU is user + system time, its children included; waiting is wall minus CPU. \`node -e 0\` alone: ${ms(result.bare)} (median).\n\nBy stage:\n\n${table(rows)}\n\nBy kind (each case counted once, under the first kind that fits, in the order: waits on purpose, mcp, loop and turn, bash, the rest):\n\n${table(kinds)}\n\nMachine: ${about.join(' · ')}.\n`;
}

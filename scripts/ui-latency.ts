// Save → verdict, the ui page against the terminal watch: the same stage graded in two student dirs, one watched by
// `test --watch` (plain output), one by `ui` with a headless Chromium tab (test/browser.ts finds it); each round breaks
// or fixes echo in one dir, then the other (the order alternating), and times from the write to the verdict on screen
// (the terminal's status line; the page's #status). Both processes run with DISPATCH_LAB_TRACE=1, so each round also
// shows where its time went (file event, debounced batch, run start, graded, verdict line, sent to the tab), and the
// page's side (event received, DOM updated, next frame); the CPU each process tree spent in the round comes from /proc.
// Usage: npm run build && npx tsx scripts/ui-latency.ts [rounds, at least 12]
//   LATENCY_NO_PAGE=1: no browser tab (the ui's own log only), to tell the server's cost from the page's.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHASES, phaseOffsets, traceMarks, type Phase } from '../grader/watch/core/phase-trace.ts';
import { launchTestBrowser } from '../test/browser.ts';

const root = join(import.meta.dirname, '..');
const rounds = Math.max(12, Number(process.argv[2] ?? 12));
const withPage = process.env.LATENCY_NO_PAGE !== '1';
const FILE = 'reference/tools/echo.ts';
const RIGHT = 'success(value)';
const BROKEN = "success(value.replace('l', '1'))";
const VERDICT = 'watching for changes… \\(Ctrl-C to stop\\)';
const now = () => performance.timeOrigin + performance.now();

async function studentDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-latency-'));
  for (const part of ['program.ts', 'harness', 'reference']) await cp(join(root, part), join(dir, part), { recursive: true });
  await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  await writeFile(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  return dir;
}

type Watcher = { child: ChildProcess; waitFor: (pattern: string, count: number) => Promise<number>; output: () => string };

function start(args: string[]): Watcher {
  const child = spawn(process.execPath, [join(root, 'bin/dispatch-lab.js'), ...args], { env: { ...process.env, NO_COLOR: '1', DISPLAY: '', DISPATCH_LAB_TRACE: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const waiters: ((text: string) => boolean)[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of [...waiters]) if (w(output)) waiters.splice(waiters.indexOf(w), 1);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  // Resolves (with the epoch time) when `pattern` has matched `count` times in the output.
  const waitFor = (pattern: string, count: number) =>
    new Promise<number>((resolve) => {
      const test = (text: string) => ((text.match(new RegExp(pattern, 'g')) ?? []).length >= count ? (resolve(now()), true) : false);
      if (!test(output)) waiters.push(test);
    });
  return { child, waitFor, output: () => output };
}

async function flip(dir: string, broken: boolean): Promise<void> {
  const path = join(dir, FILE);
  const text = await readFile(path, 'utf8');
  await writeFile(path, broken ? text.replace(RIGHT, BROKEN) : text.replace(BROKEN, RIGHT));
}

// CPU seconds (user + system, with reaped children) a process and its living descendants have spent.
function treeCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const ticksMs = 10; // USER_HZ is 100 on Linux
  const stats = new Map<number, { ppid: number; cpu: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
      stats.set(Number(name), { ppid: Number(fields[1]), cpu: [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) * ticksMs });
    } catch {
      // gone meanwhile
    }
  }
  const inTree = new Set([pid]);
  let total = 0;
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, s] of stats) if (!inTree.has(p) && inTree.has(s.ppid)) (inTree.add(p), (grew = true));
  }
  for (const p of inTree) total += stats.get(p)?.cpu ?? 0;
  return total;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const termDir = await studentDir();
const pageDir = await studentDir();
const terminal = start(['test', '--watch', '--stage', 'echo', '--dir', termDir]);
const ui = start(['ui', '--no-open', '--stage', 'echo', '--dir', pageDir]);
await terminal.waitFor(VERDICT, 1);
await ui.waitFor('the course page is at http', 1);
const url = /the course page is at (\S+)/.exec(ui.output())?.[1] ?? '';
const launched = withPage ? await launchTestBrowser() : undefined;
const page = await launched?.browser.newPage({ viewport: { width: 1280, height: 900 } });
// The page side: when a finished run's snapshot arrives (a listener added before the page's own), when the DOM shows it,
// and the frame after that.
// (Strings, not functions: tsx names functions with a helper the page does not have.)
await page?.addInitScript(`
  window.verdictsAt = [];
  const Original = window.EventSource;
  window.EventSource = class extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (event.data.includes('"isRunning":false')) window.verdictsAt.push(performance.timeOrigin + performance.now());
      });
    }
  };`);
if (process.env.LATENCY_REDUCED_MOTION === '1') await page?.emulateMedia({ reducedMotion: 'reduce' });
await page?.goto(url);
await page?.waitForFunction(`document.getElementById('status')?.textContent?.includes('✓ echo passes')`, undefined, { timeout: 120_000 });
if (!page) await ui.waitFor(VERDICT, 1);
// The browser's processes: the children of this script that are neither watcher.
const chromiumPids = () => readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number).filter((p) => {
  try {
    return Number(readFileSync(`/proc/${p}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[1]) === process.pid && p !== terminal.child.pid && p !== ui.child.pid;
  } catch {
    return false;
  }
});
const browserRoots = withPage ? chromiumPids() : [];
const cpuOf = { terminal: () => treeCpuMs(terminal.child.pid), ui: () => treeCpuMs(ui.child.pid), browser: () => browserRoots.reduce((s, p) => s + treeCpuMs(p), 0) };

type Round = { from: number; written: number; ms: number; phases: Partial<Record<Phase | 'logged' | 'received' | 'dom' | 'frame', number>>; cpu: Record<keyof typeof cpuOf, number> };
const results: { terminal: Round[]; ui: Round[] } = { terminal: [], ui: [] };
const cpuNow = () => ({ terminal: cpuOf.terminal(), ui: cpuOf.ui(), browser: cpuOf.browser() });
const cpuSince = (before: Round['cpu']) => {
  const after = cpuNow();
  return { terminal: after.terminal - before.terminal, ui: after.ui - before.ui, browser: after.browser - before.browser };
};

// One save in the terminal's dir, timed to its next verdict line.
async function terminalRound(round: number, broken: boolean): Promise<void> {
  const cpu = cpuNow();
  const from = terminal.output().length;
  const written = now();
  await flip(termDir, broken);
  const shown = await terminal.waitFor(VERDICT, round + 1);
  results.terminal.push({ from, written, ms: shown - written, phases: { logged: shown - written }, cpu: cpuSince(cpu) });
}

// One save in the page's dir, timed to the ui's log line and to the page's #status naming the verdict (a mutation
// observer armed before the write).
async function pageRound(round: number, broken: boolean): Promise<void> {
  const want = broken ? '✗ echo' : '✓ echo passes';
  await page?.evaluate(`
    window.seen = new Promise((resolve) => {
      new MutationObserver((_, observer) => {
        if (document.body.dataset.state !== 'idle' || !document.getElementById('status')?.textContent?.includes(${JSON.stringify(want)})) return;
        observer.disconnect();
        const dom = performance.timeOrigin + performance.now();
        requestAnimationFrame(() => resolve([dom, performance.timeOrigin + performance.now()]));
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    undefined`);
  const cpu = cpuNow();
  const from = ui.output().length;
  const logged = ui.waitFor(VERDICT, round + 1);
  const written = now();
  await flip(pageDir, broken);
  const log = await logged;
  const phases: Round['phases'] = {};
  let shown = log;
  if (page) {
    const [dom, frame] = (await page.evaluate('window.seen')) as [number, number];
    const received = (await page.evaluate('window.verdictsAt.at(-1) ?? NaN')) as number;
    Object.assign(phases, { received: received - written, dom: dom - written, frame: frame - written });
    shown = dom;
  }
  results.ui.push({ from, written, ms: shown - written, phases: { ...phases, logged: log - written }, cpu: cpuSince(cpu) });
}

const loadBefore = loadavg();
// Paired rounds, the order alternating so that a load that rises or falls favours neither.
for (let round = 1; round <= rounds; round++) {
  const broken = round % 2 === 1;
  for (const half of round % 4 < 2 ? [terminalRound, pageRound] : [pageRound, terminalRound]) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await half(round, broken);
  }
}
const loadAfter = loadavg();
// The trace lines on stderr may come after the verdict on stdout: read once every round is over.
await new Promise((resolve) => setTimeout(resolve, 300));
for (const [watcher, list] of [[terminal, results.terminal], [ui, results.ui]] as const)
  for (const r of list) r.phases = { ...phaseOffsets(traceMarks(watcher.output().slice(r.from)), r.written), ...r.phases };

const fmt = (xs: number[]) => xs.map((x) => Math.round(x)).join(' ');
const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
const pagePhases = ['received', 'dom', 'frame'] as const;
// 'logged': the verdict line reached this script.
const line = (label: string, list: Round[], phases: readonly string[]) =>
  `  ${label.padEnd(9)} ${phases.map((p) => `${p} ${Math.round(median(list.map((r) => (r.phases as Record<string, number>)[p] ?? NaN).filter((x) => !Number.isNaN(x))))}`).join(' · ')}`;
const paired = results.ui.map((u, i) => u.ms - (results.terminal[i]?.ms ?? NaN));
console.log(`${rounds} paired rounds, ${withPage ? 'the page in headless Chromium' : 'no page (LATENCY_NO_PAGE=1): the ui log line'}; load average before ${load(loadBefore)}, after ${load(loadAfter)}`);
console.log(`terminal ms: ${fmt(results.terminal.map((r) => r.ms))}  median ${Math.round(median(results.terminal.map((r) => r.ms)))}`);
console.log(`${withPage ? 'page' : 'ui log'} ms:${withPage ? '    ' : '  '} ${fmt(results.ui.map((r) => r.ms))}  median ${Math.round(median(results.ui.map((r) => r.ms)))}`);
console.log(`${withPage ? 'page' : 'ui log'} − terminal: median of the paired differences ${Math.round(median(paired))} ms (difference of the medians ${Math.round(median(results.ui.map((r) => r.ms)) - median(results.terminal.map((r) => r.ms)))} ms)`);
console.log('median ms after the write, per phase:');
console.log(line('terminal', results.terminal, [...PHASES.filter((p) => p !== 'published'), 'logged']));

console.log(line('ui', results.ui, withPage ? [...PHASES, 'logged', ...pagePhases] : [...PHASES, 'logged']));
console.log('median CPU ms spent during a round (terminal tree · ui tree · browser):');
for (const [label, list] of [['terminal', results.terminal], ['ui', results.ui]] as const)
  console.log(`  ${label.padEnd(9)} ${Math.round(median(list.map((r) => r.cpu.terminal)))} · ${Math.round(median(list.map((r) => r.cpu.ui)))} · ${Math.round(median(list.map((r) => r.cpu.browser)))}`);

await launched?.browser.close();
terminal.child.kill('SIGINT');
ui.child.kill('SIGINT');
await Promise.all([terminal, ui].map((p) => new Promise((resolve) => (p.child.exitCode !== null ? resolve(undefined) : p.child.once('exit', resolve)))));
await rm(termDir, { recursive: true, force: true });
await rm(pageDir, { recursive: true, force: true });

// Save → verdict, the ui page against the terminal watch: the same stage graded in two student dirs, one watched by
// `test --watch` (plain output), one by `ui` in headless chromium; each round breaks or fixes echo in one dir, then the
// other, and times from the write to the verdict on screen (the terminal's status line, the page's #status).
// Usage: npm run build && node scripts/ui-latency.mjs [rounds]   (DISPATCH_LAB_CHROMIUM: the chromium binary)
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.argv[2] ?? 10);
/** LATENCY_NO_PAGE=1: no browser tab (the ui's own log only): tells the server's cost from the page's. */
const withPage = process.env.LATENCY_NO_PAGE !== '1';
const FILE = 'reference/tools/echo.ts';
const RIGHT = 'success(value)';
const BROKEN = "success(value.replace('l', '1'))";

async function studentDir() {
  const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-latency-'));
  for (const part of ['program.ts', 'harness', 'reference']) await cp(join(root, part), join(dir, part), { recursive: true });
  await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  await writeFile(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  return dir;
}

function start(args) {
  const child = spawn(process.execPath, [join(root, 'bin/dispatch-lab.js'), ...args], { env: { ...process.env, NO_COLOR: '1', DISPLAY: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const waiters = [];
  const onData = (chunk) => {
    output += chunk.toString();
    for (const w of [...waiters]) if (w.test(output)) waiters.splice(waiters.indexOf(w), 1);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  // Resolves when `pattern` has matched `count` times in the output.
  const waitFor = (pattern, count) => new Promise((resolve) => {
    const test = (text) => ((text.match(new RegExp(pattern, 'g')) ?? []).length >= count ? (resolve(performance.now()), true) : false);
    if (!test(output)) waiters.push({ test });
  });
  return { child, waitFor, output: () => output };
}

async function flip(dir, broken) {
  const path = join(dir, FILE);
  const text = await readFile(path, 'utf8');
  await writeFile(path, broken ? text.replace(RIGHT, BROKEN) : text.replace(BROKEN, RIGHT));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const termDir = await studentDir();
const pageDir = await studentDir();
const terminal = start(['test', '--watch', '--stage', 'echo', '--dir', termDir]);
const ui = start(['ui', '--no-open', '--stage', 'echo', '--dir', pageDir]);
const VERDICT = 'watching for changes… \\(Ctrl-C to stop\\)';
await terminal.waitFor(VERDICT, 1);
await ui.waitFor('the course page is at http', 1);
const url = /the course page is at (\S+)/.exec(ui.output())[1];
const browser = withPage ? await chromium.launch({ executablePath: process.env.DISPATCH_LAB_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] }) : undefined;
const page = await browser?.newPage({ viewport: { width: 1280, height: 900 } });
// LATENCY_REDUCED_MOTION=1: the page as a browser that asks for reduced motion shows it (no spinning mark).
if (process.env.LATENCY_REDUCED_MOTION === '1') await page?.emulateMedia({ reducedMotion: 'reduce' });
await page?.goto(url);
await page?.waitForFunction(() => document.getElementById('status')?.textContent?.includes('✓ echo passes'), undefined, { timeout: 120_000 });
if (!page) await ui.waitFor(VERDICT, 1);

const times = { terminal: [], uiLog: [], page: [] };
// One save in the terminal's dir, timed to its next verdict line.
async function terminalRound(round, broken) {
  const t0 = performance.now();
  await flip(termDir, broken);
  times.terminal.push((await terminal.waitFor(VERDICT, round + 1)) - t0);
}

// One save in the page's dir, timed to the ui's log line and to the page's #status naming the verdict (a mutation
// observer in the page, counted from before the write: if anything, the page's figure is the longer by a round trip).
async function pageRound(round, broken) {
  const want = broken ? '✗ echo' : '✓ echo passes';
  await page?.evaluate((w) => {
    window.seen = new Promise((resolve) => {
      const done = () => document.body.dataset.state === 'idle' && document.getElementById('status')?.textContent?.includes(w);
      new MutationObserver((_, observer) => {
        if (!done()) return;
        observer.disconnect();
        resolve(performance.now());
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    window.armed = performance.now();
  }, want);
  const logged = ui.waitFor(VERDICT, round + 1);
  const written = performance.now();
  await flip(pageDir, broken);
  times.uiLog.push((await logged) - written);
  if (page) times.page.push(await page.evaluate(async () => (await window.seen) - window.armed));
}

// Paired rounds, the order alternating so that a load that rises or falls favours neither.
for (let round = 1; round <= rounds; round++) {
  const broken = round % 2 === 1;
  for (const half of round % 4 < 2 ? [terminalRound, pageRound] : [pageRound, terminalRound]) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await half(round, broken);
  }
}

const fmt = (xs) => xs.map((x) => Math.round(x)).join(' ');
console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`terminal ms: ${fmt(times.terminal)}  median ${Math.round(median(times.terminal))}`);
console.log(`ui log ms:   ${fmt(times.uiLog)}  median ${Math.round(median(times.uiLog))}  (paired difference to the terminal: median ${Math.round(median(times.uiLog.map((u, i) => u - times.terminal[i])))} ms)`);
if (page) {
  console.log(`page ms:     ${fmt(times.page)}  median ${Math.round(median(times.page))}`);
    console.log(`page − terminal (medians): ${Math.round(median(times.page) - median(times.terminal))} ms; median of the paired differences: ${Math.round(median(times.page.map((p, i) => p - times.terminal[i])))} ms`);
}
await browser?.close();
terminal.child.kill('SIGINT');
ui.child.kill('SIGINT');
await Promise.all([terminal, ui].map((p) => new Promise((resolve) => (p.child.exitCode !== null ? resolve() : p.child.once('exit', resolve)))));
await rm(termDir, { recursive: true, force: true });
await rm(pageDir, { recursive: true, force: true });

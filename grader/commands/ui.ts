import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertProgramExists, planOrThrow } from '../run/app.ts';
import type { WatchKey } from '../watch/core/watch-state.ts';
import { GraderError } from '../run/grader-error.ts';
import { loadCourse } from '../run/course-loader.ts';
import { createProgramBuilder } from '../run/io/build-program.ts';
import { packageRoot } from '../course/io/package-root.ts';
import { terminalScreen } from '../watch/io/screen.ts';
import { shouldColor } from '../text/io/terminal.ts';
import { STOP_SIGNALS } from '../run/io/stop-signals.ts';
import { createUiHub } from '../ui/io/ui-hub.ts';
import { startUiServer } from '../ui/io/ui-server.ts';
import { hasDisplay, openBrowser } from '../ui/io/open-browser.ts';
import { watchCourseFiles } from '../watch/io/watch-files.ts';
import { pageHtml } from '../ui/core/page-html.ts';
import { createWatchSession } from '../watch/watch-session.ts';
import { contentRootOf, positiveInteger } from './options.ts';
import { testOptionsOf, type TestArgs } from './test-args.ts';
import { sandboxOptionsOf } from './sandbox-options.ts';
import { ownTag } from '../sandbox/io/leftover-sweep.ts';

/** Flags of `ui` beyond those of `test`. */
export type UiArgs = TestArgs & { port?: number; open: boolean };

const SETTLE_MS = 5_000;
/** The keys the page may press (quitting is Ctrl-C in the terminal: a closed tab leaves the server running). */
const PAGE_KEYS = new Set<WatchKey>(['rerun', 'all', 'failed', 'next', 'hint']);

async function pageAssets(): Promise<Map<string, { type: string; body: string }>> {
  const dir = join(packageRoot(), 'dist', 'ui');
  try {
    return new Map([
      ['page.js', { type: 'text/javascript; charset=utf-8', body: await readFile(join(dir, 'page.js'), 'utf8') }],
      ['page.css', { type: 'text/css; charset=utf-8', body: await readFile(join(dir, 'page-style.css'), 'utf8') }],
    ]);
  } catch {
    throw new GraderError([`the page's files are missing from ${dir}: rebuild dispatch-lab (npm run build) or reinstall it`]);
  }
}

// `dispatch-lab ui`: the watch engine of `test --watch`, shown on a local page; runs until Ctrl-C (exit 128 + signal).
export async function uiCommand(args: UiArgs): Promise<number> {
  if ((args.cases ?? []).length > 0) throw new GraderError(['--cases (private case directories) cannot be used with ui: the page would show their expected values; run them with `dispatch-lab test --cases DIR`']);
  const port = args.port === 0 ? 0 : positiveInteger('port', args.port);
  if (port !== undefined && port > 65_535) throw new GraderError([`--port must be at most 65535, got ${port}`]);
  const contentRoot = contentRootOf(args);
  const course = await loadCourse(contentRoot);
  const base = testOptionsOf(args, course, []);
  planOrThrow(course, base.selection);
  await assertProgramExists(base.courseDir);
  Object.assign(base, await sandboxOptionsOf(args, contentRoot, [base.courseDir]));
  const assets = await pageAssets();
  const hub = createUiHub({ course, courseDir: base.courseDir, contentRoot });
  await hub.ready;
  // A plain log in the terminal (what `test --watch` prints on a pipe); the page is the interactive view.
  const screen = { ...terminalScreen(), isInteractive: false };
  const builder = await createProgramBuilder(base.courseDir, `ui-${ownTag()}-${randomUUID()}`, undefined, { willRebuild: true });
  const session = createWatchSession({ screen, color: shouldColor(args.color), course, focus: base.selection.stages, run: { base: { ...base, builder, currentFirst: true }, contentRoot }, view: hub.view });
  const token = randomBytes(24).toString('base64url');
  const server = await startUiServer({
    ...(port !== undefined ? { port } : {}),
    token,
    routes: {
      page: () => pageHtml(token, 'dispatch-lab'),
      asset: (name) => assets.get(name),
      stage: (slug) => hub.stageText(slug),
      key: (key) => {
        if (!PAGE_KEYS.has(key as WatchKey)) return false;
        session.dispatch({ type: 'key', key: key as WatchKey });
        return true;
      },
      subscribe: (send) => {
        send(JSON.stringify(hub.snapshot()));
        return hub.subscribe((snapshot) => send(JSON.stringify(snapshot)));
      },
    },
  });
  process.stdout.write(`dispatch-lab ui: the course page is at ${server.url}\n(keep this terminal open; Ctrl-C stops the server and every running case)\n`);
  if (args.open && hasDisplay()) {
    if (!(await openBrowser(server.url))) process.stdout.write('could not open a browser: open the address above yourself\n');
  }
  const files = await watchCourseFiles({
    courseDir: base.courseDir,
    contentRoot,
    isPolling: args.poll,
    onChanges: (changes) => session.dispatch({ type: 'change', course: changes.isCourseChange }),
    onError: (error) => process.stderr.write(`dispatch-lab: watching files: ${error.message}\n`),
  });
  let stoppedBy: keyof typeof STOP_SIGNALS | undefined;
  const signals = Object.keys(STOP_SIGNALS) as (keyof typeof STOP_SIGNALS)[];
  const onSignal = (signal: NodeJS.Signals) => {
    if (stoppedBy !== undefined) process.exit(STOP_SIGNALS[stoppedBy]);
    stoppedBy = signal as keyof typeof STOP_SIGNALS;
    session.dispatch({ type: 'key', key: 'quit' });
  };
  for (const signal of signals) process.on(signal, onSignal);
  try {
    session.start();
    await session.exited;
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
    await server.close();
    await files.close();
    await Promise.race([session.settled(), new Promise((resolve) => setTimeout(resolve, SETTLE_MS).unref())]);
    await builder.dispose();
  }
  return STOP_SIGNALS[stoppedBy ?? 'SIGINT'];
}

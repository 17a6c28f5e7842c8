import { randomUUID } from 'node:crypto';
import { assertProgramExists, planOrThrow } from '../run/app.ts';
import { GraderError } from '../run/grader-error.ts';
import { loadCourse } from '../run/course-loader.ts';
import { createProgramBuilder } from '../run/io/build-program.ts';
import { readKeys } from '../watch/io/keys.ts';
import { STOP_SIGNALS } from '../run/io/stop-signals.ts';
import { terminalScreen } from '../watch/io/screen.ts';
import { shouldColor } from '../text/io/terminal.ts';
import { watchCourseFiles } from '../watch/io/watch-files.ts';
import { createWatchSession } from '../watch/watch-session.ts';
import { contentRootOf } from './options.ts';
import { testOptionsOf, type TestArgs } from './test-args.ts';
import { sandboxOptionsOf } from './sandbox-options.ts';
import { ownTag } from '../sandbox/io/leftover-sweep.ts';

/** How long quitting waits for a cancelled run's processes to go. */
const SETTLE_MS = 5_000;

// `dispatch-lab test --watch`: rerun on every change until the student quits; bad flags still exit 2 at once.
export async function watchCommand(args: TestArgs): Promise<number> {
  // Private cases are for CI runs, whose reporters hide them; the watch screen would show their values.
  if ((args.cases ?? []).length > 0) throw new GraderError(['--cases (private case directories) cannot be used with --watch: the watch screen would show their expected values; run them with `dispatch-lab test --cases DIR` (no --watch), or drop --cases to watch the bundled cases']);
  const contentRoot = contentRootOf(args);
  const course = await loadCourse(contentRoot);
  const base = testOptionsOf(args, course, []);
  planOrThrow(course, base.selection);
  await assertProgramExists(base.courseDir);
  Object.assign(base, await sandboxOptionsOf(args, contentRoot, [base.courseDir]));
  const screen = terminalScreen();
  const builder = await createProgramBuilder(base.courseDir, `watch-${ownTag()}-${randomUUID()}`, base.isolation ? { isolation: base.isolation, ...(base.limits ? { limits: base.limits } : {}) } : undefined, { willRebuild: true });
  const session = createWatchSession({
    screen,
    color: screen.isInteractive ? shouldColor(args.color) : args.color === true,
    course,
    focus: base.selection.stages,
    run: { base: { ...base, builder, currentFirst: true }, contentRoot },
  });
  const files = await watchCourseFiles({
    courseDir: base.courseDir,
    contentRoot,
    isPolling: args.poll,
    onChanges: (changes) => session.dispatch({ type: 'change', course: changes.isCourseChange }),
    onError: (error) => process.stderr.write(`dispatch-lab: watching files: ${error.message}\n`),
  });
  // q and Ctrl-D exit 0; Ctrl-C (a SIGINT, or its byte in raw mode) exits 130 and SIGTERM 143, like `test`.
  let exitCode = 0;
  const stoppedBy = (signal: keyof typeof STOP_SIGNALS) => {
    if (exitCode === 0) exitCode = STOP_SIGNALS[signal];
  };
  const stopBy = (signal: keyof typeof STOP_SIGNALS) => () => {
    stoppedBy(signal);
    session.dispatch({ type: 'key', key: 'quit' });
  };
  const quit = stopBy('SIGINT');
  const terminate = stopBy('SIGTERM');
  process.on('SIGINT', quit);
  process.on('SIGTERM', terminate);
  const stopKeys = screen.isInteractive ? readKeys(process.stdin, (key) => session.dispatch({ type: 'key', key }), () => stoppedBy('SIGINT')) : () => {};
  const stopResize = screen.onResize(() => session.dispatch({ type: 'resize' }));
  try {
    session.start();
    await session.exited;
  } finally {
    stopKeys();
    stopResize();
    process.off('SIGINT', quit);
    process.off('SIGTERM', terminate);
    await files.close();
    await Promise.race([session.settled(), new Promise((resolve) => setTimeout(resolve, SETTLE_MS).unref())]);
    await builder.dispose();
  }
  return exitCode;
}

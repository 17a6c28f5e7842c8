import { resolve } from 'node:path';
import { loadCourse } from '../course-loader.ts';
import { recordCases, type RecordOutcome } from '../record.ts';
import { type CommonArgs, contentRootOf, selectionOf } from './options.ts';
import { testOptionsOf } from './test.ts';
import { sandboxOptionsOf } from './sandbox-options.ts';

const RECORD_TIMEOUT_MS = 30_000;

// `dispatch-lab record`: write (or with --check, compare) the reference's outputs as the cases' expectations.
export async function recordCommand(args: CommonArgs & { check: boolean }): Promise<number> {
  const contentRoot = contentRootOf(args);
  const course = await loadCourse(contentRoot);
  const courseDir = resolve(args.dir === '.' ? contentRoot : args.dir);
  const run = {
    ...testOptionsOf(args, course, []),
    ...(await sandboxOptionsOf(args, contentRoot, [courseDir])),
    courseDir,
    selection: { ...selectionOf(args), all: true },
    // The reference is slow only on purpose (timeout cases); give it room so a busy machine records nothing wrong.
    defaultTimeoutMs: RECORD_TIMEOUT_MS,
    keepFullOutput: true,
  };
  const outcomes = await recordCases({ run, contentRoot, check: args.check });
  const count = (status: RecordOutcome['status']) => outcomes.filter((o) => o.status === status).length;
  for (const o of outcomes.filter((x) => x.status !== 'unchanged')) {
    const detail = o.detail ? `\n${o.detail.replace(/^/gm, '    ')}` : '';
    process.stdout.write(`${o.status}: ${o.file} (${o.name})${detail}\n`);
  }
  process.stdout.write(`${count('unchanged')} unchanged, ${count('recorded')} recorded, ${count('stale')} stale, ${count('unrecordable')} unrecordable\n`);
  if (count('unrecordable') > 0) return 2;
  return count('stale') > 0 ? 1 : 0;
}


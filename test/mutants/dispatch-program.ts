// The program a mutant of a dispatch stage is graded as: program.ts's `dispatch` command over the reference's Tools and
// makeExecute (one module swapped for the mutant at build time), without the later layers, so
// each case's process starts fast.
import { runDispatch } from '../../harness/dispatch.ts';
import { readStdin } from '../../harness/stdin.ts';
import { writeOutput } from '../../harness/write-output.ts';
import { Tools } from '../../reference/tools.ts';
import { makeExecute } from '../../reference/execute.ts';

const output = await runDispatch(await readStdin(), { Tools, makeExecute });
await writeOutput(1, output.stdout);
await writeOutput(2, output.stderr);
process.exitCode = output.exitCode;

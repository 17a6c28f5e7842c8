// The program the grader runs: `tsx program.ts <command>` with the case on stdin.
import { main } from './harness/main.ts';
import * as solution from './reference/index.ts';

await main(process.argv.slice(2), solution);

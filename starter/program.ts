// The program the grader runs: `npx tsx program.ts <command>` with a case on stdin.
// Given to you: leave this file and harness/ as they are, and build your solution in src/.
import { main } from './harness/main.ts';
import * as solution from './src/index.ts';

await main(process.argv.slice(2), solution);
